package main

import (
	"io/fs"
	"os/exec"
	"path"
	"strings"
	"testing"
)

// The embedded source must hold every package of the module that the evaluator (which a
// module build builds from it) and the peerbook command link, else an evaluator built for
// a notebook's modules would not build.
func TestSourceEmbedsEveryPackage(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to list the packages with")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if .Module}}{{if .Module.Main}}{{.ImportPath}} {{join .GoFiles \",\"}} {{join .EmbedFiles \",\"}}{{end}}{{end}}", "./internal/cmd/peerbook-evaluator", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	const mod = "github.com/peerbook/peerbook"
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		dir := strings.TrimPrefix(strings.TrimPrefix(f[0], mod), "/")
		if dir == "" {
			dir = "."
		}
		for _, files := range f[1:] {
			for _, name := range strings.Split(files, ",") {
				if _, err := fs.Stat(ownSource(), path.Join(dir, name)); err != nil {
					t.Errorf("package %s: %s is not in the embedded source (add its folder to the go:embed line of modules_source.go): %v", f[0], name, err)
				}
				n++
			}
		}
	}
	if n < 200 {
		t.Errorf("checked only %d files: go list printed\n%s", n, out)
	}
}
