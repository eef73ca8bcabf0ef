package notebook

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// pythonWithNbformat is a python3 that imports nbformat (the reference), or "".
func pythonWithNbformat() string {
	for _, py := range []string{"python3", "/usr/bin/python3"} {
		if p, err := exec.LookPath(py); err == nil && exec.Command(p, "-c", "import nbformat.sign").Run() == nil {
			return p
		}
	}
	return ""
}

// signCases are notebooks whose signatures must agree with nbformat's: the tutorials as
// they are, and one with what the digest must print as Python does (floats, big and
// negative ints, booleans, null, unicode keys, multiline lists, transient metadata).
func signCases(t *testing.T) map[string]string {
	cases := map[string]string{}
	tuts, _ := filepath.Glob("../../notebooks/*.ipynb")
	for _, p := range tuts {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		cases[filepath.Base(p)] = string(data)
	}
	cases["scalars"] = `{"nbformat": 4, "nbformat_minor": 4, "metadata": {"signature": "sha256:x", "orig_nbformat": 3,
 "x": [1.0, 0.1, 1e16, 1.5e-5, 123456789012345678901234, -0, -2.50, 1E3, 0.0001, true, false, null], "é": "ü", "a": {"z": 1, "b": 2}},
 "cells": [{"cell_type": "code", "metadata": {"trusted": true}, "execution_count": 3, "source": ["x := 1\n", "x"],
  "outputs": [{"output_type": "execute_result", "execution_count": 3, "metadata": {"image/png": {"width": 10.5}},
   "data": {"text/plain": ["1\n", "2"], "application/json": {"k": [1, 2]}}},
   {"output_type": "stream", "name": "stdout", "text": ["a\n", "b"]}]},
  {"cell_type": "markdown", "metadata": {}, "source": ["# t\n", "x"]}]}`
	return cases
}

// Signature agrees with nbformat's NotebookNotary.compute_signature of the notebook as
// nbformat.read gives it, the reference `jupyter trust` and Jupyter's trust check use.
func TestSignatureMatchesNbformat(t *testing.T) {
	py := pythonWithNbformat()
	if py == "" {
		t.Skip("no python3 with nbformat (Debian: python3-nbformat) to compare with")
	}
	secret := []byte("c2VjcmV0IGtleQ==\nbW9yZQ==\n")
	dir := t.TempDir()
	for name, nb := range signCases(t) {
		path := filepath.Join(dir, "nb.ipynb")
		if err := os.WriteFile(path, []byte(nb), 0o644); err != nil {
			t.Fatal(err)
		}
		want, err := exec.Command(py, "-c", `import sys, nbformat
from nbformat.sign import NotebookNotary
nb = nbformat.read(sys.argv[1], as_version=4)
print(NotebookNotary(secret=sys.argv[2].encode()).compute_signature(nb))`, path, string(secret)).Output()
		if err != nil {
			t.Fatalf("%s: nbformat: %v: %s", name, err, want)
		}
		got, err := Signature([]byte(nb), secret)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got != strings.TrimSpace(string(want)) {
			t.Errorf("%s: signature %s, nbformat's %s", name, got, strings.TrimSpace(string(want)))
		}
	}
}

// A notebook of nbformat 4.5 with a cell without an id can't be signed: nbformat gives the
// cell a new random id on every read.
func TestSignatureRefusesCellsWithoutIDs(t *testing.T) {
	nb := `{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [{"cell_type": "markdown", "metadata": {}, "source": "x"}]}`
	if _, err := Signature([]byte(nb), []byte("k")); err == nil || !strings.Contains(err.Error(), "cell 1 has no id") {
		t.Errorf("Signature of a 4.5 notebook without cell ids: %v", err)
	}
}

// A notebook Trust recorded is trusted by nbformat's own check (its secret and database,
// which Trust made in an empty data directory), and an edited one is not.
func TestTrustIsWhatJupyterChecks(t *testing.T) {
	py := pythonWithNbformat()
	if py == "" {
		t.Skip("no python3 with nbformat (Debian: python3-nbformat) to check with")
	}
	dataDir := filepath.Join(t.TempDir(), "jupyter")
	path := filepath.Join(t.TempDir(), "nb.ipynb")
	if err := os.WriteFile(path, []byte(signCases(t)["scalars"]), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Trust(path, dataDir); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(dataDir, "notebook_secret")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("notebook_secret: %v, mode %v, want 0600", err, fi)
	}
	check := func() string {
		out, err := exec.Command(py, "-c", `import sys, nbformat
from nbformat.sign import NotebookNotary
nb = nbformat.read(sys.argv[1], as_version=4)
print(NotebookNotary(data_dir=sys.argv[2]).check_signature(nb))`, path, dataDir).CombinedOutput()
		if err != nil {
			t.Fatalf("nbformat: %v: %s", err, out)
		}
		return strings.TrimSpace(string(out))
	}
	if got := check(); got != "True" {
		t.Errorf("nbformat's check of a notebook Trust signed: %s, want True", got)
	}
	// Signing again keeps one row; an edited notebook is not trusted.
	if err := Trust(path, dataDir); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), "x := 1", "x := 2", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := check(); got != "False" {
		t.Errorf("nbformat's check of an edited notebook: %s, want False", got)
	}
}
