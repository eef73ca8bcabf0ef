package main

import (
	"fmt"
	"runtime/debug"
	"sort"
	"strings"
)

// goMagic runs a cell's %go: "mod" prints the modules this evaluator was built with (as
// `go version -m` lists them); "get MOD@VERSION" checks that it was built with that version
// (`peerbook run` builds the versions a notebook's cells pin before the first cell runs, and
// the kernel builds when a cell pins one).
func goMagic(args string) (string, error) {
	bi, _ := debug.ReadBuildInfo()
	return goMagicOf(args, builtModules(bi), builtPackages())
}

// builtModule is a module a binary was built with.
type builtModule struct {
	version string
	replace string // "=> path [version]" when go.mod replaced it
}

// builtModules returns the modules bi says the binary was built with, by path.
func builtModules(bi *debug.BuildInfo) map[string]builtModule {
	mods := map[string]builtModule{}
	if bi == nil {
		return mods
	}
	for _, d := range bi.Deps {
		m := builtModule{version: d.Version}
		if r := d.Replace; r != nil {
			m.replace = "=> " + r.Path
			if r.Version != "" && r.Version != "(devel)" { // a folder's is "(devel)"
				m.replace += " " + r.Version
			}
		}
		mods[d.Path] = m
	}
	return mods
}

// goMagicOf is goMagic for the modules mods and the third-party packages built (sorted).
func goMagicOf(args string, mods map[string]builtModule, built []string) (string, error) {
	f := strings.Fields(args)
	switch {
	case len(f) == 1 && f[0] == "mod":
		var b strings.Builder
		if len(built) == 0 {
			b.WriteString("no third-party packages are built into this evaluator\n")
		} else {
			fmt.Fprintf(&b, "third-party packages built in: %s\n", strings.Join(built, ", "))
		}
		b.WriteString("modules this evaluator was built with:\n")
		paths := make([]string, 0, len(mods))
		for p := range mods {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		for _, p := range paths {
			line := "  " + p + " " + mods[p].version
			if r := mods[p].replace; r != "" {
				line += " " + r
			}
			b.WriteString(line + "\n")
		}
		return b.String(), nil
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
			case strings.HasPrefix(version, "v") && strings.Count(version, ".") == 2 && version != have.version:
				return "", fmt.Errorf("%%go get %s: this evaluator was built with %s %s (another cell or the notebook's go.mod asks for a later version: Go's minimal version selection takes the highest)", a, mod, have.version)
			}
			fmt.Fprintf(&b, "%s %s\n", mod, have.version)
		}
		return b.String(), nil
	}
	return "", fmt.Errorf("%%go %s: want %%go get MODULE@VERSION or %%go mod", args)
}
