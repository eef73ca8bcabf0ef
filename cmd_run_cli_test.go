package main

import (
	"bytes"
	"encoding/base64"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
	"github.com/peerbook/peerbook/internal/notebook"
)

func TestSummarize(t *testing.T) {
	png := base64.StdEncoding.EncodeToString(make([]byte, 3000))
	for _, tc := range []struct {
		data map[string]any
		want string
	}{
		{map[string]any{"text/plain": "42"}, "42\n"},
		{map[string]any{"text/plain": []any{"a\n", "b\n"}}, "a\nb\n"},
		{map[string]any{"text/plain": "Topology", "image/svg+xml": strings.Repeat("x", 43*1024), "text/html": "<b>"}, "[image/svg+xml 43 KB]\n"},
		{map[string]any{"text/plain": "img", "image/png": png}, "[image/png 3 KB]\n"},
		{map[string]any{"text/html": "<p>hi</p>"}, "[text/html 9 B]\n"},
		{map[string]any{"application/vnd.x+json": map[string]any{"a": 1}}, "[application/vnd.x+json 7 B]\n"},
		{map[string]any{"text/plain": "x", "image/svg+xml": strings.Repeat("x", 3<<20/2)}, "[image/svg+xml 1.5 MB]\n"},
	} {
		if got := summarize(tc.data); got != tc.want {
			t.Errorf("summarize(%.60v) = %q, want %q", tc.data, got, tc.want)
		}
	}
}

// The progress of a cell: its line, its outputs under it as they come (indented, text cut
// anywhere), its value, then ok; a cell without outputs stays on one line; -q shows no
// outputs.
func TestCellProgressShowsOutputs(t *testing.T) {
	cell := func(src string) *notebook.Cell {
		nb, err := notebook.Decode([]byte(`{"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "source": ` + quote(src) + `}], "metadata": {}, "nbformat": 4}`))
		if err != nil {
			t.Fatal(err)
		}
		return nb.Cells[0]
	}
	for _, quiet := range []bool{false, true} {
		var b bytes.Buffer
		p := &cellProgress{out: &b, quiet: quiet}
		echo := p.echo()
		c := cell("fmt.Print(\"a\")")
		p.CellStarted(1, 3, c)
		if !quiet {
			echo.Stream("stdout", "hel")
			echo.Stream("stdout", "lo\nwor")
			echo.Stream("stderr", "ld")
			echo.Display(bundle(map[string]any{"text/plain": "p", "image/png": base64.StdEncoding.EncodeToString(make([]byte, 2048))}), "d", false)
			echo.Display(bundle(map[string]any{"text/plain": "updated"}), "d", true)
		}
		c.SetOutputs([]map[string]any{{"output_type": "execute_result", "data": map[string]any{"text/plain": "7"}}}, 1)
		p.CellDone(1, 3, c, 2*time.Millisecond, nil)
		c2 := cell("x := 1")
		p.CellStarted(2, 3, c2)
		p.CellDone(2, 3, c2, time.Millisecond, nil)
		c3 := cell("panic(1)")
		p.CellStarted(3, 3, c3)
		p.CellDone(3, 3, c3, time.Millisecond, &evalproto.Error{Name: "panic", Value: "1", Traceback: []string{"\x1b[31mpanic: 1\x1b[0m", "goroutine 1"}})
		// The display's update comes within a second of it: not on a terminal, its last
		// state shows when the cell ends.
		want := "[1/3] fmt.Print(\"a\")\n    hello\n    world\n    [image/png 2 KB]\n    updated\n    7\n  ok (2ms)\n" +
			"[2/3] x := 1  ok (1ms)\n" +
			"[3/3] panic(1)  FAILED (1ms)\n    panic: 1\n    goroutine 1\n"
		if quiet {
			want = "[1/3] fmt.Print(\"a\")  ok (2ms)\n[2/3] x := 1  ok (1ms)\n[3/3] panic(1)  FAILED (1ms)\n    panic: 1\n    goroutine 1\n"
		}
		if b.String() != want {
			t.Errorf("quiet %v:\n got:\n%s\nwant:\n%s", quiet, b.String(), want)
		}
	}
}

