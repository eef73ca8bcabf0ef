package main

import (
	"fmt"
	"runtime/debug"
	"sort"
	"strings"
)

// peerbookGoMod is peerbook's own go.mod as it was before a module set's requirements were
// added to it: set, like modulePackages, in an evaluator built for a module set
// (internal/modules.Builder.GoModVar).
var peerbookGoMod string

// goMagic runs a cell's %go: "mod" prints the modules this evaluator was built with (as
// `go version -m` lists them: its build info), the notebook's apart from peerbook's; "get
// MOD@VERSION" checks that it was built with that version (`peerbook run` builds the
// versions a notebook's cells pin before the first cell runs, and the kernel builds when a
// cell pins one).
func goMagic(args string) (string, error) {
	bi, _ := debug.ReadBuildInfo()
	return goMagicOf(args, builtModules(bi), requirements(peerbookGoMod), builtPackages())
}

// builtModules returns the modules bi says the binary was built with: their versions by
// path (a replaced module's is the version required).
func builtModules(bi *debug.BuildInfo) map[string]string {
	mods := map[string]string{}
	if bi == nil {
		return mods
	}
	for _, d := range bi.Deps {
		mods[d.Path] = d.Version
	}
	return mods
}

// goMagicOf is goMagic for the modules mods the evaluator was built with, own peerbook's
// requirements and the third-party packages built (sorted).
func goMagicOf(args string, mods, own map[string]string, built []string) (string, error) {
	f := strings.Fields(args)
	switch {
	case len(f) == 1 && f[0] == "mod":
		return goMod(mods, own, built), nil
	case len(f) >= 2 && f[0] == "get":
		var b strings.Builder
		for _, a := range f[1:] {
			mod, version, _ := strings.Cut(a, "@")
			have, ok := mods[mod]
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
// mods are the modules the evaluator was built with, own peerbook's requirements (empty in
// an evaluator not built for a module set: all of mods is peerbook's).
func goMod(mods, own map[string]string, built []string) string {
	paths := make([]string, 0, len(mods))
	for m := range mods {
		paths = append(paths, m)
	}
	sort.Strings(paths)
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
	for _, m := range paths {
		switch ps := provides(m); {
		case len(ps) > 0:
			fmt.Fprintf(&b, "  %s %s (%s)", m, mods[m], strings.Join(ps, ", "))
			if v, ok := own[m]; ok && v != mods[m] {
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
			fmt.Fprintf(&b, "  %s %s\n", m, mods[m])
		}
	}
	b.WriteString("\npeerbook's own modules (the evaluator's: the interpreter, plots, the GPU bindings...):\n")
	for _, m := range theirs {
		fmt.Fprintf(&b, "  %s %s\n", m, mods[m])
	}
	return b.String()
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
