package main

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"

	"github.com/peerbook/peerbook/internal/notebook"
	"github.com/peerbook/peerbook/kernel/modules"
)

// moduleEvaluator returns the evaluator binary that `peerbook run` must use for nb, whose
// file is nbPath: "" when this binary has every third-party package the notebook's cells
// import (always, for a notebook of the standard library and peerbook's packages), else a
// binary built (or found in the user's cache) with them, the notebook's %go get pins and the
// go.mod or go.work of its folder. `peerbook run` knows every cell before the first runs, so
// it builds before the session starts and nothing is lost.
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
	have := map[string]bool{}
	for key := range modulePackages {
		have[path.Dir(key)] = true // keys are "importpath/pkgname"
	}
	missing := slices.ContainsFunc(set.Imports, func(p string) bool { return !have[p] })
	if !missing {
		return "", nil
	}
	abs, err := filepath.Abs(nbPath)
	if err != nil {
		return "", err
	}
	set.Dir = filepath.Dir(abs)
	b := &modules.Builder{
		Source:     ownSource(),
		SymbolsVar: "modulePackages",
		Progress:   func(line string) { fmt.Fprintln(os.Stderr, line) },
	}
	bin, err := b.Build(context.Background(), set)
	if err != nil {
		return "", err
	}
	return bin.Path, nil
}