func quote(s string) string {
	return `"` + strings.NewReplacer(`"`, `\"`, "\n", `\n`).Replace(s) + `"`
}

func TestFailuresNameEveryCell(t *testing.T) {
	var f failures
	if err := f.error("nb.ipynb"); err != nil {
		t.Errorf("no failures: %v", err)
	}
	f.add(3)
	if got := f.error("nb.ipynb").Error(); got != "nb.ipynb: cell 3 failed (see its error above)" {
		t.Errorf("one: %q", got)
	}
	f.add(5, 3)
	f.say(4, "the Go session died (exit status 2)")
	want := "nb.ipynb: cells 3, 4 and 5 failed (see their errors above); cell 4: the Go session died (exit status 2)"
	if got := f.error("nb.ipynb").Error(); got != want {
		t.Errorf("several:\n  got  %q\n  want %q", got, want)
	}
}

func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	if err := checkWritable("-o", filepath.Join(dir, "new.ipynb")); err != nil {
		t.Errorf("a new file in a folder: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "new.ipynb")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the check left its file behind: %v", err)
	}
	old := filepath.Join(dir, "old.ipynb")
	os.WriteFile(old, []byte("keep"), 0o644)
	if err := checkWritable("-o", old); err != nil {
		t.Errorf("an existing file: %v", err)
	}
	if data, _ := os.ReadFile(old); string(data) != "keep" {
		t.Errorf("the check changed an existing file: %q", data)
	}
	for path, want := range map[string]string{
		"/nonexistent/dir/x.ipynb": "-o /nonexistent/dir/x.ipynb: can't write it: its folder /nonexistent/dir does not exist",
		dir:                        "it is a folder",
		filepath.Join(old, "x"):    "is not a folder",
	} {
		if err := checkWritable("-o", path); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", path, err, want)
		}
	}
}

