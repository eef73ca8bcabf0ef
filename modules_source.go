package main

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"reflect"
	"sort"
	"strings"
)

// modulePackages are the symbol tables of the third-party packages built into this binary
// for a notebook's imports (see kernel/modules): nil in the peerbook command as
// released; an evaluator binary built for a module set sets it from a file the build adds
// to this package.
var modulePackages map[string]map[string]reflect.Value

// peerbookGoMod is peerbook's own go.mod as it was before a module set's requirements were
// added to it: set, like modulePackages, in an evaluator binary built for a module set
// (kernel/modules.Builder.GoModVar).
var peerbookGoMod string

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

// goMagic runs a cell's %go: "mod" prints the modules this evaluator was built with (the
// requirements of its go.mod); "get MOD@VERSION" checks that it was built with that version
// (`peerbook run` builds the versions a notebook's cells pin before the first cell runs).
func goMagic(args string) (string, error) {
	f := strings.Fields(args)
	data, err := fs.ReadFile(ownSource(), "go.mod")
	if err != nil {
		return "", fmt.Errorf("%%go: %w", err)
	}
	reqs := requirements(string(data))
	built := builtPackages()
	switch {
	case len(f) == 1 && f[0] == "mod":
		return goMod(reqs, requirements(peerbookGoMod), built), nil
	case len(f) >= 2 && f[0] == "get":
		var b strings.Builder
		for _, a := range f[1:] {
			mod, version, _ := strings.Cut(a, "@")
			have, ok := reqs[mod]
			switch {
			case len(built) == 0:
				return "", fmt.Errorf("%%go get %s: no cell imports a third-party package yet, so nothing is built with this version: the pin is kept and applies when a cell imports a package of %s (in the Jupyter kernel, that cell's import builds it; with `peerbook run`, an import in any cell of the notebook)", a, mod)
			case !ok:
				return "", fmt.Errorf("%%go get %s: this evaluator was not built with %s", a, mod)
			case strings.HasPrefix(version, "v") && strings.Count(version, ".") == 2 && version != have:
				return "", fmt.Errorf("%%go get %s: this evaluator was built with %s %s (another cell or the notebook's go.mod asks for a later version: Go's minimal version selection takes the highest)", a, mod, have)
			}
			fmt.Fprintf(&b, "%s %s\n", mod, have)
		}
		return b.String(), nil
	}
	return "", fmt.Errorf("%%go %s: want %%go get MODULE@VERSION or %%go mod", args)
}

// goMod is what %go mod prints: the notebook's modules first (those providing the
// third-party packages built in), then the modules they need, then peerbook's own, apart.
// reqs are the requirements of the go.mod the evaluator was built from, own peerbook's
// (empty in a binary not built for a module set: all of reqs is peerbook's).
func goMod(reqs, own map[string]string, built []string) string {
	mods := make([]string, 0, len(reqs))
	for m := range reqs {
		mods = append(mods, m)
	}
	sort.Strings(mods)
	provides := func(m string) []string {
		var ps []string
		for _, p := range built {
			if p == m || strings.HasPrefix(p, m+"/") {
				ps = append(ps, p)
			}
		}
		return ps
	}
	var b strings.Builder
	var needed, theirs []string
	if len(built) == 0 {
		b.WriteString("The notebook's modules: none (no cell imports a third-party package; this evaluator has peerbook's packages only).\n")
	} else {
		b.WriteString("The notebook's modules (their packages that cells import are built into this evaluator):\n")
	}
	for _, m := range mods {
		switch ps := provides(m); {
		case len(ps) > 0:
			fmt.Fprintf(&b, "  %s %s (%s)", m, reqs[m], strings.Join(ps, ", "))
			if v, ok := own[m]; ok && v != reqs[m] {
				fmt.Fprintf(&b, " [peerbook requires %s: minimal version selection took the higher]", v)
			}
			b.WriteString("\n")
		case len(built) == 0 || own[m] != "":
			theirs = append(theirs, m)
		default:
			needed = append(needed, m)
		}
	}
	if len(needed) > 0 {
		b.WriteString("What they need:\n")
		for _, m := range needed {
			fmt.Fprintf(&b, "  %s %s\n", m, reqs[m])
		}
	}
	b.WriteString("\npeerbook's own modules (the evaluator's: the interpreter, ZeroMQ, plots...):\n")
	for _, m := range theirs {
		fmt.Fprintf(&b, "  %s %s\n", m, reqs[m])
	}
	return b.String()
}

// builtPackages returns the import paths of the third-party packages built into this
// binary, sorted.
func builtPackages() []string {
	var built []string
	for key := range modulePackages {
		built = append(built, path.Dir(key)) // keys are "importpath/pkgname"
	}
	sort.Strings(built)
	return built
}

// requirements returns the module versions a go.mod requires.
func requirements(gomod string) map[string]string {
	reqs := map[string]string{}
	block := false
	for _, line := range strings.Split(gomod, "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		switch {
		case len(f) == 2 && f[0] == "require" && f[1] == "(":
			block = true
		case block && len(f) == 1 && f[0] == ")":
			block = false
		case block && len(f) == 2:
			reqs[f[0]] = f[1]
		case len(f) == 3 && f[0] == "require":
			reqs[f[1]] = f[2]
		}
	}
	return reqs
}
