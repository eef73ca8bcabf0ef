package eval

import (
	"strings"
	"testing"
)

// Tests of the patches to the in-tree copy of yaegi (eval/third_party/yaegi/PATCHES.md).
// Each runs, in a session, what the patch fixes; the expected output is what `go run`
// prints for the same program.

// cellStdout runs code in a fresh session and returns its standard output; the cell must
// succeed.
func cellStdout(t *testing.T, code string) string {
	t.Helper()
	s := newSession(t)
	_, rec := mustExec(t, s, code)
	return rec.stream("stdout")
}

// Patch 1: a node without generated code fails loudly instead of ending its function.
func TestPatchNoSilentEndOfFunction(t *testing.T) {
	// yaegi v0.16.1 has no code for a shift whose result goes straight into an
	// interface: the cell either prints "end" or fails, never ends early with ok.
	s := newSession(t)
	_, e, rec := run(t, s, `import "fmt"

func main() {
	x := 3
	var a any
	a = x << 1
	fmt.Println(a)
	fmt.Println("end")
}`)
	out := rec.stream("stdout")
	if e != nil {
		t.Logf("%s: %s", e.Name, e.Value)
	}
	if e == nil && !strings.HasSuffix(out, "end\n") {
		t.Fatalf("the cell reported success without running its last statement; stdout %q", out)
	}
	if e != nil && !strings.Contains(e.Value+strings.Join(e.Traceback, "\n"), "no code generated") {
		t.Errorf("the cell failed with %s: %s, want the internal error naming the missing code", e.Name, e.Value)
	}
}
