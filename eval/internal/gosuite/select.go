// Package gosuite makes Go's own test suite ($GOROOT/test, the toolchain's self-checking
// programs) a corpus for peerbook: which programs run as one notebook cell (the selection
// rules, each named), what each printed compared with its .out file, and the table of
// outcomes (pass, silent, loud, refused, timeout, crash).
//
// The programs are those cmd/internal/testdir runs with the action "run": a single file,
// compiled and run with no flags, whose combined standard output and standard error must
// equal NAME.out (empty when there is none) and whose exit status must be 0. The rules
// below keep the programs a notebook cell can be asked to run as go run runs them.
package gosuite

import (
	"errors"
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Dirs are the folders of $GOROOT/test that cmd/internal/testdir reads (not recursively),
// as Go 1.26's testdir_test.go lists them.
var Dirs = []string{".", "ken", "chan", "interface", "internal/runtime/sys", "syntax", "dwarf",
	"fixedbugs", "codegen", "abi", "typeparam", "typeparam/mdempsky", "arenas", "simd"}

// Rule names why a program of the test suite is not selected. Each rule is checked in the
// order of Rules; a program is reported under the first rule that excludes it.
type Rule string

// The selection rules.
const (
	// NotRun: the program's action (the first line that is not a build constraint) is not
	// "// run": errorcheck, compile, rundir, runoutput, buildrun... are not programs run
	// alone (several files, a program that writes a program, expected compile errors).
	NotRun Rule = "not-run"
	// RunWithArgs: "// run" followed by compiler flags, GOEXPERIMENT/GODEBUG settings or
	// arguments for the program: a cell has no way to pass them.
	RunWithArgs Rule = "run-with-args"
	// BuildConstraint: the header carries a //go:build or // +build line: the program is
	// for some platforms, experiments or compilers, and a cell can't say which it is.
	BuildConstraint Rule = "build-constraint"
	// ImportsRuntime: the program imports runtime or a package under it (runtime/debug...):
	// what it checks is the compiled runtime's own behaviour (stacks, GC, finalizers,
	// callers). Widened selections keep the programs that use only runtime's public API.
	ImportsRuntime Rule = "imports-runtime"
	// ImportsUnsafe: the program imports unsafe. Widened selections keep them.
	ImportsUnsafe Rule = "imports-unsafe"
	// ImportsTesting: the program imports testing (benchmarks, AllocsPerRun): a test
	// harness, not a program.
	ImportsTesting Rule = "imports-testing"
	// ReadsArgs: the program reads os.Args or imports flag: it expects the command line
	// testdir gives it (a cell's os.Args is the session's).
	ReadsArgs Rule = "reads-args"
	// Unparsable: the file is not a Go source file the parser reads (some are broken on
	// purpose for errorcheck; a "run" program never is, so this excludes nothing today).
	Unparsable Rule = "unparsable"
)

// Rules lists every rule in the order they are checked.
var Rules = []Rule{NotRun, RunWithArgs, BuildConstraint, Unparsable, ImportsTesting, ReadsArgs, ImportsRuntime, ImportsUnsafe}

// Selection says which programs a run takes.
type Selection int

const (
	// Eligible is the set issue 29 measured: "// run" programs without build constraints
	// that import neither runtime, unsafe nor testing and read no command line.
	Eligible Selection = iota
	// Widened is Eligible plus the programs that import runtime (its public API: the
	// packages runtime and runtime/debug; internal ones can't be imported by a program
	// anyway) or unsafe.
	Widened
)

// String names the selection as the runner's flag does.
func (s Selection) String() string {
	if s == Widened {
		return "widened"
	}
	return "eligible"
}

// ParseSelection reads a selection's name ("eligible" or "widened").
func ParseSelection(name string) (Selection, error) {
	switch name {
	case "eligible":
		return Eligible, nil
	case "widened":
		return Widened, nil
	}
	return 0, fmt.Errorf("gosuite: unknown selection %q (want eligible or widened)", name)
}

// Program is one program of the test suite.
type Program struct {
	Name   string // path under $GOROOT/test, slash-separated: "fixedbugs/issue22326.go"
	Path   string // the file
	Source string
	Want   string // NAME.out, or "" when there is none (the output must then be empty)
}

// Suite is what Select found under a test directory.
type Suite struct {
	Programs []Program       // the programs selected, sorted by name
	Excluded map[string]Rule // the Go files not selected, by name, with the first rule that excludes them
}

// Count returns how many files rule excluded.
func (s *Suite) Count(rule Rule) int {
	n := 0
	for _, r := range s.Excluded {
		if r == rule {
			n++
		}
	}
	return n
}

// Select reads the Go files of Dirs under testDir ($GOROOT/test) and selects the programs
// sel takes.
func Select(testDir string, sel Selection) (*Suite, error) {
	s := &Suite{Excluded: map[string]Rule{}}
	for _, dir := range Dirs {
		entries, err := os.ReadDir(filepath.Join(testDir, filepath.FromSlash(dir)))
		if errors.Is(err, os.ErrNotExist) {
			continue // a folder a later or earlier toolchain lacks
		}
		if err != nil {
			return nil, fmt.Errorf("gosuite: read %s: %w", dir, err)
		}
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") {
				continue
			}
			name := e.Name()
			if dir != "." {
				name = dir + "/" + name
			}
			path := filepath.Join(testDir, filepath.FromSlash(name))
			src, err := os.ReadFile(path)
			if err != nil {
				return nil, fmt.Errorf("gosuite: read %s: %w", name, err)
			}
			if rule, ok := Exclude(string(src), sel); ok {
				s.Excluded[name] = rule
				continue
			}
			p := Program{Name: name, Path: path, Source: string(src)}
			want, err := os.ReadFile(strings.TrimSuffix(path, ".go") + ".out")
			switch {
			case err == nil:
				p.Want = string(want)
			case !errors.Is(err, os.ErrNotExist):
				return nil, fmt.Errorf("gosuite: read expected output of %s: %w", name, err)
			}
			s.Programs = append(s.Programs, p)
		}
	}
	if len(s.Programs) == 0 {
		return nil, fmt.Errorf("gosuite: no program selected under %s", testDir)
	}
	sort.Slice(s.Programs, func(i, j int) bool { return s.Programs[i].Name < s.Programs[j].Name })
	return s, nil
}

