package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/internal/fulldisk"
)

// TestRunOnAFullDiskKeepsTheNotebook: `peerbook run NB -o NB --html PAGE` whose results
// don't fit on the disk fails saying so, and leaves the notebook and the page as they were
// (a truncate-then-write left a notebook cut at what fitted, its later cells gone).
func TestRunOnAFullDiskKeepsTheNotebook(t *testing.T) {
	bin := buildPeerbook(t)
	disk := fulldisk.Mount(t, 256<<10)
	src := writeNotebook(t, "import (\n\t\"fmt\"\n\t\"strings\"\n)\nfmt.Print(strings.Repeat(\"x\", 400000))", "fmt.Println(\"second cell\")")
	nb := filepath.Join(disk, "nb.ipynb")
	orig, _ := os.ReadFile(src)
	if err := os.WriteFile(nb, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(disk, "nb.html")
	if err := os.WriteFile(page, []byte("<p>the old page</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "run", nb, "-o", nb).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "no space left on device") {
		t.Fatalf("exit %v; output:\n%s", err, out)
	}
	if got, _ := os.ReadFile(nb); !bytes.Equal(got, orig) {
		t.Errorf("the notebook holds %d bytes after the failed write, want its %d", len(got), len(orig))
	}
	// The notebook elsewhere, the page on the full disk.
	elsewhere := filepath.Join(t.TempDir(), "out.ipynb")
	out, err = exec.Command(bin, "run", nb, "-o", elsewhere, "--html", page).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "writing HTML") || !strings.Contains(string(out), "no space left on device") {
		t.Fatalf("exit %v; output:\n%s", err, out)
	}
	if got, _ := os.ReadFile(page); string(got) != "<p>the old page</p>" {
		t.Errorf("the page holds %d bytes after the failed write", len(got))
	}
	if cells := readExecuted(t, elsewhere); len(cells) != 2 || len(cells[1].Outputs) != 1 {
		t.Errorf("the notebook written elsewhere: %v", cells)
	}
	entries, _ := os.ReadDir(disk)
	if len(entries) != 2 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("the disk holds %v, want the notebook and the page", names)
	}
}
