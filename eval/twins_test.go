package eval

import (
	"strings"
	"testing"
)

// A named composite type of a cell type (type Group []Shape) is its underlying type at
// run time: a []Shape put in an interface would pass for a Group. The session refuses an
// assertion to Group once a cell puts a []Shape in an interface, and such a cell once a
// cell asserts to Group, whichever comes second (eval/internal/rewrite/twins.go); a cell
// that only ranges over, indexes, prints or converts a []Shape runs.
func TestTwinTypesOfNamedComposites(t *testing.T) {
	const decls = `import "fmt"

type Shape interface{ Area() float64 }
type Sq float64

func (s Sq) Area() float64 { return float64(s * s) }

type Group []Shape

func (g Group) Area() (t float64) {
	for _, s := range g {
		t += s.Area()
	}
	return
}

func describe(v any) string {
	switch x := v.(type) {
	case Group:
		return fmt.Sprintf("group %d %.0f", len(x), x.Area())
	case Shape:
		return "shape"
	}
	return fmt.Sprintf("other %T", v)
}`
	s := newSession(t)
	mustExec(t, s, decls)
	// go run prints this for the same program.
	_, rec := mustExec(t, s, `shapes := []Shape{Sq(1), Sq(2)}
fmt.Println(len(shapes), shapes[0].Area())
for _, s := range shapes {
	fmt.Print(describe(s), " ")
}
fmt.Println(describe(Group(shapes)), describe(Group{Sq(3)}))
all := append([]Shape(nil), shapes...)
fmt.Println(len(all))`)
	if out, want := rec.stream("stdout"), "2 1\nshape shape group 2 5 group 1 9\n2\n"; out != want {
		t.Errorf("got %q, want %q (go run)", out, want)
	}
	for _, code := range []string{
		"var held any = shapes",
		"fmt.Println(describe(all))",
		"box := []any{all}\n_ = box",
		"func wrap() any { return []Shape{Sq(4)} }",
	} {
		_, e, _ := run(t, s, code)
		if e == nil || !strings.Contains(e.Value, "a value of type []main.Shape in an interface is not supported in cells: an earlier cell asserts interface values to Group") {
			t.Errorf("%q after an assertion to Group: want the refusal, got %+v", code, e)
		}
	}
	// A Group in an interface would pass for a []Shape too: cell 2 put one there.
	_, e, _ := run(t, s, "func plain(v any) bool {\n\t_, ok := v.([]Shape)\n\treturn ok\n}")
	if e == nil || !strings.Contains(e.Value, "type assertion to []Shape is not supported in cells") || !strings.Contains(e.Value, "an earlier cell puts values of Group in interfaces") {
		t.Errorf("assertion to []Shape after a cell boxed a Group: want the refusal, got %+v", e)
	}
	// The other order: a cell puts a []Token in an interface, a later one asserts.
	s2 := newSession(t)
	mustExec(t, s2, "type Token string\ntype Tokens []Token\nvar held any = []Token{\"x\"}")
	_, e, _ = run(t, s2, "_, ok := held.(Tokens)")
	if e == nil || !strings.Contains(e.Value, "type assertion to Tokens is not supported in cells") || !strings.Contains(e.Value, "an earlier cell puts values of []Token in interfaces") {
		t.Errorf("assertion after a cell boxed a []Token: want the refusal, got %+v", e)
	}
	// An interface with methods holds no []Token: asserting from it is not refused.
	_, rec = mustExec(t, s2, "import \"fmt\"\nfunc (t Tokens) String() string { return fmt.Sprint(len(t)) }\nvar st fmt.Stringer = Tokens{\"a\"}\n_, ok := st.(Tokens)\nfmt.Println(ok, st)")
	if out, want := rec.stream("stdout"), "true 1\n"; out != want {
		t.Errorf("assertion from fmt.Stringer: got %q, want %q (go run)", out, want)
	}
	// Comparable twins: equal and one map key at run time once both are in interfaces.
	s3 := newSession(t)
	mustExec(t, s3, "type Grid [5]int\nvar g any = Grid{1, 2, 3, 4, 5}\nm := map[any]int{Grid{}: 1}")
	_, e, _ = run(t, s3, "var p any = [5]int{1, 2, 3, 4, 5}")
	if e == nil || !strings.Contains(e.Value, "a value of type [5]int in an interface is not supported in cells together with values of main.Grid in interfaces") {
		t.Errorf("[5]int in an interface after a Grid: want the refusal, got %+v", e)
	}
	// go run prints this: Grids compare as Go compares them, [5]int values unboxed run.
	_, rec = mustExec(t, s3, "import \"fmt\"\nraw := [5]int{1, 2, 3, 4, 5}\nfmt.Println(g == any(Grid{1, 2, 3, 4, 5}), g == any(Grid(raw)), raw == [5]int(g.(Grid)), len(m))")
	if out, want := rec.stream("stdout"), "true true true 1\n"; out != want {
		t.Errorf("got %q, want %q (go run)", out, want)
	}
	// Two named array types of one underlying type: one type at run time too.
	_, e, _ = run(t, newSession(t), "type A [5]int\ntype B [5]int\nvar a, b any = A{}, B{}")
	if e == nil || !strings.Contains(e.Value, "a value of type main.A in an interface is not supported in cells together with values of main.B in interfaces") {
		t.Errorf("A and B in interfaces: want the refusal, got %+v", e)
	}
}