// `peerbook run` as a user sees it: outputs under their cells (or not, with -q), the
// simulated-devices notice as the first GPU cell's stderr on a line of its own, every
// failure named with --continue, and bad input refused before any cell runs.
func TestRunCommandLine(t *testing.T) {
	bin := buildPeerbook(t)
	run := func(t *testing.T, args ...string) (string, error) {
		t.Helper()
		cmd := exec.Command(bin, append([]string{"run"}, args...)...)
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stderr, &stderr
		err := cmd.Run()
		return stderr.String(), err
	}
	t.Run("outputs", func(t *testing.T) {
		nb := writeNotebook(t,
			"import (\n\t\"fmt\"\n\t\"strings\"\n\t\"peerbook/display\"\n)\nfmt.Println(\"hello\")\ndisplay.Display(display.SVG(\"<svg xmlns='http://www.w3.org/2000/svg'>\" + strings.Repeat(\" \", 3000) + \"</svg>\"))\n40 + 2",
			"%help",
			"strings.Fields?")
		log, err := run(t, nb)
		if err != nil {
			t.Fatalf("%v\n%s", err, log)
		}
		for _, want := range []string{"\n    hello\n    [image/svg+xml 3 KB]\n    42\n  ok", "\n    Magics", "func Fields(s string) []string"} {
			if !strings.Contains(log, want) {
				t.Errorf("the output lacks %q:\n%s", want, log)
			}
		}
		quiet, err := run(t, nb, "-q")
		if err != nil || strings.Contains(quiet, "    hello") || strings.Contains(quiet, "Magics") || !strings.Contains(quiet, "[3/3]") {
			t.Errorf("-q: %v\n%s", err, quiet)
		}
	})
	t.Run("notice", func(t *testing.T) {
		t.Setenv("PEERBOOK_DEVICES", "")
		nb := writeNotebook(t, "import \"fmt\"\nfmt.Println(\"first\")", "import \"peerbook/gpu\"\nfmt.Println(gpu.Runtime())")
		out := filepath.Join(t.TempDir(), "out.ipynb")
		log, err := run(t, nb, "-o", out)
		if err != nil {
			t.Fatalf("%v\n%s", err, log)
		}
		if strings.Contains(log, "\n    CUDA") {
			t.Skip("CUDA is available: no simulated-devices notice to check")
		}
		cells := readExecuted(t, out)
		if len(cells[0].Outputs) != 1 {
			t.Errorf("the notice reached a cell that used no device: %v", cells[0].Outputs)
		}
		var notice string
		for _, o := range cells[1].Outputs {
			if o["name"] == "stderr" {
				notice = outputText(o)
			}
		}
		if !strings.HasPrefix(notice, "peerbook: using simulated devices (") || !strings.HasSuffix(notice, "set PEERBOOK_DEVICES to choose\n") ||
			strings.Count(notice, "(") != strings.Count(notice, ")") || strings.Count(notice, "\n") != 1 {
			t.Errorf("the GPU cell's stderr is not the one-line notice: %q", notice)
		}
		// Under its cell, on a line of its own: stdout and stderr travel apart, so the
		// notice may come before or after the cell's printed line.
		_, block, _ := strings.Cut(log, "[2/2] fmt.Println(gpu.Runtime())\n")
		block, _, _ = strings.Cut(block, "\n  ok")
		if !strings.Contains("\n"+block+"\n", "\n    "+strings.TrimSuffix(notice, "\n")+"\n") {
			t.Errorf("the terminal doesn't show the notice on its own line under its cell:\n%s", log)
		}
	})
	t.Run("continue", func(t *testing.T) {
		nb := writeNotebook(t, "x := 1", "undefined1", "panic(\"two\")", "undefined3", "x")
		log, err := run(t, nb, "--continue")
		if !isExitCode(err, 1) {
			t.Fatalf("exit %v, want status 1\n%s", err, log)
		}
		if !strings.Contains(log, "cells 3, 4 and 5 failed (see their errors above)") {
			t.Errorf("the summary doesn't name every failed cell:\n%s", log)
		}
	})
	t.Run("continue after a crash", func(t *testing.T) {
		log, err := run(t, crashingNotebook(t), "--continue")
		if !isExitCode(err, 1) {
			t.Fatalf("exit %v, want status 1\n%s", err, log)
		}
		// Cell 3 kills the session; cell 4 then fails in the fresh one (x is gone).
		if !strings.Contains(log, "cells 3 and 4 failed (see their errors above); cell 3: the Go session died (") {
			t.Errorf("the summary doesn't name both failed cells and why the session died:\n%s", log)
		}
	})
	t.Run("trust", func(t *testing.T) {
		dataDir := t.TempDir()
		t.Setenv("JUPYTER_DATA_DIR", dataDir)
		nb := filepath.Join(t.TempDir(), "t.ipynb")
		os.WriteFile(nb, []byte(`{"cells": [{"cell_type": "code", "id": "c1", "metadata": {}, "outputs": [], "execution_count": null, "source": "40 + 2"}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`), 0o644)
		if log, err := run(t, nb, "--trust"); !isExitCode(err, 1) || !strings.Contains(log, "--trust records the notebook -o writes") || strings.Contains(log, "[1/1]") {
			t.Errorf("--trust without -o: %v\n%s", err, log)
		}
		out := filepath.Join(t.TempDir(), "out.ipynb")
		log, err := run(t, nb, "-o", out, "--trust")
		if err != nil || !strings.Contains(log, "trusted "+out+" in Jupyter ("+filepath.Join(dataDir, "nbsignatures.db")+")") {
			t.Fatalf("--trust: %v\n%s", err, log)
		}
		for _, py := range []string{"python3", "/usr/bin/python3"} {
			check := exec.Command(py, "-c", `import sys, nbformat
from nbformat.sign import NotebookNotary
print(NotebookNotary(data_dir=sys.argv[2]).check_signature(nbformat.read(sys.argv[1], as_version=4)))`, out, dataDir)
			if got, err := check.Output(); err == nil {
				if strings.TrimSpace(string(got)) != "True" {
					t.Errorf("nbformat's check of the notebook --trust signed: %s", got)
				}
				return
			}
		}
		t.Log("no python3 with nbformat: the signature was not checked by Jupyter's own code here (internal/notebook's tests compare signatures)")
	})
	t.Run("validation", func(t *testing.T) {
		nb := writeNotebook(t, "import \"fmt\"\nfmt.Println(\"ran\")")
		log, err := run(t, nb, "-o", "/nonexistent/dir/x.ipynb")
		if !isExitCode(err, 1) || !strings.Contains(log, "-o /nonexistent/dir/x.ipynb: can't write it") || strings.Contains(log, "[1/1]") {
			t.Errorf("an -o in a missing folder: %v\n%s", err, log)
		}
		log, err = run(t, nb, "--html", t.TempDir())
		if !isExitCode(err, 1) || !strings.Contains(log, "it is a folder") || strings.Contains(log, "[1/1]") {
			t.Errorf("--html naming a folder: %v\n%s", err, log)
		}
		bad := filepath.Join(t.TempDir(), "bad.ipynb")
		os.WriteFile(bad, []byte(`{"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "source": 12}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`), 0o644)
		log, err = run(t, bad)
		if !isExitCode(err, 1) || !strings.Contains(log, "cell 1: source is a number (12)") || strings.Contains(log, "ran") {
			t.Errorf("a cell with a numeric source: %v\n%s", err, log)
		}
	})
}

