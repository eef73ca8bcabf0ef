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

// A cell's uses of a compiled package's generics go to the instances the build made: an
// inferred use by its place, a written one by its type arguments; a use without an instance
// is refused with the reason, and the session goes on.
func TestModuleGenerics(t *testing.T) {
	badLine := "  bad := gen.Map([]Square{{}}, func(Square) int { return 1 })"
	inferred := `ys := gen.Map([]int{1, 2}, func(x int) string { return fmt.Sprint(x * 10) })`
	col := strings.Index(inferred, "Map") + 1
	mapIntString := naming.Mangle("Map", "types:int,string")
	table := map[string]string{
		naming.DeclPrefix + "Map":                                "2\nfunc Map[T, U any](xs []T, f func(T) U) []U",
		naming.DeclPrefix + "Box":                                "1\ntype Box[T any] struct{V T}",
		naming.SitePrefix + naming.SiteKey("Map", inferred, col): mapIntString,
		naming.SitePrefix + naming.SiteKey("Map", badLine, 14):   "!type argument Square is declared in the notebook",
		naming.ExplicitPrefix + "Map:uint8,uint8":                "!no reason at all",
	}
	syms := map[string]reflect.Value{
		mapIntString:                            reflect.ValueOf(genMap[int, string]),
		naming.Mangle("Map", "float64,float64"): reflect.ValueOf(genMap[float64, float64]),
		naming.Mangle("Box", "int"):             reflect.ValueOf((*genBox[int])(nil)),
		naming.Table:                            reflect.ValueOf(table),
		naming.Docs:                             reflect.ValueOf(map[string]string{"Map": "func Map[T, U any](xs []T, f func(T) U) []U\n\nMap applies f to each element of xs.", "Box.Get": "func (b Box[T]) Get() T\n\nGet returns the value."}),
		"Version":                               reflect.ValueOf("v1"),
	}
	// The instance genBox[int] is a type of this package: its methods' docs are found by
	// the type's package path, as a module's are.
	selfDocs := map[string]reflect.Value{naming.Docs: reflect.ValueOf(map[string]string{"genBox.Get": "func (b genBox[T]) Get() T\n\nGet returns the value."})}
	s, err := New(Options{Packages: map[string]map[string]reflect.Value{"example.com/gen/gen": syms, reflect.TypeFor[genBox[int]]().PkgPath() + "/eval": selfDocs}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	mustExec(t, s, "import (\n\t\"fmt\"\n\t\"example.com/gen\"\n)")
	if out, r := mustExec(t, s, inferred+"\nfmt.Println(ys, len(ys))"); r.stream("stdout") != "[10 20] 2\n" {
		t.Errorf("inferred use: %q %q", out, r.stream("stdout"))
	}
	if _, r := mustExec(t, s, "zs := gen.Map[float64, float64]([]float64{1.5}, func(f float64) float64 { return f * 2 })\nfmt.Printf(\"%T %v\\n\", zs, zs)"); r.stream("stdout") != "[]float64 [3]\n" {
		t.Errorf("explicit use: %q", r.stream("stdout"))
	}
	if _, r := mustExec(t, s, "b := gen.Box[int]{V: 4}\nvar c gen.Box[int]\nc.V = b.Get() + 1\nfmt.Println(b.Get(), c.V)"); r.stream("stdout") != "4 5\n" {
		t.Errorf("generic type: %q", r.stream("stdout"))
	}
	for _, c := range []struct{ src, want string }{
		{"type Square struct{}\n" + badLine, "declared in the notebook"},
		{"w := gen.Map([]string{\"a\"}, func(s string) int { return len(s) })", naming.NoInstance + " for this use"},
		{"w := gen.Map[string, int]([]string{\"a\"}, func(s string) int { return len(s) })", naming.NoInstance + " of it"},
		{"w := gen.Map[byte, uint8](nil, nil)", "no reason at all"},
		{"type T int\nw := gen.Box[T]{}", "T is declared in the notebook"},
	} {
		_, e, r := run(t, s, c.src)
		if e == nil || !strings.Contains(e.Value, c.want) {
			t.Errorf("%s: error %v (stdout %q), want one containing %q", c.src, e, r.stream("stdout"), c.want)
		}
	}
	if _, r := mustExec(t, s, "fmt.Println(ys, gen.Version)"); r.stream("stdout") != "[10 20] v1\n" {
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
