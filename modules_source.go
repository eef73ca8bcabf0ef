package main

import (
	"embed"
	"io/fs"
	"reflect"
)

// modulePackages are the symbol tables of the third-party packages built into this binary
// for a notebook's imports (see internal/modules): nil in the peerbook command as
// released; an evaluator binary built for a module set sets it from a file the build adds
// to this package.
var modulePackages map[string]map[string]reflect.Value

// source is peerbook's own module source, so that this binary can build an evaluator
// binary with a notebook's modules in it (the same main package plus their symbols)
// without finding the source on the machine: a binary built from a working tree, or
// installed with `go install` and its module cache cleaned, still carries exactly the
// source it was built from. Test files and testdata come along (an embed pattern can't
// leave them out); the build copies neither.
//
//go:embed go.mod go.sum *.go display eval gpu install internal kernel
var source embed.FS

// ownSource returns peerbook's module source, rooted at the module's folder.
func ownSource() fs.FS { return source }