func bundle(data map[string]any) notebook.Bundle { return notebook.Bundle{Data: data} }

// On a terminal a display updated in place (a progress bar) is drawn again over its line
// while the cell runs, and on a line of its own when something came after it; not on a
// terminal its last state shows when the cell ends. The bar's text/plain is what shows.
func TestProgressBarUpdatesOnTheTerminal(t *testing.T) {
	nb, err := notebook.Decode([]byte(`{"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "source": "p := display.NewProgress(10, \"steps\")"}], "metadata": {}, "nbformat": 4}`))
	if err != nil {
		t.Fatal(err)
	}
	c := nb.Cells[0]
	bar := func(n string) notebook.Bundle {
		return bundle(map[string]any{"text/plain": "steps " + n, "text/html": "<div>" + n + "</div>"})
	}
	for _, live := range []bool{true, false} {
		var b bytes.Buffer
		p := &cellProgress{out: &b, live: live}
		echo := p.echo()
		p.CellStarted(1, 1, c)
		echo.Display(bar("0/10"), "bar", false)
		echo.Display(bar("5/10"), "bar", true)
		echo.Display(bar("6/10"), "bar", true)
		echo.Stream("stdout", "half way\n")
		echo.Display(bar("10/10"), "bar", true)
		echo.Display(bar("10/10"), "bar", true) // the same state again: nothing to draw
		p.CellDone(1, 1, c, time.Millisecond, nil)
		redraw := "\x1b[1A\r\x1b[2K    "
		want := "[1/1] p := display.NewProgress(10, \"steps\")\n    steps 0/10\n" +
			redraw + "steps 5/10\n" + redraw + "steps 6/10\n" +
			"    half way\n    steps 10/10\n  ok (1ms)\n"
		if !live {
			want = "[1/1] p := display.NewProgress(10, \"steps\")\n    steps 0/10\n    half way\n    steps 10/10\n  ok (1ms)\n"
		}
		if b.String() != want {
			t.Errorf("live %v:\n got %q\nwant %q", live, b.String(), want)
		}
	}
}

// A cell's line on the terminal is its first line that says what it does.
func TestCellHeaderIsItsFirstMeaningfulLine(t *testing.T) {
	for src, want := range map[string]string{
		"import (\n\t\"fmt\"\n\t\"peerbook/gpu\"\n)\n\ndev := gpu.Dev(0)":            "dev := gpu.Dev(0)",
		"// Copies and kernels at the same time.\n// More.\ns, _ := dev.NewStream()": "s, _ := dev.NewStream()",
		"/* a\n   block */\nx := 1":              "x := 1",
		"/* a */ y := 2":                         "/* a */ y := 2",
		"import \"time\"\n\nstart := time.Now()": "start := time.Now()",
		"\n\nx := 1\ny := 2":                     "x := 1",
		"import (\n\t\"fmt\"\n)":                 "import (",
		"%%timeline\nfill.Launch(dev, 1, 1, b)":  "fill.Launch(dev, 1, 1, b)",
		"%go get github.com/samber/lo@v1.53.0\nimport \"github.com/samber/lo\"\n\nx := lo.Max(xs)": "x := lo.Max(xs)",
		"%who": "%who",
	} {
		if got := headerLine(src); got != want {
			t.Errorf("headerLine(%q) = %q, want %q", src, got, want)
		}
	}
}
