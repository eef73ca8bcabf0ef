package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// writeNotebook writes a notebook of the given code cells (with a markdown cell first) and
// returns its path.
func writeNotebook(t *testing.T, cells ...string) string {
	t.Helper()
	list := []map[string]any{{"cell_type": "markdown", "metadata": map[string]any{}, "source": "# a test"}}
	for _, src := range cells {
		list = append(list, map[string]any{"cell_type": "code", "metadata": map[string]any{},
			"execution_count": nil, "outputs": []any{}, "source": src})
	}
	data, err := json.Marshal(map[string]any{"cells": list, "metadata": map[string]any{}, "nbformat": 4, "nbformat_minor": 5})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "test.ipynb")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// executedCell is a code cell of an executed notebook.
type executedCell struct {
	Count   any              `json:"execution_count"`
	Outputs []map[string]any `json:"outputs"`
}

func readExecuted(t *testing.T, path string) []executedCell {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var nb struct {
		Cells []struct {
			Type string `json:"cell_type"`
			executedCell
		} `json:"cells"`
	}
	if err := json.Unmarshal(data, &nb); err != nil {
		t.Fatal(err)
	}
	var code []executedCell
	for _, c := range nb.Cells {
		if c.Type == "code" {
			code = append(code, c.executedCell)
		}
	}
	return code
}

// outputText is the text of one output: a stream's text, an error's evalue, a result's
// text/plain.
func outputText(o map[string]any) string {
	switch o["output_type"] {
	case "stream":
		s, _ := o["text"].(string)
		return s
	case "error":
		s, _ := o["evalue"].(string)
		return "error: " + s
	}
	d, _ := o["data"].(map[string]any)
	s, _ := d["text/plain"].(string)
	return s
}

// crashingNotebook is four cells; the second kills the Go session (unlocking an unlocked
// mutex is a fatal error of the Go runtime, which no recover catches).
func crashingNotebook(t *testing.T) string {
	return writeNotebook(t,
		"import (\n\t\"fmt\"\n\t\"sync\"\n)\nx := 41\nfmt.Println(\"before\")",
		"var mu sync.Mutex\nfmt.Println(\"going down\")\nmu.Unlock()",
		"x + 1",
		"y := 2\ny",
	)
}

// A cell that kills the session doesn't take `peerbook run` with it: the cells before keep
// their outputs, the cell says why the session died, the results are written, and the run
// fails naming the cell.
func TestRunSurvivesACellThatKillsTheSession(t *testing.T) {
	bin := buildPeerbook(t)
	nb := crashingNotebook(t)
	out := filepath.Join(t.TempDir(), "out.ipynb")
	page := filepath.Join(t.TempDir(), "out.html")
	cmd := exec.Command(bin, "run", nb, "-o", out, "--html", page)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if !isExitCode(err, 1) {
		t.Fatalf("exit: %v (want status 1)\n%s", err, stderr.String())
	}
	log := stderr.String()
	for _, want := range []string{"DIED", "fatal error: sync: unlock of unlocked mutex", "cell 3 failed"} {
		if !strings.Contains(log, want) {
			t.Errorf("stderr lacks %q:\n%s", want, log)
		}
	}
	if strings.Count(log, "goroutine ") > 2 {
		t.Errorf("the crash dump was passed on to stderr:\n%s", log)
	}
	cells := readExecuted(t, out)
	if len(cells) != 4 {
		t.Fatalf("%d code cells written", len(cells))
	}
	if len(cells[0].Outputs) != 1 || outputText(cells[0].Outputs[0]) != "before\n" {
		t.Errorf("cell 1's outputs: %v", cells[0].Outputs)
	}
	// What the cell printed comes before its error, when it left the process before the
	// crash: a fatal error can end the process while the text is still in it (how soon it
	// comes is up to the scheduler), and this test must not depend on that.
	switch n := len(cells[1].Outputs); {
	case n == 2 && outputText(cells[1].Outputs[0]) == "going down\n":
	case n == 1:
		t.Logf("the crashing cell's output did not leave its process before the crash")
	default:
		t.Errorf("the crashing cell: %d outputs, want its text then the error: %v", n, cells[1].Outputs)
	}
	last := cells[1].Outputs[len(cells[1].Outputs)-1]
	if last["ename"] != "SessionLost" || !strings.Contains(outputText(last), "unlock of unlocked mutex") {
		t.Errorf("the crashing cell's error: %v", last)
	}
	if len(cells[2].Outputs)+len(cells[3].Outputs) != 0 {
		t.Errorf("cells after the crash ran without --continue: %v %v", cells[2].Outputs, cells[3].Outputs)
	}
	if html, err := os.ReadFile(page); err != nil || !bytes.Contains(html, []byte("SessionLost")) {
		t.Errorf("the HTML page lacks the error: %v", err)
	}
}

