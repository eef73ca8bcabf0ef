package evalproto

import (
	"os/exec"
	"strings"
	"testing"
)

// TestProtocolIsALeaf: the protocol between the kernel and the evaluator imports the
// standard library only, so that both sides import it and neither links the other's
// machinery (the kernel no interpreter, the evaluator no sockets).
func TestProtocolIsALeaf(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to list dependencies: %v", err)
	}
	out, err := exec.Command(goTool, "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) != 1 || deps[0] != "github.com/peerbook/peerbook/internal/evalproto" {
		t.Errorf("the protocol imports more than the standard library: %q", deps)
	}
}
