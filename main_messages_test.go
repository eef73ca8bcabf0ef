package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/internal/notebook"
)

// runMain runs the command line in this process and returns its exit code, stdout and
// stderr.
func runMain(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := mainStatus(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// A duration without a unit says which unit to add, not the whole usage.
func TestDurationWithoutAUnitSaysSo(t *testing.T) {
	code, stdout, stderr := runMain("run", "--timeout", "5", "x.ipynb")
	if code != 2 || stdout != "" {
		t.Errorf("exit %d, stdout %q", code, stdout)
	}
	if !strings.Contains(stderr, `invalid value "5" for flag --timeout: durations need a unit: 5s`) || strings.Contains(stderr, "Usage:") || strings.Contains(stderr, "--html") {
		t.Errorf("--timeout 5:\n%s", stderr)
	}
	if !strings.Contains(stderr, `"peerbook help run"`) {
		t.Errorf("--timeout 5 does not say where the usage is:\n%s", stderr)
	}
	if code, _, stderr := runMain("run", "--timeout", "soon", "x.ipynb"); code != 2 || !strings.Contains(stderr, "not a duration (write it as 90s, 10m or 1h30m)") {
		t.Errorf("--timeout soon: exit %d\n%s", code, stderr)
	}
	// An unknown flag lists the flags there are.
	if code, _, stderr := runMain("run", "--tiemout", "5s", "x.ipynb"); code != 2 || !strings.Contains(stderr, "flag provided but not defined: --tiemout") || !strings.Contains(stderr, "--timeout duration") {
		t.Errorf("--tiemout: exit %d\n%s", code, stderr)
	}
}

// --help of every command goes to stdout and exits 0, as `peerbook --help` does.
func TestHelpOfEveryCommandGoesToStdout(t *testing.T) {
	code, stdout, stderr := runMain("--help")
	if code != 0 || stderr != "" || !strings.Contains(stdout, "Commands:") {
		t.Fatalf("peerbook --help: exit %d, stderr %q", code, stderr)
	}
	for _, c := range commands {
		for _, h := range []string{"--help", "-h"} {
			code, stdout, stderr := runMain(c.name, h)
			if code != 0 || stderr != "" || !strings.HasPrefix(stdout, "Usage: peerbook "+c.name) {
				t.Errorf("peerbook %s %s: exit %d\nstdout:\n%s\nstderr:\n%s", c.name, h, code, stdout, stderr)
			}
		}
	}
	// A command line that makes no sense still gets its usage on stderr.
	if code, stdout, stderr := runMain("run"); code != 2 || stdout != "" || !strings.HasPrefix(stderr, "Usage: peerbook run") {
		t.Errorf("peerbook run: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

// JSON that is no notebook says so.
func TestRunSaysWhatIsNotANotebook(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ json, want string }{
		{`{"hello":"world"}`, `not a notebook: it has neither "nbformat" nor "cells"`},
		{`{"cells": []}`, `not a notebook: no "nbformat"`},
		{`{"nbformat": 3, "cells": []}`, "unsupported nbformat 3"},
	} {
		path := filepath.Join(dir, "x.ipynb")
		os.WriteFile(path, []byte(tc.json), 0o644)
		code, _, stderr := runMain("run", path)
		if code != 1 || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "<nil>") {
			t.Errorf("%s: exit %d\n%s", tc.json, code, stderr)
		}
	}
}

// A notebook whose kernelspec names another language is refused before any cell runs,
// unless --as-go.
func TestRunRefusesANotebookOfAnotherLanguage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "py.ipynb")
	src := `{"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "source": "print(1)"}], "metadata": {"kernelspec": {"name": "python3", "language": "python", "display_name": "Python 3"}}, "nbformat": 4, "nbformat_minor": 5}`
	os.WriteFile(path, []byte(src), 0o644)
	code, _, stderr := runMain("run", path)
	if code != 1 || !strings.Contains(stderr, `is not a Go notebook (its metadata names kernel "python3", language "python")`) ||
		!strings.Contains(stderr, "--as-go") || strings.Contains(stderr, "[1/1]") {
		t.Errorf("a python3 notebook: exit %d\n%s", code, stderr)
	}
	nb, err := notebook.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkLanguage(nb, path, true); err != nil {
		t.Errorf("--as-go: %v", err)
	}
	for _, md := range []string{`{}`, `{"kernelspec": {"name": "peerbook", "language": "go"}}`, `{"language_info": {"name": "go"}}`} {
		nb, err := notebook.Decode([]byte(`{"cells": [], "metadata": ` + md + `, "nbformat": 4}`))
		if err != nil {
			t.Fatal(err)
		}
		if err := checkLanguage(nb, "x.ipynb", false); err != nil {
			t.Errorf("metadata %s: %v", md, err)
		}
	}
}