// Action returns a test file's action line as testdir reads it: the first line that is
// neither blank nor a build constraint, without its "//", split into words.
func Action(src string) []string {
	for rest := src; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		if constraint.IsGoBuild(line) || constraint.IsPlusBuild(line) {
			continue
		}
		if f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(line), "//")); len(f) > 0 {
			return f
		}
	}
	return nil
}

// Exclude returns the first rule that excludes the program src from sel, if any.
func Exclude(src string, sel Selection) (Rule, bool) {
	action := Action(src)
	if len(action) == 0 || action[0] != "run" {
		return NotRun, true
	}
	if len(action) > 1 {
		return RunWithArgs, true
	}
	header, _, _ := strings.Cut(src, "\npackage")
	for _, line := range strings.Split(header, "\n") {
		if constraint.IsGoBuild(line) || constraint.IsPlusBuild(line) {
			return BuildConstraint, true
		}
	}
	f, err := parser.ParseFile(token.NewFileSet(), "prog.go", src, parser.SkipObjectResolution)
	if err != nil {
		return Unparsable, true
	}
	imports := map[string]bool{}
	for _, spec := range f.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			return Unparsable, true
		}
		imports[path] = true
	}
	if imports["testing"] {
		return ImportsTesting, true
	}
	if imports["flag"] || readsOsArgs(f) {
		return ReadsArgs, true
	}
	if sel == Widened {
		return "", false
	}
	for path := range imports {
		if path == "runtime" || strings.HasPrefix(path, "runtime/") {
			return ImportsRuntime, true
		}
	}
	if imports["unsafe"] {
		return ImportsUnsafe, true
	}
	return "", false
}

// readsOsArgs reports whether f mentions os.Args (os being the file's name for package os).
func readsOsArgs(f *ast.File) bool {
	osName := ""
	for _, spec := range f.Imports {
		if spec.Path.Value != `"os"` {
			continue
		}
		osName = "os"
		if spec.Name != nil {
			osName = spec.Name.Name
		}
	}
	if osName == "" {
		return false
	}
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Args" {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == osName {
				found = true
			}
		}
		return !found
	})
	return found
}
