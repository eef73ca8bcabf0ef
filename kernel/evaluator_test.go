package kernel

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The evaluator is peerbook-evaluator beside the running executable, or the binary
// $PEERBOOK_EVALUATOR names.
func TestDefaultEvaluator(t *testing.T) {
	t.Setenv(EvaluatorEnv, "")
	exe, err := os.Executable()
	if err != nil {
		t.Skipf("no executable path here: %v", err)
	}
	exe, _ = filepath.EvalSymlinks(exe)
	got, err := DefaultEvaluator()
	if want := filepath.Join(filepath.Dir(exe), "peerbook-evaluator"); err != nil || got != want {
		t.Errorf("DefaultEvaluator() = %q, %v; want %q", got, err, want)
	}
	t.Setenv(EvaluatorEnv, "/opt/pb/my-evaluator")
	if got, err := DefaultEvaluator(); err != nil || got != "/opt/pb/my-evaluator" {
		t.Errorf("with $%s: %q, %v", EvaluatorEnv, got, err)
	}
}

// A session whose evaluator binary is missing fails at once, naming the file and saying how
// to build it.
func TestMissingEvaluatorSaysHowToBuildIt(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "peerbook-evaluator")
	_, err := StartSession(SessionConfig{EvaluatorCommand: []string{missing}})
	if err == nil {
		t.Fatal("a session started without its evaluator binary")
	}
	for _, want := range []string{missing + " does not exist", "bash install/setup.sh builds both", "./internal/cmd/peerbook-evaluator", "$PEERBOOK_EVALUATOR"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error lacks %q:\n%v", want, err)
		}
	}
}
