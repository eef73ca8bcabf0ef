package gpu

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/internal/gpuctl"
)

// parseGPUSources parses package gpu's non-test files, with comments.
func parseGPUSources(t *testing.T) (*token.FileSet, []*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		t.Fatal("no source files")
	}
	return fset, files
}

// internalImports maps the names a file imports packages of gpu/internal under to their
// paths below gpu/internal ("sim", "backend").
func internalImports(f *ast.File) map[string]string {
	const prefix = "github.com/peerbook/peerbook/gpu/internal/"
	names := map[string]string{}
	for _, is := range f.Imports {
		p, _ := strconv.Unquote(is.Path.Value)
		rest, ok := strings.CutPrefix(p, prefix)
		if !ok {
			continue
		}
		name := rest[strings.LastIndex(rest, "/")+1:]
		if is.Name != nil {
			name = is.Name.Name
		}
		names[name] = rest
	}
	return names
}

// TestGPUNeverAssertsABackendsType: package gpu asks a backend for what it can do through
// the capability interfaces of package backend (the `var _ I = (*T)(nil)` guards of each
// backend keep them implemented), never by a type assertion or a type switch on a backend
// package's own types: a new backend gets every feature by implementing the interfaces.
func TestGPUNeverAssertsABackendsType(t *testing.T) {
	fset, files := parseGPUSources(t)
	asserted := 0
	for _, f := range files {
		imports := internalImports(f)
		check := func(typ ast.Expr) {
			asserted++
			ast.Inspect(typ, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); ok {
					if pkg, ok := imports[x.Name]; ok && pkg != "backend" {
						t.Errorf("%s: a type assertion on %s.%s (gpu/internal/%s): ask for a capability interface of package backend instead",
							fset.Position(sel.Pos()), x.Name, sel.Sel.Name, pkg)
					}
				}
				return false
			})
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.TypeAssertExpr:
				if n.Type != nil {
					check(n.Type)
				}
			case *ast.TypeSwitchStmt:
				for _, c := range n.Body.List {
					for _, typ := range c.(*ast.CaseClause).List {
						check(typ)
					}
				}
			}
			return true
		})
	}
	if asserted == 0 {
		t.Fatal("no type assertion found at all: the walk is broken")
	}
}

// TestSimulatorIsModelled: the simulated devices report their model through
// backend.Modelled, which the measurements and the ranks' machine comparison read.
func TestSimulatorIsModelled(t *testing.T) {
	use(t, "sim:pcie4")
	m, err := current()
	if err != nil {
		t.Fatal(err)
	}
	if got := m.kind(); got != "simulated pcie4" {
		t.Errorf("kind = %q, want simulated pcie4", got)
	}
	d0, d3 := Dev(0), Dev(3)
	l, ok := m.linkModel(d0, d3)
	if !ok || l.Kind != "SYS" || l.LatencyUS <= 0 {
		t.Errorf("linkModel(GPU0, GPU3) = %+v, %v; want the preset's SYS link", l, ok)
	}
	if h, ok := m.linkModel(Host(), d0); !ok || h.BandwidthGBps <= 0 {
		t.Errorf("linkModel(host, GPU0) = %+v, %v; want the preset's host link", h, ok)
	}
	if src := m.modelSource(); !strings.Contains(src, "sim:pcie4") {
		t.Errorf("modelSource = %q, want it to name sim:pcie4", src)
	}
}

// TestGPURegistersItsPlumbing: what the evaluator drives gpu with reaches gpu through
// internal/gpuctl (gpu exports none of it).
func TestGPURegistersItsPlumbing(t *testing.T) {
	if !gpuctl.Registered() {
		t.Fatal("package gpu did not register with internal/gpuctl")
	}
	done := make(chan struct{})
	gpuctl.SetInterrupt(done)
	state.mu.Lock()
	got := state.interrupt
	state.mu.Unlock()
	gpuctl.SetInterrupt(nil)
	if got != done {
		t.Error("gpuctl.SetInterrupt did not reach the devices' state")
	}
	t.Cleanup(func() { setWorld(nil) })
	gpuctl.SetWorld(fixedWorld{rank: 1, size: 3})
	if Rank() != 1 || Ranks() != 3 {
		t.Errorf("after gpuctl.SetWorld: Rank %d Ranks %d, want 1 3", Rank(), Ranks())
	}
	if err := gpuctl.Poisoned(); err != nil {
		t.Errorf("gpuctl.Poisoned = %v on simulated devices", err)
	}
}
