package main

import (
	"embed"
	"io/fs"

	"github.com/peerbook/peerbook/internal/modules"
)

// source is peerbook's own module source, so that this binary can build an evaluator
// binary with a notebook's modules in it (peerbook-evaluator's main package plus their
// symbols) without finding the source on the machine: a binary built from a working tree,
// or installed with `go install` and its module cache cleaned, still carries exactly the
// source it was built from. Test files and testdata come along (an embed pattern can't
// leave them out); the build copies neither.
//
//go:embed go.mod go.sum *.go display eval gpu install internal kernel
var source embed.FS

// ownSource returns peerbook's module source, rooted at the module's folder.
func ownSource() fs.FS { return source }

// newBuilder is the builder of evaluators with a notebook's modules; progress, when not
// nil, gets a line per step. The variables are the evaluator command's
// (internal/cmd/peerbook-evaluator).
func newBuilder(progress func(string)) *modules.Builder {
	return &modules.Builder{Source: ownSource(), SymbolsVar: "modulePackages", GoModVar: "peerbookGoMod", Progress: progress}
}
