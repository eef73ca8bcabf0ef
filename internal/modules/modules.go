// Package modules builds evaluator binaries that export third-party Go packages to cells.
//
// A cell that imports "gonum.org/v1/gonum/mat" needs the package compiled: yaegi v0.16.1
// cannot interpret gonum's or go-humanize's source (both use the min/max builtins of Go
// 1.21), and where it can, library code runs tens of times slower than compiled Go
// (docs/MODULES.md has the figures). So the package is built with the go command into a new
// evaluator binary: peerbook-evaluator's main package plus a generated package of yaegi
// symbol tables for the imported packages, which the evaluator hands to the interpreter.
//
// A Builder does that for a Set (the imported packages, `%go get` pins, the notebook's
// folder). The work happens in a workspace under the user's cache dir, keyed by everything
// that decides the binary's content, so that a later session with the same module set
// reuses the binary at once. The steps, each a go command run with the user's environment
// (GOPROXY, GOFLAGS, GOPRIVATE, the module cache):
//
//  1. copy peerbook's source (Builder.Source) into the workspace; its go.mod is the build's;
//  2. honour the notebook's Go project: a go.mod or go.work in its folder or above becomes
//     replace directives to the modules' folders, so the project's packages build at their
//     working-tree state;
//  3. pin versions (`go get mod@version`), then `go mod tidy` resolves the imports' modules;
//  4. a small generator (yaegi's extract package, run inside the workspace so its source
//     importer sees the module's packages) writes the symbol tables;
//  5. `go build` links the evaluator binary.
//
// This package runs the go command only: it links neither yaegi nor the interpreter, so the
// kernel process (which owns starting evaluator processes) can use it.
package modules

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/peerbook/peerbook/internal/modulegen/naming"
)

// Set is the module set a session's cells need.
type Set struct {
	// Imports are the import paths of the third-party packages cells import.
	Imports []string
	// Pins are `%go get` requests: "module@version" (a version query the go command
	// accepts: v1.2.3, latest, a branch or commit).
	Pins []string
	// Dir is the notebook's folder: a go.work or go.mod found there or above is honoured.
	// "" means none is looked for.
	Dir string
	// Cells are the sources of the notebook's code cells, in order: the first build of a
	// module set type-checks them against the packages and compiles an instance of each
	// generic function or type of the packages they use (lo.Map(xs, f),
	// orderedmap.Map[string, int]); any other use runs the generic's interpreted copy (see
	// package naming). Cells change no build key: a later build of the set takes the
	// binary as it is, without running the go command, unless More is set.
	Cells []string
	// More asks a build whose binary exists to compile the instances Cells use that it
	// lacks (with those of the cells it was built for), and to link again when there are
	// new ones: for a use that has no instance and can't be interpreted.
	More bool
	// Requests are instances an evaluator asked for, each "PATH NAME CANON" (see
	// naming.Requests), with More: the build compiles each, or records why it can't so that
	// the evaluator refuses the use with the reason instead of asking again.
	Requests []string
}

// Builder builds evaluator binaries for module sets.
type Builder struct {
	// Source is peerbook's own module source: go.mod, go.sum and the packages' folders,
	// with the evaluator's main package in internal/cmd/peerbook-evaluator. Test files and
	// testdata folders in it are not copied.
	Source fs.FS
	// SymbolsVar names a package-level variable of the evaluator's main package, of type
	// map[string]map[string]reflect.Value, that the evaluator hands to the interpreter: the
	// build adds a file to the main package that sets it to the generated symbol tables.
	SymbolsVar string
	// GoModVar, when set, names a package-level string variable of the main package that
	// the build sets to Source's go.mod as it was (peerbook's own requirements, before the
	// module set's were added): %go mod tells the notebook's modules from peerbook's.
	GoModVar string
	// CacheDir holds the workspaces; "" means os.UserCacheDir()/peerbook/modules.
	CacheDir string
	// Go is the go command; "" means "go" found on PATH.
	Go string
	// Env is the environment of the go commands; nil means os.Environ(). GOPROXY,
	// GOFLAGS, GOPRIVATE and GOMODCACHE in it are honoured as the go command does.
	Env []string
	// Progress, when set, gets one line per step of a build.
	Progress func(line string)
	// KeepWorkspaces is how many of the most recently used workspaces each build keeps in
	// the cache folder (older ones are removed, see prune.go); 0 means
	// DefaultKeepWorkspaces, a negative number keeps all.
	KeepWorkspaces int
	// tr says what the build does (progress.go); set by Build on its copy of the Builder.
	tr *tracker
	// Start, when set, starts each go command the build runs in place of cmd.Start; done
	// is called once the command has been waited for. A process that reaps children it
	// did not start itself (the kernel, a child subreaper) passes one that records the
	// go commands as its own, so that it never reaps them before os/exec does.
	Start func(cmd *exec.Cmd) (done func(), err error)
}

