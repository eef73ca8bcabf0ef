package eval

import (
	"strings"
	"testing"
)

// A generic function declared in an earlier cell and called in a later one with new type
// arguments makes instances of generic types that the later cell's rewrite cannot see
// (it has the function's signature only), so their String and Error methods are not
// registered for the printer: printing a value of one is refused, naming the instance,
// where it printed the value's fields (Go calls String). A cell that uses the instance
// registers it; a type whose String method has a pointer receiver prints a value's
// fields, as Go does, without a refusal.
func TestGenericInstanceOfEarlierCellRefused(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, `import "fmt"

type H[T any] struct{ V T }

func (h H[T]) String() string { return fmt.Sprintf("H<%v>", h.V) }

type L[T any] []T

func (l L[T]) String() string { return fmt.Sprintf("L%d", len(l)) }

type P[T any] struct{ V T }

func (p *P[T]) String() string { return fmt.Sprintf("P<%v>", p.V) }

func show[T any](v T) { fmt.Println("show", H[T]{v}) }
func showL[T any](v T) { fmt.Println("showL", L[T]{v}) }
func showP[T any](v T) { fmt.Println("showP", P[T]{v}) }
func showPP[T any](v T) { fmt.Println("showPP", &P[T]{v}) }`)
	for _, c := range []struct{ call, instance string }{
		{"show(int8(3))", "main.H[int8]"},
		{"showL(int8(3))", "main.L[int8]"},
		{"showPP(int8(3))", "main.P[int8]"},
	} {
		_, e, rec := run(t, s, c.call)
		want := "printing a value of " + c.instance + " is not supported in cells"
		if e == nil || !strings.Contains(e.Value, want) {
			t.Errorf("%s: error %v, want one saying %q", c.call, e, want)
		}
		if out := rec.stream("stdout"); out != "" {
			t.Errorf("%s printed %q before its refusal", c.call, out)
		}
	}
	for _, c := range []struct{ code, want string }{
		{"showP(int8(4))", "showP {4}\n"}, // Go: P[int8] has no String, *P[int8] has
		{"var _ H[int16]\nshow(int16(5))", "show H<5>\n"},
		{"show(\"s\")\nvar _ = H[string]{}", "show H<s>\n"},
	} {
		if _, rec := mustExec(t, s, c.code); rec.stream("stdout") != c.want {
			t.Errorf("%q printed %q, want %q (go run's)", c.code, rec.stream("stdout"), c.want)
		}
	}
}
