package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/peerbook/peerbook/eval"
	"github.com/peerbook/peerbook/kernel/notebook"
)

func init() {
	register(&command{
		name:    "run",
		summary: "execute a notebook headlessly, no Jupyter needed",
		usage: `peerbook run NOTEBOOK.ipynb [-o OUT.ipynb] [--html OUT.html] [--timeout D] [--continue]

Runs the notebook's code cells in order in a fresh Go session, showing progress cell by
cell on stderr, and writes the outputs into OUT.ipynb (default: the notebook itself is
left alone and nothing is written unless -o is given) and, with --html, into a
self-contained HTML page with the rich outputs in it. Exits 1 naming the first cell that
failed; --continue runs the cells after it too. Ctrl-C interrupts the running cell.

The session runs in a child process, as in the kernel: a cell that kills it (a stack
overflow, concurrent map writes, a GPU fault that leaves CUDA unusable) fails with the
reason, the outputs so far are still written, and with --continue the cells after it run
in a fresh session.`,
		run: runNotebookCommand,
	})
}

func runNotebookCommand(flags *flag.FlagSet, args []string) error {
	out := flags.String("o", "", "write the executed notebook to this file")
	htmlOut := flags.String("html", "", "write an HTML page of the executed notebook to this file")
	timeout := flags.Duration("timeout", 10*time.Minute, "longest time one cell may run (0: no limit)")
	keepGoing := flags.Bool("continue", false, "run the remaining cells after a failing one")
	// Flags may come before or after the notebook's path.
	if err := flags.Parse(args); err != nil {
		return err
	}
	rest := flags.Args()
	if len(rest) == 0 {
		flags.Usage()
		return errUsage
	}
	path := rest[0]
	if err := flags.Parse(rest[1:]); err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("run takes one notebook, got also %q", flags.Args())
	}

	nb, err := notebook.Read(path)
	if err != nil {
		return err
	}
	opts := runOptions{path: path, out: *out, html: *htmlOut, timeout: *timeout, keepGoing: *keepGoing}
	if dir := os.Getenv(runWorkerEnv); dir != "" {
		return runWorker(dir, nb, opts)
	}
	return superviseRun(nb, opts)
}

// runOptions are the command line of `peerbook run`.
type runOptions struct {
	path, out, html string
	timeout         time.Duration
	keepGoing       bool
}

// writeResults writes the executed notebook where -o and --html say.
func writeResults(nb *notebook.Notebook, o runOptions) error {
	if o.out != "" {
		if err := nb.Write(o.out); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "wrote %s\n", o.out)
	}
	if o.html != "" {
		f, err := os.Create(o.html)
		if err != nil {
			return fmt.Errorf("writing HTML: %w", err)
		}
		werr := nb.WriteHTML(f, strings.TrimSuffix(filepath.Base(o.path), ".ipynb"))
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return fmt.Errorf("writing HTML: %w", werr)
		}
		fmt.Fprintf(os.Stderr, "wrote %s\n", o.html)
	}
	return nil
}

// cellProgress prints one line per code cell on out, and a failing cell's error.
type cellProgress struct {
	colour bool
	total  int
	out    io.Writer
}

func (p *cellProgress) CellStarted(index, total int, c *notebook.Cell) {
	p.total = total
	first, _, _ := strings.Cut(strings.TrimSpace(c.Source()), "\n")
	if len(first) > 60 {
		first = first[:57] + "..."
	}
	fmt.Fprintf(p.out, "[%d/%d] %s", index, total, first)
}

func (p *cellProgress) CellDone(index, total int, c *notebook.Cell, took time.Duration, err error) {
	if err == nil {
		fmt.Fprintf(p.out, "  ok (%v)\n", took.Round(time.Millisecond))
		return
	}
	fmt.Fprintf(p.out, "  FAILED (%v)\n", took.Round(time.Millisecond))
	var ee *eval.Error
	if errors.As(err, &ee) && len(ee.Traceback) > 0 {
		for _, l := range ee.Traceback {
			if !p.colour {
				l = ansiEscape.ReplaceAllString(l, "")
			}
			fmt.Fprintln(p.out, "    "+strings.ReplaceAll(l, "\n", "\n    "))
		}
		return
	}
	fmt.Fprintf(p.out, "    %v\n", err)
}

var ansiEscape = regexp.MustCompile("\x1b\\[[0-9;]*m")

// isTerminal reports whether f is a character device (a terminal), where colour is welcome.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