// Binary is a built evaluator binary.
type Binary struct {
	// Path is the executable.
	Path string
	// Workspace is the folder it was built in (its go.mod is the module set in use).
	Workspace string
	// Packages are the import paths whose symbols it exports to cells.
	Packages []string
	// Reused is true when an earlier build's binary was taken as it was.
	Reused bool
}

// ErrNoGo is returned (wrapped) when there is no go command to build with.
var ErrNoGo = errors.New("modules: the go command was not found: third-party packages in cells are built with it; install Go 1.26 or later (https://go.dev/dl/) and put its bin folder on PATH")

// Build returns an evaluator binary that exports the packages of set to cells, building it
// if no earlier build matches.
func (b *Builder) Build(ctx context.Context, set Set) (*Binary, error) {
	start := time.Now()
	if b.tr == nil {
		bb := *b
		bb.tr = newTracker(b.Progress)
		b = &bb
		defer b.tr.start()()
	}
	if b.Source == nil || b.SymbolsVar == "" {
		return nil, errors.New("modules: Builder needs Source and SymbolsVar")
	}
	imports := slices.Compact(slices.Sorted(slices.Values(set.Imports)))
	for _, p := range imports {
		if err := checkImportPath(p); err != nil {
			return nil, err
		}
	}
	if len(imports) == 0 {
		return nil, errors.New("modules: no third-party package to build")
	}
	root := b.CacheDir
	if root == "" {
		c, err := os.UserCacheDir()
		if err != nil {
			return nil, fmt.Errorf("modules: no cache dir for the build workspaces: %w", err)
		}
		root = filepath.Join(c, "peerbook", "modules")
	}
	g, err := b.goCmd(ctx, root)
	if err != nil {
		return nil, err
	}
	proj, err := findProject(ctx, g, set.Dir)
	if err != nil {
		return nil, err
	}
	srcHash, err := hashFS(b.Source)
	if err != nil {
		return nil, fmt.Errorf("modules: read peerbook's source: %w", err)
	}
	key := buildKey(srcHash, g.version, g.getenv("GOFLAGS"), imports, set.Pins, proj)
	ws := filepath.Join(root, key)
	bin := filepath.Join(ws, "peerbook-evaluator")
	out := &Binary{Path: bin, Workspace: ws, Packages: imports}
	unlock, err := b.lockBuild(ctx, ws+".lock")
	if err != nil {
		return nil, err
	}
	defer unlock()
	defer func() {
		if _, err := os.Stat(bin); err == nil {
			touch(ws)
		}
		if keep := b.KeepWorkspaces; keep >= 0 {
			if keep == 0 {
				keep = DefaultKeepWorkspaces
			}
			for _, p := range prune(root, ws, keep, time.Now()) {
				b.progress("modules: removed the workspace %s (not used lately)", p)
			}
		}
	}()
	if _, err := os.Stat(bin); err == nil && len(proj.replaces) == 0 {
		same := true
		if set.More {
			if same, err = b.sameInstances(ctx, g, ws, imports, set.Cells, set.Requests); err != nil {
				return nil, err
			}
		}
		if same {
			out.Reused = true
			return out, nil
		}
	}
	if _, err := os.Stat(filepath.Join(ws, "go.mod")); err != nil {
		b.begin("preparing the build", "modules: building an evaluator with %s (first use of this module set; later sessions reuse it)", strings.Join(imports, ", "))
		if err := b.buildNew(ctx, g, root, ws, imports, set, proj); err != nil {
			return nil, err
		}
		b.progress("modules: evaluator ready in %.1fs", time.Since(start).Seconds())
		return out, nil
	}
	if len(proj.replaces) > 0 {
		// The symbol tables hold the project's constants and exported names as they were:
		// generate them again, after a tidy for requirements the project may have added.
		if err := b.resolve(ctx, g, ws, imports, nil); err != nil {
			return nil, err
		}
		if err := b.generate(ctx, g, ws, imports, set.Cells, set.Requests); err != nil {
			return nil, err
		}
		b.begin("compiling the evaluator", "modules: go build of the evaluator (the folders %s replaces are built at their working-tree state)", proj.file)
	} else {
		b.begin("compiling the evaluator", "modules: go build of the evaluator")
	}
	tmp := bin + fmt.Sprintf(".tmp%d", os.Getpid())
	if err := b.link(ctx, g, ws, tmp, imports); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp, bin); err != nil {
		return nil, fmt.Errorf("modules: %w", err)
	}
	if err := recordLink(ws); err != nil {
		return nil, err
	}
	b.progress("modules: evaluator ready in %.1fs", time.Since(start).Seconds())
	return out, nil
}

