package kernel

import (
	"os/exec"
	"strings"
	"testing"
)

// TestKernelLinksNoInterpreter: the kernel process must outlive any cell, so the packages
// it links hold no interpreter, no GPU code and no plotting: none of yaegi, purego or
// gonum, and none of peerbook's eval, gpu or display (the evaluator child has those, a
// binary of its own: internal/cmd/peerbook-evaluator). It checks the peerbook command's
// main package, which is the kernel process, and the kernel's packages one by one.
func TestKernelLinksNoInterpreter(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to list dependencies: %v", err)
	}
	pkgs := []string{
		// The peerbook command's main package: what the process Jupyter starts
		// (`peerbook kernel`) and `peerbook run` link, all of it.
		"github.com/peerbook/peerbook",
		"github.com/peerbook/peerbook/kernel",
		"github.com/peerbook/peerbook/internal/evalproto",
		"github.com/peerbook/peerbook/kernel/internal/crash",
		"github.com/peerbook/peerbook/kernel/internal/history",
		"github.com/peerbook/peerbook/internal/notebook",
	}
	out, err := exec.Command(goTool, append([]string{"list", "-deps"}, pkgs...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	forbidden := []string{
		"github.com/peerbook/peerbook/eval/third_party/yaegi",
		"github.com/ebitengine/purego",
		"gonum.org/v1/",
		"github.com/peerbook/peerbook/eval",
		"github.com/peerbook/peerbook/gpu",
		"github.com/peerbook/peerbook/display",
	}
	deps := strings.Fields(string(out))
	if len(deps) < len(pkgs) {
		t.Fatalf("go list -deps listed %d packages: %q", len(deps), out)
	}
	for _, dep := range deps {
		for _, f := range forbidden {
			if dep == f || strings.HasPrefix(dep, strings.TrimSuffix(f, "/")+"/") {
				t.Errorf("the kernel process links %s", dep)
			}
		}
	}
}
