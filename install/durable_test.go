package install

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/peerbook/peerbook/internal/fulldisk"
)

// TestReinstallOnAFullDisk: an install that fails on a full disk leaves the kernelspec that
// was there whole (kernel.json was truncated, then not written: Jupyter lost the kernel).
func TestReinstallOnAFullDisk(t *testing.T) {
	prefix := fulldisk.Mount(t, 256<<10)
	exe := fakeExecutable(t)
	dir, err := Install(Options{Scope: Prefix, Prefix: prefix, Executable: exe})
	if err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(dir, "kernel.json"))
	fulldisk.Fill(t, prefix)
	if _, err := Install(Options{Scope: Prefix, Prefix: prefix, Executable: exe, DisplayName: "Go (a new name)"}); err == nil {
		t.Fatal("an install on a full disk succeeded")
	}
	after, _ := os.ReadFile(filepath.Join(dir, "kernel.json"))
	var spec KernelSpec
	if err := json.Unmarshal(after, &spec); err != nil || string(after) != string(before) {
		t.Fatalf("kernel.json after the failed install: %q (%v)", after, err)
	}
}
