package eval

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/internal/modulegen/naming"
)

// genMap and genBox stand for a module's generics, compiled in: the build instantiates
// them (internal/modulegen) and puts the instances in the package's symbols.
func genMap[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

type genBox[T any] struct{ V T }

func (b genBox[T]) Get() T { return b.V }

// genSymbols are the symbols a build writes for a module "example.com/gen" with the
// generics Map, Box, Stack, Labels (its constraint Labeler and a helper numbered) and Count
// (which changes a package variable): compiled instances of Map and Box, the go/types
// source of the generics and their interpreted copies (what internal/modulegen writes).
func genSymbols() map[string]reflect.Value {
	const path = "example.com/gen"
	n := func(name string) string { return naming.InterpName("gen", path, name) }
	fmtAlias := naming.ImportAlias("fmt", "fmt")
	typesrc := `package gen

//peerbook:adds-to-compiled

func Map[T, U any](xs []T, f func(T) U) []U { panic(0) }

type Box[T any] struct{ V T }

func (b Box[T]) Get() T { panic(0) }

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(x T) { panic(0) }
func (s *Stack[T]) Pop() (T, bool) { panic(0) }
func (s *Stack[T]) Len() int { panic(0) }

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) String() string { panic(0) }

type Labeler interface{ Label() string }

func Labels[T Labeler](xs []T) []string { panic(0) }

func Count[T any](xs []T) int { panic(0) }
`
	interp := map[string]string{
		n("Map"): "\nfunc " + n("Map") + `[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}
`,
		// A method calling a copied function: the type comes first in the loaded cell.
		n("Stack"): n("grow") + "\ntype " + n("Stack") + `[T any] struct{ items []T }
func (s *` + n("Stack") + `[T]) Push(x T) { s.items = ` + n("grow") + `(s.items, x) }
func (s *` + n("Stack") + `[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	x := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return x, true
}
func (s *` + n("Stack") + `[T]) Len() int { return len(s.items) }
`,
		n("Labeler"): "\ntype " + n("Labeler") + " interface{ Label() string }\n",
		n("Pair"): "@" + fmtAlias + "=fmt\ntype " + n("Pair") + `[K comparable, V any] struct {
	Key K
	Val V
}
func (p ` + n("Pair") + `[K, V]) String() string { return ` + fmtAlias + `.Sprintf("%v=%v", p.Key, p.Val) }
`,
		n("Labels"): n("Labeler") + " " + n("numbered") + "\nfunc " + n("Labels") + "[T " + n("Labeler") + `](xs []T) []string {
	var out []string
	for i, x := range xs {
		out = append(out, ` + n("numbered") + `(i, x.Label()))
	}
	return out
}
`,
		n("numbered"): n("first") + " @" + fmtAlias + "=fmt\nfunc " + n("numbered") + "(i int, s string) string { return " + fmtAlias + `.Sprintf("%d:%s", i+` + n("first") + `, s) }
`,
		n("first"): "\nconst " + n("first") + " = 1\n",
		n("grow"):  "\nfunc " + n("grow") + "[T any](xs []T, x T) []T { return append(xs, x) }\n",
		n("Count"): "!it uses the package variable gen.counted, whose state is the compiled package's",
	}
	table := map[string]string{
		naming.DeclPrefix + "Map":                   "2\nfunc Map[T, U any](xs []T, f func(T) U) []U",
		naming.DeclPrefix + "Box":                   "1\ntype Box[T any] struct{V T}",
		naming.DeclPrefix + "Stack":                 "1\ntype Stack[T any] struct{items []T}",
		naming.DeclPrefix + "Labels":                "1\nfunc Labels[T Labeler](xs []T) []string",
		naming.DeclPrefix + "Count":                 "1\nfunc Count[T any](xs []T) int",
		naming.DeclPrefix + "Pair":                  "2\ntype Pair[K comparable, V any] struct{Key K; Val V}",
		naming.ExplicitPrefix + "Count:types:uint8": "!no reason at all",
	}
	return map[string]reflect.Value{
		naming.Mangle("Map", "types:int,string"):      reflect.ValueOf(genMap[int, string]),
		naming.Mangle("Map", "types:float64,float64"): reflect.ValueOf(genMap[float64, float64]),
		naming.Mangle("Box", "types:int"):             reflect.ValueOf((*genBox[int])(nil)),
		naming.Table:                                  reflect.ValueOf(table),
		naming.Interp:                                 reflect.ValueOf(interp),
		naming.TypeSource:                             reflect.ValueOf(typesrc),
		naming.Docs:                                   reflect.ValueOf(map[string]string{"Map": "func Map[T, U any](xs []T, f func(T) U) []U\n\nMap applies f to each element of xs.", "Box.Get": "func (b Box[T]) Get() T\n\nGet returns the value."}),
		"Version":                                     reflect.ValueOf("v1"),
	}
}

// A cell's uses of a compiled package's generics go to the instances the build made when
// there is one for their type arguments, else to the generic's interpreted copy (types the
// notebook declares, type parameters of the cells' generics, uses the build did not see);
// a use that has neither is refused with the reason, and the session goes on. Outputs are
// what go run prints for the same program.
func TestModuleGenerics(t *testing.T) {
	syms := genSymbols()
	// The instance genBox[int] is a type of this package: its methods' docs are found by
	// the type's package path, as a module's are.
	selfDocs := map[string]reflect.Value{naming.Docs: reflect.ValueOf(map[string]string{"genBox.Get": "func (b genBox[T]) Get() T\n\nGet returns the value."})}
	s, err := New(Options{Packages: map[string]map[string]reflect.Value{"example.com/gen/gen": syms, reflect.TypeFor[genBox[int]]().PkgPath() + "/eval": selfDocs}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	copyOf := func(name string) string { return naming.InterpName("gen", "example.com/gen", name) }
	mustExec(t, s, "import (\n\t\"fmt\"\n\t\"example.com/gen\"\n)")
	for _, c := range []struct{ src, want string }{
		// Compiled instances: inferred and written type arguments, a generic type.
		{`ys := gen.Map([]int{1, 2}, func(x int) string { return fmt.Sprint(x * 10) })
fmt.Println(ys, len(ys))`, "[10 20] 2\n"},
		{"zs := gen.Map[float64, float64]([]float64{1.5}, func(f float64) float64 { return f * 2 })\nfmt.Printf(\"%T %v\\n\", zs, zs)", "[]float64 [3]\n"},
		{"b := gen.Box[int]{V: 4}\nvar c gen.Box[int]\nc.V = b.Get() + 1\nfmt.Println(b.Get(), c.V)", "4 5\n"},
		{"_ = 0", ""}, // (the compiled instances ran: no copy is loaded)
		// The notebook's types: the interpreted copies.
		{`type User struct {
	Name string
	Age  int
}

func (u User) Label() string { return u.Name + "!" }

us := []User{{"ann", 31}, {"bob", 42}}
names := gen.Map(us, func(u User) string { return u.Name })
fmt.Println(names, len(names))`, "[ann bob] 2\n"},
		{`var st gen.Stack[User]
st.Push(us[0])
st.Push(us[1])
top, ok := st.Pop()
fmt.Printf("%v %v %d %T %+v\n", top, ok, st.Len(), st, top)`, "{bob 42} true 1 gen.Stack[main.User] {Name:bob Age:42}\n"},
		// A method of the cell's type called through the generic's constraint.
		{"fmt.Println(gen.Labels(us))", "[1:ann! 2:bob!]\n"},
		// A type parameter of the notebook's own generic function.
		{`func names2[T any](xs []T, f func(T) string) []string { return gen.Map(xs, f) }
fmt.Println(names2(us, func(u User) string { return u.Name + "?" }))`, "[ann? bob?]\n"},
		// A copied generic type with a String method, printed by fmt, alone and in a
		// slice; a generic function's value instantiated with a cell type.
		{`pairs := []gen.Pair[User, int]{{us[0], 1}, {Key: us[1], Val: 2}}
fmt.Println(pairs[0], pairs)
fmt.Printf("%v %s %T\n", pairs[1], pairs[1], pairs)
mapUsers := gen.Map[User, string]
fmt.Println(mapUsers(us, func(u User) string { return u.Name + "." }))`, "{ann 31}=1 [{ann 31}=1 {bob 42}=2]\n{bob 42}=2 {bob 42}=2 []gen.Pair[main.User,int]\n[ann. bob.]\n"},
		// A use the build did not see, with Go's types: interpreted too.
		{`lens := gen.Map([]string{"a", "bcd"}, func(s string) int { return len(s) })
fmt.Println(lens)`, "[1 3]\n"},
		{`type Celsius float64
temps := gen.Map([]Celsius{1.5, 2}, func(c Celsius) Celsius { return c * 2 })
fmt.Printf("%v %T\n", temps, temps)`, "[3 4] []main.Celsius\n"},
	} {
		if c.src == "_ = 0" && s.exists(copyOf("Map")) {
			t.Error("uses with compiled instances loaded the interpreted copy")
		}
		_, e, r := run(t, s, c.src)
		if e != nil || r.stream("stdout") != c.want {
			t.Errorf("%s\nprinted %q (error %v), want %q", c.src, r.stream("stdout"), e, c.want)
		}
	}
	if !s.exists(copyOf("Map")) || !s.exists(copyOf("Stack")) || !s.exists(copyOf("numbered")) {
		t.Error("the interpreted copies are not defined in the session")
	}
	for _, c := range []struct{ src, want string }{
		{"w := gen.Count(us)", "gen.Count[main.User] can't be used here: type argument User is declared in the notebook"},
		{"w := gen.Count(us)", "package variable gen.counted"},
		{"w := gen.Count([]int{1})", naming.NoInstance + " of it"},
		{"w := gen.Count([]int{1})", naming.RequestText("example.com/gen", "Count", "types:int")},
		{"w := gen.Count[byte](nil)", "gen.Count[byte] can't be instantiated: no reason at all; and its source can't be interpreted"},
	} {
		_, e, r := run(t, s, c.src)
		if e == nil || !strings.Contains(e.Value, c.want) {
			t.Errorf("%s: error %v (stdout %q), want one containing %q", c.src, e, r.stream("stdout"), c.want)
		}
	}
	if _, r := mustExec(t, s, "fmt.Println(ys, names, gen.Version)"); r.stream("stdout") != "[10 20] [ann bob] v1\n" {
		t.Errorf("after the refusals: %q", r.stream("stdout"))
	}

	c := s.Complete("gen.", 4)
	if !slices.Contains(c.Matches, "Map") || !slices.Contains(c.Matches, "Box") || !slices.Contains(c.Matches, "Version") {
		t.Errorf("completing gen.: %q, want Map, Box and Version", c.Matches)
	}
	for _, m := range c.Matches {
		if naming.Hidden(m) {
			t.Errorf("completing gen.: %q offers peerbook's own symbol %s", c.Matches, m)
		}
	}
	in := s.Inspect("gen.Map", 7, 0)
	if text, _ := in.Data["text/plain"].(string); !strings.Contains(text, "Map applies f to each element") {
		t.Errorf("inspect gen.Map: %+v", in)
	}
	mustExec(t, s, "bx := gen.Box[int]{V: 1}")
	in = s.Inspect("bx.Get", 6, 0)
	if text, _ := in.Data["text/plain"].(string); !strings.Contains(text, "Get returns the value") {
		t.Errorf("inspect bx.Get: %+v", in)
	}
	_ = fmt.Sprint
}
