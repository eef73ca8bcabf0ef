package eval

import (
	"strings"
	"testing"
)

// TestRepeatedImports: a cell may import what earlier cells imported (a no-op), alone or in a
// group with new imports; an import of another path under an existing name replaces it, and
// a cell that fails to compile leaves the old import in place.
func TestRepeatedImports(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, "import \"fmt\"\nfmt.Println(\"one\")")
	if got := rec.stream("stdout"); got != "one\n" {
		t.Fatalf("stdout %q", got)
	}
	_, rec = mustExec(t, s, "import \"fmt\"\nfmt.Println(\"two\")")
	if got := rec.stream("stdout"); got != "two\n" {
		t.Errorf("re-import: stdout %q", got)
	}
	if got, _ := mustExec(t, s, "import (\n\t\"fmt\"\n\t\"strings\"\n)\nfmt.Sprint(strings.ToUpper(\"three\"))"); got != "THREE" {
		t.Errorf("grouped re-import: value %q", got)
	}
	if got, _ := mustExec(t, s, "import \"math/rand/v2\"\nrand.IntN(1)"); got != "0" {
		t.Errorf("math/rand/v2: value %q", got)
	}
	if got, _ := mustExec(t, s, "import \"math/rand/v2\"\nrand.IntN(1) + 5"); got != "5" {
		t.Errorf("math/rand/v2 again: value %q", got)
	}

	// Another path under an existing name replaces it...
	if got, _ := mustExec(t, s, "import fmt \"strings\"\nfmt.ToUpper(\"replaced\")"); got != "REPLACED" {
		t.Errorf("replacement: value %q", got)
	}
	// ... and the original comes back the same way.
	if got, _ := mustExec(t, s, "import \"fmt\"\nfmt.Sprintf(\"%03d\", 7)"); got != "007" {
		t.Errorf("back to fmt: value %q", got)
	}

	// A replacement in a cell that does not compile is undone.
	_, e, _ := run(t, s, "import fmt \"strings\"\nfunc broken() { undefinedName() }")
	if e == nil || !strings.Contains(e.Value, "undefinedName") {
		t.Fatalf("the broken cell's error: %v", e)
	}
	if got, _ := mustExec(t, s, "fmt.Sprintf(\"%d\", 42)"); got != "42" {
		t.Errorf("fmt after a failed replacement: value %q", got)
	}
}