// With --continue, the cells after the one that killed the session run in a fresh session
// (which lacks the old one's variables), with the execution counts of a run from the top.
func TestRunContinuesInAFreshSession(t *testing.T) {
	bin := buildPeerbook(t)
	out := filepath.Join(t.TempDir(), "out.ipynb")
	cmd := exec.Command(bin, "run", crashingNotebook(t), "--continue", "-o", out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); !isExitCode(err, 1) {
		t.Fatalf("exit: %v (want status 1)\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "fresh session") {
		t.Errorf("stderr doesn't say the rest runs in a fresh session:\n%s", stderr.String())
	}
	cells := readExecuted(t, out)
	if len(cells) != 4 {
		t.Fatalf("%d code cells written", len(cells))
	}
	if len(cells[2].Outputs) != 1 || !strings.Contains(outputText(cells[2].Outputs[0]), "undefined: x") {
		t.Errorf("cell 3 in the fresh session: %v", cells[2].Outputs)
	}
	if len(cells[3].Outputs) != 1 || outputText(cells[3].Outputs[0]) != "2" {
		t.Errorf("cell 4 in the fresh session: %v", cells[3].Outputs)
	}
	for i, c := range cells {
		if n, _ := c.Count.(float64); int(n) != i+1 {
			t.Errorf("cell %d: execution count %v", i+1, c.Count)
		}
	}
}

// Ctrl-C sent to `peerbook run` alone (not its process group) interrupts the running cell
// in the session's process, and the results so far are written.
func TestRunPassesAnInterruptOn(t *testing.T) {
	bin := buildPeerbook(t)
	nb := writeNotebook(t, "import \"fmt\"\nfmt.Println(\"first\")", "println(\"spin\" + \"ning\") // the header shows the source, not this\nfor {\n}", "fmt.Println(\"never\")")
	out := filepath.Join(t.TempDir(), "out.ipynb")
	cmd := exec.Command(bin, "run", nb, "-o", out)
	var stderr syncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(stderr.String(), "spinning") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond) // the cell runs: it printed
	}
	cmd.Process.Signal(syscall.SIGINT)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if !isExitCode(err, 1) {
			t.Errorf("exit: %v (want status 1)", err)
		}
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		t.Fatalf("still running a minute after the interrupt:\n%s", stderr.String())
	}
	cells := readExecuted(t, out)
	if len(cells) != 3 || len(cells[0].Outputs) != 1 || len(cells[1].Outputs) == 0 || len(cells[2].Outputs) != 0 {
		t.Fatalf("outputs after the interrupt: %v\n%s", cells, stderr.String())
	}
	if got := outputText(cells[1].Outputs[len(cells[1].Outputs)-1]); !strings.Contains(got, "nterrupt") {
		t.Errorf("the interrupted cell: %q", got)
	}
}

// syncBuffer is a bytes.Buffer that a process writes while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// isExitCode reports whether err is an exit with status code.
func isExitCode(err error, code int) bool {
	var ee *exec.ExitError
	return errors.As(err, &ee) && ee.ExitCode() == code
}

// On a CUDA device, a cell whose kernel faults (an illegal address poisons the CUDA
// context) fails with the fault; the evaluator ends after it, and with --continue the next
// cell runs on the GPU in a fresh session, not blamed for the old session's end.
func TestRunGoesOnAfterAGPUFault(t *testing.T) {
	if _, err := os.Stat("/dev/nvidiactl"); err != nil {
		t.Skip("no NVIDIA GPU here (/dev/nvidiactl: " + err.Error() + ")")
	}
	t.Setenv("PEERBOOK_DEVICES", "cuda")
	bin := buildPeerbook(t)
	nb := writeNotebook(t,
		"import \"peerbook/gpu\"\nbuf, err := gpu.Dev(0).Alloc(gpu.Int32, 16)\nerr",
		"%%cuda\nextern \"C\" __global__ void wild(int* p) { p[1LL << 40] = 1; }",
		"err = wild.Launch(gpu.Dev(0), 1, 1, buf)\nif err != nil {\n\tpanic(err)\n}",
		"import \"peerbook/gpu\"\nb, _ := gpu.Dev(0).AllocFrom([]int32{1, 2, 3})\nv, _ := b.Int32s()\nv")
	out := filepath.Join(t.TempDir(), "out.ipynb")
	cmd := exec.Command(bin, "run", nb, "--continue", "-o", out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); !isExitCode(err, 1) {
		t.Fatalf("exit: %v (want status 1)\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "cell 4 failed") {
		t.Errorf("the summary does not name the faulting cell alone:\n%s", stderr.String())
	}
	cells := readExecuted(t, out)
	if got := outputText(cells[3].Outputs[len(cells[3].Outputs)-1]); got != "[1 2 3]" {
		t.Errorf("the cell after the fault: %v\n%s", cells[3].Outputs, stderr.String())
	}
}
