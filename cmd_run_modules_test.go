package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A notebook in a folder whose go.mod replaces a module by a local folder imports its
// package: `peerbook run` builds the evaluator with it and runs the cells there.
func TestRunNotebookWithModules(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an evaluator binary (a minute on 2 cores): not with -short")
	}
	bin := buildPeerbook(t)
	lib, err := filepath.Abs("internal/modules/testdata/localmod")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gomod := "module example.com/nb\n\ngo 1.22\n\nrequire example.com/localmod v0.0.0-00010101000000-000000000000\n\nreplace example.com/localmod => " + lib + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	const body = `fmt.Println(stats.Version, stats.Mean([]float64{2, 4, 9}), stats.Point{X: 6, Y: 8}.Norm())`
	// What Go prints, from the go command.
	if err := os.MkdirAll(filepath.Join(dir, "expected"), 0o755); err != nil {
		t.Fatal(err)
	}
	prog := "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/localmod/stats\"\n)\n\nfunc main() {\n\t" + body + "\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "expected", "main.go"), []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	run := exec.Command("go", "run", "./expected")
	run.Dir = dir
	run.Env = append(os.Environ(), "GOWORK=off")
	want, err := run.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, want)
	}
	os.RemoveAll(filepath.Join(dir, "expected"))

	cells := []map[string]any{
		{"cell_type": "code", "metadata": map[string]any{}, "outputs": []any{}, "execution_count": nil,
			"source": "import (\n\t\"fmt\"\n\n\t\"example.com/localmod/stats\"\n)"},
		{"cell_type": "code", "metadata": map[string]any{}, "outputs": []any{}, "execution_count": nil, "source": body},
		{"cell_type": "code", "metadata": map[string]any{}, "outputs": []any{}, "execution_count": nil, "source": "%go mod"},
	}
	data, _ := json.Marshal(map[string]any{"cells": cells, "metadata": map[string]any{}, "nbformat": 4, "nbformat_minor": 5})
	nb, out := filepath.Join(dir, "nb.ipynb"), filepath.Join(dir, "out.ipynb")
	if err := os.WriteFile(nb, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "run", nb, "-o", out)
	// A cache of its own for peerbook's workspaces, and the test's Go caches: a fresh HOME
	// would otherwise give the go command a cold build cache and module cache (every
	// package compiled again, every dependency downloaded: two minutes).
	goEnv, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	caches := strings.Fields(string(goEnv))
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+t.TempDir(), "HOME="+t.TempDir(),
		"GOCACHE="+caches[0], "GOMODCACHE="+caches[1])
	log, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("peerbook run: %v\n%s", err, log)
	}
	if !strings.Contains(string(log), "modules: building an evaluator with example.com/localmod/stats") {
		t.Errorf("no progress line for the build in\n%s", log)
	}
	got, _ := os.ReadFile(out)
	var done struct {
		Cells []struct {
			Outputs []struct {
				Text any `json:"text"`
			} `json:"outputs"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(got, &done); err != nil || len(done.Cells) != 3 || len(done.Cells[1].Outputs) != 1 || len(done.Cells[2].Outputs) != 1 {
		t.Fatalf("output notebook: %v\n%s\nrun printed\n%s", err, got, log)
	}
	if text := multiline(done.Cells[1].Outputs[0].Text); text != string(want) {
		t.Errorf("the cell printed %q, go run printed %q", text, want)
	}
	mod := multiline(done.Cells[2].Outputs[0].Text)
	for _, w := range []string{"The notebook's modules (", "  example.com/localmod v0.0.0-00010101000000-000000000000 (example.com/localmod/stats)\n", "peerbook's own modules", "  gonum.org/v1/plot "} {
		if !strings.Contains(mod, w) {
			t.Errorf("%%go mod printed\n%s\nwithout %q", mod, w)
		}
	}
}