// buildNew makes the workspace ws of a new module set: peerbook's source, the module set's
// requirements, the symbol tables and the binary. It works in a temporary folder renamed to
// ws at the end, so that a build stopped half way leaves nothing (and nothing a later build
// would take for finished).
func (b *Builder) buildNew(ctx context.Context, g *goTool, root, ws string, imports []string, set Set, proj *project) error {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return fmt.Errorf("modules: %w", err)
	}
	tmp, err := os.MkdirTemp(root, "tmp-")
	if err != nil {
		return fmt.Errorf("modules: %w", err)
	}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(tmp)
		}
	}()
	if err := copySource(b.Source, tmp); err != nil {
		return fmt.Errorf("modules: copy peerbook's source: %w", err)
	}
	ownMod, err := fs.ReadFile(b.Source, "go.mod")
	if err != nil {
		return fmt.Errorf("modules: read peerbook's go.mod: %w", err)
	}
	if err := writeHook(filepath.Join(tmp, filepath.FromSlash(evaluatorDir)), ws, g.goroot, b.SymbolsVar, b.GoModVar, string(ownMod)); err != nil {
		return err
	}
	if args := proj.editArgs(); len(args) > 0 {
		if _, err := g.run(ctx, tmp, append([]string{"mod", "edit"}, args...)...); err != nil {
			return fmt.Errorf("modules: honour %s: %w", proj.file, err)
		}
	}
	if err := writeImports(tmp, imports); err != nil {
		return err
	}
	if err := b.resolve(ctx, g, tmp, imports, set.Pins); err != nil {
		return err
	}
	if err := b.generate(ctx, g, tmp, imports, set.Cells, set.Requests); err != nil {
		return err
	}
	b.begin("compiling the evaluator", "modules: go build of the evaluator")
	b.countStale(ctx, g, tmp)
	if err := b.link(ctx, g, tmp, filepath.Join(tmp, "peerbook-evaluator"), imports); err != nil {
		return err
	}
	if err := recordLink(tmp); err != nil {
		return err
	}
	if err := os.Rename(tmp, ws); err != nil {
		if _, serr := os.Stat(filepath.Join(ws, "peerbook-evaluator")); serr == nil {
			return nil // another session made it meanwhile
		}
		return fmt.Errorf("modules: %w", err)
	}
	ok = true
	return nil
}

