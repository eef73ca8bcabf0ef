package eval

import "testing"

// A later cell that declares a Format or GoString method again, or the type again without
// them, changes how its values print from then on: fmt calls the methods the session has
// now. Each want is go run's output of the program with the cell's declarations as the
// current ones.
func TestFormatMethodsFollowRedefinition(t *testing.T) {
	s := newSession(t)
	steps := []struct{ code, want string }{
		{"import \"fmt\"\ntype M int\nfunc (m M) Format(f fmt.State, c rune) { fmt.Fprintf(f, \"A%d\", int(m)) }\nfmt.Println(M(1), []M{2})", "A1 [A2]\n"},
		{"func (m M) Format(f fmt.State, c rune) { fmt.Fprintf(f, \"B%d\", int(m)) }\nfmt.Println(M(1))\nfmt.Printf(\"%v %d\\n\", []any{M(2)}, M(3))", "B1\n[B2] B3\n"},
		{"type M int\nfmt.Println(M(3), []M{4})\nfmt.Printf(\"%#v\\n\", M(5))", "3 [4]\n5\n"},
		{"type S struct{ P string }\nfunc (S) GoString() string { return \"S(***)\" }\nvar held = []any{S{\"pw\"}}", ""},
		{"fmt.Printf(\"%#v %v\\n\", held, held)", "[]interface {}{S(***)} [{pw}]\n"},
		{"type S struct{ P string }\nfmt.Printf(\"%#v\\n\", S{\"x\"})", "main.S{P:\"x\"}\n"},
	}
	for i, st := range steps {
		_, rec := mustExec(t, s, st.code)
		if got := rec.stream("stdout"); got != st.want {
			t.Errorf("cell %d: got %q, want %q", i+1, got, st.want)
		}
	}
}

// A String, Format or GoString method that panics is reported by fmt in the output, as in
// Go, and nothing else: the interpreter's report of the unwound frame does not reach the
// cell's stderr. want is go run's output.
func TestPanickingFmtMethodsWriteNoStderr(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `import "fmt"
type In struct{ n int }
type F struct{ p *In }
func (f F) Format(s fmt.State, c rune) { fmt.Fprint(s, f.p.n) }
type S []int
func (s S) String() string { return fmt.Sprint(s[3]) }
type G int
func (g G) GoString() string { panic("no") }
fmt.Println(F{}, S{1})
fmt.Printf("%#v\n", G(1))`)
	want := "%!v(PANIC=Format method: runtime error: invalid memory address or nil pointer dereference) %!v(PANIC=String method: runtime error: index out of range [3] with length 1)\n%!v(PANIC=GoString method: no)\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("stdout: got %q, want %q", got, want)
	}
	if got := rec.stream("stderr"); got != "" {
		t.Errorf("stderr: got %q, want nothing", got)
	}
}

// log/slog arguments of cell types with MarshalText, or errors with MarshalJSON, once
// refused, log as Go logs them (want is go run's output of the same program).
func TestSlogMarshalMethodsRun(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `import (
	"log/slog"
	"os"
)
type T float64
func (t T) MarshalText() ([]byte, error) { return []byte("t"), nil }
type P struct{ X int }
func (p P) MarshalJSON() ([]byte, error) { return []byte("1"), nil }
func (p P) Error() string { return "p" }
args := []any{"t", T(2), "p", P{1}}
drop := func(g []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(g) == 0 {
		return slog.Attr{}
	}
	return a
}
slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: drop})).Info("m", args...)
slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: drop})).Info("m", slog.Any("ps", []P{{1}}), "t", T(3))`)
	want := "level=INFO msg=m t=t p=p\n{\"level\":\"INFO\",\"msg\":\"m\",\"ps\":[1],\"t\":\"t\"}\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
