package modules

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// The binaries a build makes are evaluators: the tests run notebooks in them with the
// peerbook command (`peerbook run --evaluator BIN`), built here once per test run.

var (
	peerbookOnce sync.Once
	peerbookPath string
	peerbookErr  error
)

// peerbookCommand returns the peerbook command built from the working tree (into a
// temporary folder TestMain removes: removePeerbookCommand), or $PEERBOOK_BIN.
func peerbookCommand(t testing.TB) string {
	t.Helper()
	if p := os.Getenv("PEERBOOK_BIN"); p != "" {
		return p
	}
	peerbookOnce.Do(func() {
		dir, err := os.MkdirTemp("", "peerbook-modules-test-")
		if err != nil {
			peerbookErr = err
			return
		}
		peerbookPath = filepath.Join(dir, "peerbook")
		cmd := exec.Command("go", "build", "-o", peerbookPath, ".")
		cmd.Dir = repoRoot(t)
		if out, err := cmd.CombinedOutput(); err != nil {
			peerbookErr = fmt.Errorf("go build of the peerbook command: %v\n%s", err, out)
		}
	})
	if peerbookErr != nil {
		t.Fatal(peerbookErr)
	}
	return peerbookPath
}

// removePeerbookCommand removes what peerbookCommand built.
func removePeerbookCommand() {
	if peerbookPath != "" {
		os.RemoveAll(filepath.Dir(peerbookPath))
	}
}
