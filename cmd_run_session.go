package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
	"github.com/peerbook/peerbook/internal/notebook"
	"github.com/peerbook/peerbook/kernel"
)

// `peerbook run` runs the cells in the kernel's supervised evaluator child
// (kernel.Session): a cell that kills the child (yaegi's stack overflows and concurrent
// map writes are fatal to a Go process) fails with a SessionLost error after the
// outputs it had, and with --continue the cells after it run in the fresh child the
// supervisor starts.

// runNotebook runs nb in a kernel.Session and writes the results.
func runNotebook(nb *notebook.Notebook, o runOptions) error {
	bin := o.evaluator
	if bin == "" {
		var err error
		if bin, err = kernel.DefaultEvaluator(); err != nil {
			return err
		}
	}
	session, err := kernel.StartSession(kernel.SessionConfig{
		// Shell commands (!cmd) run in the notebook's folder, as in Jupyter.
		EvaluatorCommand: []string{bin, "--dir", filepath.Dir(o.path)},
		OwnProcess:       true,
		Ranks:            o.ranks,
		Launcher:         o.launcher,
		// The supervisor's log (evaluators restarted, leftovers ended), as the kernel's.
		Logger: kernelLogger(false, os.Getenv(debugEnv), os.Stderr),
	})
	if err != nil {
		return fmt.Errorf("starting the Go session: %w", err)
	}
	defer session.Close(time.Second)
	// The child has a process group of its own: Ctrl-C reaches it through the session,
	// which interrupts the running cell when ctx ends, and the run stops.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	fmt.Fprintf(os.Stderr, "running %s\n", o.path)
	began := time.Now()
	tty := isTerminal(os.Stderr)
	p := &runProgress{cellProgress: cellProgress{colour: tty, live: tty, quiet: o.quiet, out: os.Stderr},
		nb: nb, keepGoing: o.keepGoing}
	var echo notebook.Output
	if !o.quiet {
		echo = p.echo()
	}
	runErr := notebook.Run(ctx, nb, sessionExecutor{session}, notebook.RunOptions{
		CellTimeout: o.timeout, Progress: p, ContinueOnError: o.keepGoing, Observer: echo,
	})
	if runErr != nil {
		if cerr := (*notebook.CellError)(nil); !errors.As(runErr, &cerr) {
			p.failed.err = runErr.Error()
		}
	}
	if err := writeResults(nb, o); err != nil {
		return err
	}
	if err := p.failed.error(o.path); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%s: all %d code cells ran in %v\n", o.path, codeCellsFrom(nb, 0), time.Since(began).Round(time.Millisecond))
	return nil
}

// runProgress is the progress of `peerbook run`: cellProgress, plus the failed cells for
// the last line, and what a cell that killed the session means for the run.
type runProgress struct {
	cellProgress
	nb        *notebook.Notebook
	keepGoing bool
	failed    failures
}

func (p *runProgress) CellDone(index, total int, c *notebook.Cell, took time.Duration, err error) {
	cell := p.indexOf(c) + 1
	var lost *kernel.SessionLostError
	if !errors.As(err, &lost) {
		p.cellProgress.CellDone(index, total, c, took, err)
		if err != nil {
			p.failed.add(cell)
		}
		return
	}
	// The crash report is in the cell's error, in the notebook; the terminal gets its line.
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.midLine || p.lineOpen {
		fmt.Fprintln(p.out)
	}
	p.lineOpen, p.midLine = false, false
	fmt.Fprintf(p.out, "  DIED\n%sthe Go session died while it ran this cell: %s\n%sits state was lost\n", outputIndent, lost.Summary(), outputIndent)
	p.failed.say(cell, fmt.Sprintf("the Go session died (%s)", lost.Summary()))
	if p.keepGoing && codeCellsFrom(p.nb, cell) > 0 {
		fmt.Fprintf(p.out, "%sthe cells after it run in a fresh session\n", outputIndent)
	}
}

func (p *runProgress) indexOf(c *notebook.Cell) int {
	for i, x := range p.nb.Cells {
		if x == c {
			return i
		}
	}
	return -1
}

// sessionExecutor is a kernel.Session as a notebook.Executor.
type sessionExecutor struct{ s *kernel.Session }

func (x sessionExecutor) Execute(ctx context.Context, req evalproto.ExecuteRequest, out notebook.Output) (notebook.Result, error) {
	req.AllowStdin = true // out answers input requests (a notebook.Recorder refuses them)
	done, err := x.s.Execute(ctx, req, outputEvents{out})
	var lost *kernel.SessionLostError
	if errors.As(err, &lost) {
		// The cell's error for the notebook, and the session's death for the progress.
		return notebook.Result{}, errors.Join(lost.CellError(false), lost)
	}
	if err != nil {
		return notebook.Result{}, err
	}
	var res notebook.Result
	if len(done.Value) > 0 {
		var b notebook.Bundle
		if err := json.Unmarshal(done.Value, &b); err != nil {
			return res, fmt.Errorf("the cell's value from the Go session: %w", err)
		}
		res.Value = &b
	}
	if len(done.Payloads) > 0 {
		if err := json.Unmarshal(done.Payloads, &res.Payloads); err != nil {
			return res, fmt.Errorf("the cell's payloads from the Go session: %w", err)
		}
	}
	if done.Error != nil {
		return res, done.Error
	}
	return res, nil
}

// outputEvents passes a session's events on to a cell's notebook.Output.
type outputEvents struct{ out notebook.Output }

func (o outputEvents) Stream(name, text string) { o.out.Stream(name, text) }

func (o outputEvents) Display(bundle json.RawMessage, id string, update bool) {
	var b notebook.Bundle
	if json.Unmarshal(bundle, &b) == nil {
		o.out.Display(b, id, update)
	}
}

func (o outputEvents) ClearOutput(wait bool) { o.out.ClearOutput(wait) }

func (o outputEvents) Input(prompt string, password bool) (string, error) {
	return o.out.Input(prompt, password)
}

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