// countStale tells the tracker how many packages the build of the workspace dir compiles
// (those the go build cache lacks), for its "N of M packages".
func (b *Builder) countStale(ctx context.Context, g *goTool, dir string) {
	args := append(append([]string{"list", "-deps"}, g.buildFlags()...), "-f", "{{if .Stale}}{{.ImportPath}}{{end}}", "./"+evaluatorDir)
	out, err := g.run(ctx, dir, args...)
	if err != nil {
		return // the count is a help; go build says what is wrong
	}
	n := 0
	for _, l := range strings.Split(string(out), "\n") {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	b.tr.expect(n)
}

// link builds the evaluator of the workspace dir to the file out.
func (b *Builder) link(ctx context.Context, g *goTool, dir, out string, imports []string) error {
	args := append(append([]string{"build", "-v"}, g.buildFlags()...), "-o", out, "./"+evaluatorDir)
	if _, err := g.runProgress(ctx, dir, b.tr.compiled, args...); err != nil {
		os.Remove(out)
		var ce *cmdError
		if errors.As(err, &ce) { // the packages -v named are progress, not the error
			var keep []string
			for _, l := range strings.Split(ce.output, "\n") {
				if strings.ContainsAny(l, " \t:#") || l == "" {
					keep = append(keep, l)
				}
			}
			ce.output = strings.Join(keep, "\n")
		}
		return b.explainBuild(ctx, g, dir, imports, fmt.Errorf("build the evaluator: %w", err))
	}
	return nil
}

// resolve pins the versions of pins and lets `go mod tidy` add the modules of the imports
// to the go.mod of the workspace dir.
func (b *Builder) resolve(ctx context.Context, g *goTool, dir string, imports, pins []string) error {
	b.begin("resolving the modules", "modules: resolving the modules of %s", strings.Join(imports, ", "))
	for _, pin := range pins {
		if _, err := g.runProgress(ctx, dir, b.tr.goLine, "get", pin); err != nil {
			if _, err = g.runNet(ctx, dir, err, "get", pin); err != nil {
				return fmt.Errorf("modules: %%go get %s: %w", pin, explainMissing(err))
			}
		}
	}
	if _, err := g.runProgress(ctx, dir, b.tr.goLine, "mod", "tidy"); err != nil {
		if _, err = g.runNet(ctx, dir, err, "mod", "tidy"); err != nil {
			return fmt.Errorf("modules: resolve the modules of %s: %w", strings.Join(imports, ", "), explainMissing(err))
		}
	}
	return nil
}

// generate writes the symbol tables of imports into the workspace dir, replacing earlier
// ones, with the instances of the packages' generics that cells use.
func (b *Builder) generate(ctx context.Context, g *goTool, dir string, imports, cells, requests []string) error {
	b.begin("generating the symbol tables", "modules: generating the symbol tables (and the interpreted copies of generics)")
	old, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(symbolsDir), "sym_*.go"))
	for _, f := range old {
		if err := os.Remove(f); err != nil {
			return fmt.Errorf("modules: %w", err)
		}
	}
	data, err := json.Marshal(cells)
	if err != nil {
		return fmt.Errorf("modules: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, cellsInput), data, 0o644); err != nil {
		return fmt.Errorf("modules: %w", err)
	}
	if data, err = json.Marshal(requests); err != nil {
		return fmt.Errorf("modules: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, requestsInput), data, 0o644); err != nil {
		return fmt.Errorf("modules: %w", err)
	}
	args := append(append(append([]string{"run"}, g.buildFlags()...), "./"+generatorDir, "-cells", cellsInput, "-requests", requestsInput, symbolsDir), imports...)
	if _, err := g.runProgress(ctx, dir, b.tr.goLine, args...); err != nil {
		return b.explainBuild(ctx, g, dir, imports, fmt.Errorf("generate the symbols of %s: %w", strings.Join(imports, ", "), err))
	}
	return nil
}

// sameInstances generates the workspace ws's symbols again with the cells and requests it
// was built for and cells and requests (those not among them, after them) and reports
// whether its binary has every instance of generics they use, and every refusal, already. When not, the workspace's symbols are the
// new ones (the caller links again).
func (b *Builder) sameInstances(ctx context.Context, g *goTool, ws string, imports, cells, requests []string) (bool, error) {
	union := func(file string, more []string) ([]string, bool) {
		var all []string
		if old, err := os.ReadFile(filepath.Join(ws, file)); err == nil {
			_ = json.Unmarshal(old, &all)
		}
		n := len(all)
		for _, c := range more {
			if !slices.Contains(all, c) {
				all = append(all, c)
			}
		}
		return all, len(all) > n
	}
	all, newCells := union(cellsInput, cells)
	allReqs, newReqs := union(requestsInput, requests)
	linked, err := os.ReadFile(filepath.Join(ws, linkedFile))
	if err != nil {
		linked = nil // built before the record was kept: generate and compare
	}
	genPath := filepath.Join(ws, filepath.FromSlash(symbolsDir), genericsFile)
	before, err := os.ReadFile(genPath)
	if err != nil {
		return false, fmt.Errorf("modules: the workspace %s has no %s: %w", ws, genericsFile, err)
	}
	if !newCells && !newReqs && string(linked) == digest(before) {
		return true, nil // the binary was built for these cells
	}
	if !bytes.Contains(before, []byte(naming.Table)) {
		return true, nil // no generics: cells change nothing
	}
	b.begin("compiling instances", "modules: compiling the instances of generic functions and types these cells use")
	if err := b.generate(ctx, g, ws, imports, all, allReqs); err != nil {
		return false, err
	}
	after, err := os.ReadFile(genPath)
	if err != nil {
		return false, fmt.Errorf("modules: %w", err)
	}
	return string(linked) == digest(after), nil
}

// digest names a file's content.
func digest(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// recordLink records, in the workspace ws, which symbols its binary was linked with (see
// sameInstances): the generated instances may change in place and a link fail after.
func recordLink(ws string) error {
	data, err := os.ReadFile(filepath.Join(ws, filepath.FromSlash(symbolsDir), genericsFile))
	if err != nil {
		return fmt.Errorf("modules: %w", err)
	}
	if err := os.WriteFile(filepath.Join(ws, linkedFile), []byte(digest(data)), 0o644); err != nil {
		return fmt.Errorf("modules: %w", err)
	}
	return nil
}

// progress says a line of the build (a step's end, a note).
func (b *Builder) progress(format string, args ...any) {
	if b.tr != nil {
		b.tr.emit(fmt.Sprintf(format, args...))
	} else if b.Progress != nil {
		b.Progress(fmt.Sprintf(format, args...))
	}
}

// begin says the line of a step that starts: step is what the build does until the next.
func (b *Builder) begin(step, format string, args ...any) {
	if b.tr != nil {
		b.tr.line(step, fmt.Sprintf(format, args...))
	} else {
		b.progress(format, args...)
	}
}

// checkImportPath refuses what can't be a third-party import path.
func checkImportPath(p string) error {
	first, _, _ := strings.Cut(p, "/")
	switch {
	case p == "" || strings.ContainsAny(p, " \t\n\"'`\\@"):
		return fmt.Errorf("modules: %q is not an import path", p)
	case !strings.Contains(first, "."):
		return fmt.Errorf("modules: %q is not a third-party import path (its first element has no dot: the standard library's packages are built in)", p)
	}
	return nil
}
