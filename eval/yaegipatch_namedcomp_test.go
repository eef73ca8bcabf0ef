package eval

import (
	"reflect"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/eval/internal/namedpool"
)

// Tests of patch 54 to the in-tree copy of yaegi (eval/third_party/yaegi/PATCHES.md):
// named slice and map types of predeclared types declared in cells (type Tags []string,
// type Counts map[string]int) take a compiled named type of eval/internal/namedpool, as
// patch 53's named types of predeclared types do. Expected outputs are what `go run`
// prints for the same programs.

func TestPatchNamedCompositeIdentity(t *testing.T) {
	const code = `import (
	"encoding/json"
	"fmt"
	"sort"
)

type Tags []string
type Names []string
type Counts map[string]int
type Set map[string]struct{}
type Matrix [][]float64

type Stack []int

func (s *Stack) Push(v int) { *s = append(*s, v) }
func (s Stack) Top() int    { return s[len(s)-1] }

func kind(v any) string {
	switch x := v.(type) {
	case Tags:
		return "Tags"
	case Names:
		return "Names"
	case []string:
		return "[]string"
	case Counts:
		return "Counts"
	case map[string]int:
		return "map"
	case Set:
		return "Set"
	case Matrix:
		return "Matrix"
	case Stack:
		return fmt.Sprint("Stack ", x.Top())
	case []int:
		return "[]int"
	}
	return "?"
}

var s Stack
s.Push(4)
for _, v := range []any{Tags{"a"}, Names{"b"}, []string{"c"}, Counts{}, map[string]int{}, Set{}, Matrix{{1}}, [][]float64{}, s, []int{1}} {
	fmt.Print(kind(v), " ")
}
fmt.Println()
_, ok := any([]string{"x"}).(Tags)
n, ok2 := any(Names{"y"}).(Names)
fmt.Println(ok, ok2, n)
fmt.Printf("%T %T %T %v %#v\n", any(Tags{}), []any{Counts{}}[0], any(&s), any(Set{"k": {}}), any(Tags{"q"}))
b, _ := json.Marshal(map[string]any{"t": Tags{"a"}, "c": Counts{"x": 1}})
fmt.Println(string(b))
var c Counts
json.Unmarshal([]byte(` + "`" + `{"b":2,"a":1}` + "`" + `), &c)
keys := make([]string, 0)
for k := range c {
	keys = append(keys, k)
}
sort.Strings(keys)
fmt.Printf("%T %v\n", c, keys)`
	const want = "Tags Names []string Counts map Set Matrix ? Stack 4 []int \n" +
		"false true [y]\n" +
		"main.Tags main.Counts *main.Stack map[k:{}] main.Tags{\"q\"}\n" +
		"{\"c\":{\"x\":1},\"t\":[\"a\"]}\n" +
		"main.Counts [a b]\n"
	if got := cellStdout(t, code); got != want {
		t.Errorf("session: got\n%s\nwant (go run)\n%s", got, want)
	}
}

// With the pool of []string types exhausted, a new type falls back to []string and the
// session refuses, at compile time, what it could not tell apart; the types declared
// before keep their pool types.
func TestPatchNamedCompositePoolExhausted(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "type Before []string")
	release := exhaustPool(t, reflect.TypeOf([]string(nil)))
	defer release()
	_, e, _ := run(t, s, `type After []string
func kind(v any) string {
	switch v.(type) {
	case After:
		return "after"
	case []string:
		return "[]string"
	}
	return "?"
}`)
	if e == nil || !strings.Contains(e.Value, "type assertion to After is not supported in cells") {
		t.Fatalf("exhausted pool: want the refusal of case After, got %+v", e)
	}
	_, rec := mustExec(t, s, `import "fmt"
_, ok := any(Before{"x"}).([]string)
fmt.Printf("%v %T\n", ok, any(Before{}))`)
	if out := rec.stream("stdout"); out != "false main.Before\n" {
		t.Errorf("a type declared before the pool ran out: got %q, want %q", out, "false main.Before\n")
	}
	// %T of a value of the type that found no pool type, held in an interface: refused
	// when it runs (go run prints main.Late).
	_, e, rec = run(t, s, "import \"fmt\"\ntype Late []string\nvar v any = Late{\"x\"}\nfmt.Printf(\"%T\\n\", v)")
	if e == nil || !strings.Contains(e.Value, "main.Late is also a []string at run time") || rec.stream("stdout") != "" {
		t.Errorf("%%T of a type without a pool type: want the refusal, got %+v, output %q", e, rec.stream("stdout"))
	}
	// And a Late in an interface would pass for a []string: the assertion is refused now.
	_, e, _ = run(t, s, "_, ok := any(Before{\"x\"}).([]string)")
	if e == nil || !strings.Contains(e.Value, "type assertion to []string is not supported in cells") {
		t.Errorf("assertion to []string once a Late was put in an interface: want the refusal, got %+v", e)
	}
}

// A type declared again in a later cell takes the pool type it had (the values of
// earlier cells are of the type); a function's local types are each a type of their own.
func TestPatchNamedCompositeRedeclared(t *testing.T) {
	u := reflect.TypeOf(map[string]int(nil))
	free := namedpool.Free(u)
	s := newSession(t)
	mustExec(t, s, "import \"fmt\"\ntype Counts map[string]int\nvar old any = Counts{\"a\": 1}\nall := []Counts{{\"b\": 2}}")
	_, rec := mustExec(t, s, `type Counts map[string]int
c, same := old.(Counts)
all = append(all, Counts{"c": 3})
fmt.Printf("%v %v %T %v\n", same, c["a"], old, all)`)
	if out, want := rec.stream("stdout"), "true 1 main.Counts [map[b:2] map[c:3]]\n"; out != want {
		t.Errorf("got %q, want %q", out, want)
	}
	if got := namedpool.Free(u); got != free-1 {
		t.Errorf("a type declared twice took %d pool types, want 1", free-got)
	}
	// go run of the same declarations in a program.
	const local = `type bag map[string]int

func a() any {
	type bag map[string]int
	return bag{}
}

func b() any {
	type bag map[string]int
	return bag{}
}

func kind(v any) string {
	switch v.(type) {
	case bag:
		return "bag"
	case map[string]int:
		return "map"
	}
	return "local"
}

_, isMap := a().(map[string]int)
fmt.Println(kind(a()), kind(b()), kind(bag{}), kind(map[string]int{}), isMap)
fmt.Printf("%T %T\n", a(), any(bag{}))`
	_, rec = mustExec(t, s, local)
	if out, want := rec.stream("stdout"), "local local bag map false\nmain.bag main.bag\n"; out != want {
		t.Errorf("local types: got %q, want %q (go run)", out, want)
	}
	mustExec(t, s, "%reset")
	if got := namedpool.Free(u); got != free {
		t.Errorf("after %%reset: %d free, want %d", got, free)
	}
}

// BenchmarkNamedCompositeLoop appends to and indexes a named slice type (a pool type)
// beside the same loop over []int.
func BenchmarkNamedCompositeLoop(b *testing.B) {
	for _, typ := range []string{"[]int", "Ints"} {
		b.Run(strings.TrimPrefix(typ, "[]"), func(b *testing.B) {
			setup := "type Ints []int\nfunc loop() int {\n\tvar s " + typ + "\n\tfor i := 0; i < 1000; i++ {\n\t\ts = append(s, i)\n\t}\n\tt := 0\n\tfor i := range s {\n\t\tt += s[i]\n\t}\n\treturn t\n}"
			benchCell(b, setup, func(int) string { return "loop()" })
		})
	}
}
