package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/peerbook/peerbook/eval"
	"github.com/peerbook/peerbook/gpu"
	"github.com/peerbook/peerbook/kernel/crash"
	"github.com/peerbook/peerbook/kernel/evaluator/evalchild"
	"github.com/peerbook/peerbook/kernel/notebook"
)

// `peerbook run` runs the cells in a child process, a worker: the same command with
// $PEERBOOK_RUN_WORKER naming a folder where it keeps its progress (state.json) and the
// notebook as executed so far (notebook.ipynb), rewritten after every cell, and the running
// cell's outputs as they happen (outputs.jsonl, see outputLog). When the worker
// dies of a cell (yaegi's stack overflows and concurrent map writes are fatal to a Go
// process) the parent still has every finished cell's outputs, gives the cell that was
// running an error saying why the session died, writes the results, and with --continue
// starts a fresh worker at the next cell ($PEERBOOK_RUN_START).
const (
	runWorkerEnv = "PEERBOOK_RUN_WORKER"
	runStartEnv  = "PEERBOOK_RUN_START"
)

// workerState is what a worker says about its progress.
type workerState struct {
	Running  int    `json:"running"`            // index in Cells of the running cell, -1: none
	Finished bool   `json:"finished"`           // the run ended without the process dying
	Failed   int    `json:"failed,omitempty"`   // 1-based index in Cells of the first failing cell
	Failures []int  `json:"failures,omitempty"` // 1-based indexes in Cells of every cell that failed
	Error    string `json:"error,omitempty"`    // why the run failed (not a cell error)
	Poisoned string `json:"poisoned,omitempty"` // the devices became unusable; the worker exits
	Last     int    `json:"last"`               // index in Cells of the last cell that ran, -1: none
}

// workerFiles are the files of a worker's folder.
type workerFiles struct{ dir string }

func (w workerFiles) state() string    { return filepath.Join(w.dir, "state.json") }
func (w workerFiles) notebook() string { return filepath.Join(w.dir, "notebook.ipynb") }

// outputs is the running cell's outputLog.
func (w workerFiles) outputs() string { return filepath.Join(w.dir, "outputs.jsonl") }

