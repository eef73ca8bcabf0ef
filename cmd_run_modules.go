package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/peerbook/peerbook/internal/modules"
	"github.com/peerbook/peerbook/internal/notebook"
)

// moduleEvaluator returns the evaluator binary that `peerbook run` must use for nb, whose
// file is nbPath: "" (the evaluator beside peerbook) when the notebook's cells import no
// third-party package, else a binary built (or found in the user's cache) with them, the
// notebook's %go get pins and the go.mod or go.work of its folder. `peerbook run` knows
// every cell before the first runs, so it builds before the session starts and nothing is
// lost.
func moduleEvaluator(nb *notebook.Notebook, nbPath string) (string, error) {
	var set modules.Set
	for i, c := range nb.Cells {
		if c.Type() != "code" {
			continue
		}
		r, err := modules.CellRequests(c.Source())
		if err != nil {
			return "", fmt.Errorf("cell %d: %w", i+1, err)
		}
		set.Imports = append(set.Imports, r.Imports...)
		set.Cells = append(set.Cells, c.Source())
		set.Pins = append(set.Pins, r.Pins...)
	}
	if len(set.Imports) == 0 {
		return "", nil
	}
	abs, err := filepath.Abs(nbPath)
	if err != nil {
		return "", err
	}
	set.Dir = filepath.Dir(abs)
	b := newBuilder(func(line string) { fmt.Fprintln(os.Stderr, line) })
	// Ctrl-C stops the build (the go commands run in a process group of their own, which
	// the interrupt does not reach: the build ends them) and says so.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	bin, err := b.Build(ctx, set)
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(os.Stderr, "peerbook run: the build of the evaluator was stopped (interrupted); nothing of it was kept, no cell ran: the next run builds it again")
			os.Exit(130) // as a program a SIGINT ended
		}
		return "", err
	}
	return bin.Path, nil
}
