package eval

import (
	"strings"
	"testing"
)

// TestCompileErrorChangesNothing: a cell that does not compile runs none of its lines,
// whatever line the error is on.
func TestCompileErrorChangesNothing(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "a := 1\nb := 2")
	for _, code := range []string{
		"a := \"str\"\nnoSuchFunc()",
		"import \"fmt\"\nfmt.Println(\"ran\")\nb = 10\nvar c int = \"x\"",
		"a = 5\nfunc f() int { return \"x\" }",
		"b++\nfor {\n\tbreak\n}\nundefinedVar++",
	} {
		_, e, rec := run(t, s, code)
		if e == nil || e.Name != NameCompile {
			t.Errorf("%q: error %v, want a CompileError", code, e)
			continue
		}
		if out := rec.stream("stdout"); out != "" {
			t.Errorf("%q ran: stdout %q", code, out)
		}
		if got, _ := mustExec(t, s, "import \"fmt\"\nfmt.Sprintf(\"%T %v %v\", a, a, b)"); !strings.Contains(got, "int 1 2") {
			t.Errorf("after %q: a, b = %s", code, got)
		}
	}
}