// save writes data to path by renaming a new file over it, so that a reader (or a worker
// dying mid-write) never leaves half a file.
func save(path string, data []byte) error {
	tmp := path + ".new"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// runWorker runs nb's cells in this process, from $PEERBOOK_RUN_START on, recording its
// progress in dir. It exits the process: 0 when every cell ran, 1 when one failed, and
// evalchild.ExitPoisoned when the devices became unusable.
func runWorker(dir string, nb *notebook.Notebook, o runOptions) error {
	files := workerFiles{dir}
	start, _ := strconv.Atoi(os.Getenv(runStartEnv))
	if start > 0 {
		// A restart: the notebook so far, with the outputs of the cells before start.
		var err error
		if nb, err = notebook.Read(files.notebook()); err != nil {
			return err
		}
	}
	evalchild.LimitStack()
	session, err := eval.New(eval.Options{Dir: filepath.Dir(o.path), Packages: modulePackages, GoMagic: goMagic})
	if err != nil {
		return fmt.Errorf("starting the Go session: %w", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	outputs, err := openOutputLog(files.outputs())
	if err != nil {
		return fmt.Errorf("run worker: %w", err)
	}
	defer outputs.Close()
	// Progress goes to stdout (the parent shows it on its stderr), so that a crash dump,
	// which the runtime writes to stderr, starts on a line of its own there.
	p := &workerProgress{cellProgress: cellProgress{colour: isTerminal(os.Stderr), quiet: o.quiet, out: os.Stdout}, nb: nb, files: files,
		st: workerState{Running: -1, Last: -1}, outputs: outputs}
	var observer eval.Output = outputs
	if !o.quiet {
		observer = teeOutput{outputs, p.echo()}
	}
	ex := &noticeExecutor{ex: session}
	defer gpu.SetNotice(gpu.SetNotice(ex))
	runErr := notebook.Run(ctx, nb, ex, notebook.RunOptions{
		CellTimeout: o.timeout, Progress: p, ContinueOnError: o.keepGoing, Start: start, Observer: observer,
	})
	session.Close()
	p.st.Running, p.st.Finished = -1, true
	if runErr != nil {
		var cerr *notebook.CellError
		if errors.As(runErr, &cerr) {
			p.st.Failed = cerr.Index
		} else {
			p.st.Error = runErr.Error()
		}
	}
	if err := p.checkpoint(true); err != nil {
		return err
	}
	if runErr != nil {
		os.Exit(1)
	}
	os.Exit(0)
	return nil
}

// workerProgress prints progress as `peerbook run` does and checkpoints after each cell.
type workerProgress struct {
	cellProgress
	nb      *notebook.Notebook
	files   workerFiles
	st      workerState
	outputs *outputLog
}

func (p *workerProgress) CellStarted(index, total int, c *notebook.Cell) {
	p.outputs.reset()
	p.st.Running = p.indexOf(c)
	p.checkpoint(false)
	p.cellProgress.CellStarted(index, total, c)
}

func (p *workerProgress) CellDone(index, total int, c *notebook.Cell, took time.Duration, err error) {
	p.cellProgress.CellDone(index, total, c, took, err)
	p.st.Running, p.st.Last = -1, p.indexOf(c)
	if err != nil {
		p.st.Failures = append(p.st.Failures, p.st.Last+1)
	}
	if perr := gpu.Poisoned(); perr != nil {
		// The devices can't be used in this process any more: a fresh one must go on.
		p.st.Poisoned = perr.Error()
		p.checkpoint(true)
		os.Exit(evalchild.ExitPoisoned)
	}
	p.checkpoint(true)
}

func (p *workerProgress) indexOf(c *notebook.Cell) int {
	for i, x := range p.nb.Cells {
		if x == c {
			return i
		}
	}
	return -1
}

// checkpoint writes the state and, with withNotebook, the notebook as it is now.
func (p *workerProgress) checkpoint(withNotebook bool) error {
	if withNotebook {
		data, err := p.nb.Encode()
		if err == nil {
			err = save(p.files.notebook(), data)
		}
		if err != nil {
			return fmt.Errorf("run worker: saving the notebook: %w", err)
		}
	}
	data, _ := json.Marshal(p.st)
	if err := save(p.files.state(), data); err != nil {
		return fmt.Errorf("run worker: saving its state: %w", err)
	}
	return nil
}

// superviseRun runs nb in worker processes and writes the results.
func superviseRun(nb *notebook.Notebook, o runOptions) error {
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("finding this program to run the cells: %w", err)
	}
	dir, err := os.MkdirTemp("", "peerbook-run-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	files := workerFiles{dir}
	// Ctrl-C reaches the worker too (same process group); one sent to this process alone
	// is passed on. Either way the worker interrupts its cell and ends the run.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	defer signal.Stop(sigs)

	fmt.Fprintf(os.Stderr, "running %s\n", o.path)
	began := time.Now()
	var failed failures
	total := codeCells(nb)
	for start := 0; ; {
		st, died, err := runWorkerProcess(exe, files, start, o, sigs)
		if err != nil {
			return err
		}
		if saved, err := notebook.Read(files.notebook()); err == nil {
			nb = saved
		}
		failed.add(st.Failures...)
		if st.Finished {
			if st.Failed > 0 {
				failed.add(st.Failed)
			}
			failed.err = st.Error
			break
		}
		next := -1
		switch {
		case st.Poisoned != "":
			// The cell that poisoned the devices has its error; the session must restart.
			c := nb.Cells[st.Last]
			note := fmt.Sprintf("The devices can't be used in this process any more (%s): the Go session ends here, and its state is lost.\n", st.Poisoned)
			c.SetOutputs(append(c.Outputs(), map[string]any{"output_type": "stream", "name": "stderr", "text": note}), executionCount(nb, st.Last))
			fmt.Fprintf(os.Stderr, "    the GPU fault left CUDA unusable: the session ends (its state is lost)\n")
			failed.add(st.Last + 1)
			next = st.Last + 1
		case st.Running >= 0:
			// What the cell printed and displayed before the session died, then why.
			nb.Cells[st.Running].SetOutputs(replayOutputs(files.outputs()), executionCount(nb, st.Running))
			setSessionDied(nb, st.Running, died)
			fmt.Fprintf(os.Stderr, "  DIED\n    the Go session died while it ran this cell: %s\n    its state was lost\n", died.summary)
			failed.add(st.Running + 1)
			failed.say(st.Running+1, fmt.Sprintf("the Go session died (%s)", died.summary))
			next = st.Running + 1
		default:
			// Dead before or between cells: nothing to blame a cell for.
			_, more := crash.Explain(died.report, died.tail, 20)
			return fmt.Errorf("the Go session died (%s)\n%s", died.summary, more)
		}
		if !o.keepGoing || next >= len(nb.Cells) {
			break
		}
		data, err := nb.Encode()
		if err == nil {
			err = save(files.notebook(), data)
		}
		if err != nil {
			return fmt.Errorf("saving the notebook for a fresh session: %w", err)
		}
		if codeCellsFrom(nb, next) > 0 {
			fmt.Fprintf(os.Stderr, "    the cells after it run in a fresh session\n")
		}
		start = next
	}
	if err := writeResults(nb, o); err != nil {
		return err
	}
	if err := failed.error(o.path); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%s: all %d code cells ran in %v\n", o.path, total, time.Since(began).Round(time.Millisecond))
	return nil
}

// workerDeath is how a worker died.
type workerDeath struct {
	summary string // the line that says why
	tail    string // the end of its stderr
	report  string // its crash report (crash.Watcher.Report)
}

// runWorkerProcess runs one worker from cell start and returns its last state, and how it
// died where it did. Its stderr (progress lines) goes to ours until it crashes; the crash
// dump, often thousands of lines, is summed up instead.
func runWorkerProcess(exe string, files workerFiles, start int, o runOptions, sigs <-chan os.Signal) (workerState, workerDeath, error) {
	os.Remove(files.state())
	args := []string{"run", o.path, "--timeout", o.timeout.String()}
	if o.keepGoing {
		args = append(args, "--continue")
	}
	if o.quiet {
		args = append(args, "-q")
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), runWorkerEnv+"="+files.dir, runStartEnv+"="+strconv.Itoa(start))
	cmd.Stdin, cmd.Stdout = nil, os.Stderr
	var watch crash.Watcher
	stderr := &untilCrash{watch: &watch, out: os.Stderr}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return workerState{}, workerDeath{}, fmt.Errorf("starting the Go session's process: %w", err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	var werr error
wait:
	for {
		select {
		case <-sigs:
			cmd.Process.Signal(os.Interrupt)
		case werr = <-waited:
			break wait
		}
	}
	stderr.flush() // Wait has copied all of it
	watch.Close()
	status := "exit status 0"
	if werr != nil {
		status = werr.Error()
	}
	death := workerDeath{summary: watch.Summary(status), tail: watch.Tail(), report: watch.Report()}
	var st workerState
	data, err := os.ReadFile(files.state())
	if err != nil {
		// It died before its first cell.
		return workerState{Running: -1, Last: -1}, death, nil
	}
	if err := json.Unmarshal(data, &st); err != nil {
		return st, death, fmt.Errorf("reading the run's state: %w", err)
	}
	if st.Finished && werr != nil && !isExitCode(werr, 1) {
		st.Finished = false // died while writing its results
	}
	return st, death, nil
}

// isExitCode reports whether err is an exit with status code.
func isExitCode(err error, code int) bool {
	var ee *exec.ExitError
	return errors.As(err, &ee) && ee.ExitCode() == code
}

// untilCrash passes a worker's stderr on, line by line, until its crash report starts (the
// first crash or "runtime: " line), and only watches it after. A line waits for its end
// (up to maxPending bytes), so that the start of a crash report is never shown.
type untilCrash struct {
	watch   *crash.Watcher
	out     io.Writer
	pending []byte
}

const maxPending = 4096

func (u *untilCrash) Write(p []byte) (int, error) {
	if u.watch.Reporting() {
		return u.watch.Write(p)
	}
	u.pending = append(u.pending, p...)
	for {
		nl := bytes.IndexByte(u.pending, '\n')
		if nl < 0 {
			break
		}
		line := u.pending[:nl+1]
		u.watch.Write(line)
		if u.watch.Reporting() {
			u.watch.Write(u.pending[nl+1:])
			u.pending = nil
			return len(p), nil
		}
		u.out.Write(line)
		u.pending = u.pending[nl+1:]
	}
	if len(u.pending) > maxPending {
		u.flush()
	}
	return len(p), nil
}

// flush passes on (or watches only) a last line without its end.
func (u *untilCrash) flush() {
	if len(u.pending) == 0 {
		return
	}
	u.watch.Write(u.pending)
	if !u.watch.Reporting() {
		u.out.Write(u.pending)
	}
	u.pending = nil
}

// setSessionDied gives cell i of nb the error of a session that died while running it,
// after the outputs it had.
func setSessionDied(nb *notebook.Notebook, i int, died workerDeath) {
	tb := []any{
		"\x1b[0;31mSessionLost\x1b[0m: the Go session died while it ran this cell: " + died.summary,
		"Its state (variables, functions, imports) was lost.",
	}
	if heading, text := crash.Explain(died.report, died.tail, 30); heading != "" {
		tb = append(tb, "", heading)
		for _, l := range strings.Split(text, "\n") {
			tb = append(tb, l)
		}
	}
	c := nb.Cells[i]
	c.SetOutputs(append(c.Outputs(), map[string]any{
		"output_type": "error", "ename": "SessionLost",
		"evalue":    fmt.Sprintf("the Go session died (%s); its state was lost", died.summary),
		"traceback": tb,
	}), executionCount(nb, i))
}

// executionCount is the execution count cell i gets in a run of nb from the top.
func executionCount(nb *notebook.Notebook, i int) int {
	n := 0
	for _, c := range nb.Cells[:i+1] {
		if c.Type() == "code" && strings.TrimSpace(c.Source()) != "" {
			n++
		}
	}
	return n
}

// codeCells counts nb's code cells.
func codeCells(nb *notebook.Notebook) int { return codeCellsFrom(nb, 0) }

// codeCellsFrom counts nb's code cells from index i on.
func codeCellsFrom(nb *notebook.Notebook, i int) int {
	n := 0
	for _, c := range nb.Cells[i:] {
		if c.Type() == "code" {
			n++
		}
	}
	return n
}
