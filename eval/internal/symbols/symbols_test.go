package symbols

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// modulePath is the import path prefix of the project's packages.
const modulePath = "github.com/peerbook/peerbook/"

// excluded are the exported names the evaluator drives display with (eval.Hooks): the
// extract command leaves them out of the tables (-exclude), so cells never reach them.
var excluded = map[string][]string{
	"display": {"SetSink", "Sink"},
}

// unexported are the names gpu drives its devices with for the evaluator (the running
// cell's interrupt, the ranks' World, whether a fault poisoned the process, the notices'
// writer) and the lookup of kernels by name: gpu registers them with internal/gpuctl and
// exports none of them (a cell calling gpu.SetInterrupt(nil) would break interrupts).
var unexported = map[string][]string{
	"gpu": {"SetInterrupt", "SetNotice", "SetWorld", "Poisoned", "LookupKernel"},
}

// TestCellsSeeOnlyTheDocumentedAPI: every symbol of the tables cells import is an exported,
// documented declaration of its package, and no plumbing name is among them.
func TestCellsSeeOnlyTheDocumentedAPI(t *testing.T) {
	if len(Symbols) == 0 {
		t.Fatal("no symbol tables")
	}
	for key, syms := range Symbols {
		rel, dir, ok := tableDir(key)
		if !ok {
			t.Errorf("table %q is not a package of the module", key)
			continue
		}
		api := documentedAPI(t, dir)
		for _, name := range excluded[rel] {
			if _, ok := syms[name]; ok {
				t.Errorf("cells can reach the plumbing %s.%s", rel, name)
			}
			if !api[name] {
				t.Errorf("plumbing %s.%s is not declared (update the excluded list)", rel, name)
			}
		}
		for _, name := range unexported[rel] {
			if _, ok := syms[name]; ok {
				t.Errorf("cells can reach the plumbing %s.%s", rel, name)
			}
			if exportedNames(t, dir)[name] {
				t.Errorf("%s exports the plumbing %s: register it with internal/gpuctl instead", rel, name)
			}
		}
		for name := range syms {
			if strings.HasPrefix(name, "_") {
				continue // yaegi's interface wrappers (_Renderer), named after a symbol
			}
			if !api[name] {
				t.Errorf("cells can reach %s.%s, which is not a documented exported declaration", rel, name)
			}
		}
	}
}

// TestTablesHoldTheWholeAPI: every exported declaration of an API package that yaegi can
// hold (not generic, not a constraint, not plumbing) is in its table: a table generated
// before the API grew fails here (run go generate ./eval/internal/symbols).
func TestTablesHoldTheWholeAPI(t *testing.T) {
	for key, syms := range Symbols {
		rel, dir, ok := tableDir(key)
		if !ok {
			continue
		}
		skip := map[string]bool{}
		for _, name := range excluded[rel] {
			skip[name] = true
		}
		for name := range extractable(t, dir) {
			if _, ok := syms[name]; !ok && !skip[name] {
				t.Errorf("%s.%s is missing from the table (run go generate ./eval/internal/symbols)", rel, name)
			}
		}
	}
}

// tableDir returns the package of a table key ("importpath/pkgname") relative to the
// module ("gpu", "display/plot") and its folder, from this one.
func tableDir(key string) (rel, dir string, ok bool) {
	rel, ok = strings.CutPrefix(path.Dir(key), modulePath)
	return rel, filepath.Join("..", "..", "..", filepath.FromSlash(rel)), ok
}

// parseDir parses the non-test Go files of dir.
func parseDir(t *testing.T, dir string) (*token.FileSet, []*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		t.Fatalf("no Go files in %s", dir)
	}
	return fset, files
}

// exportedNames returns every exported package-level name declared in dir.
func exportedNames(t *testing.T, dir string) map[string]bool {
	t.Helper()
	_, files := parseDir(t, dir)
	names := map[string]bool{}
	for _, f := range files {
		for name, obj := range f.Scope.Objects {
			if ast.IsExported(name) && obj.Kind != ast.Bad {
				names[name] = true
			}
		}
	}
	return names
}

// extractable returns the exported package-level names of dir that yaegi extract writes
// into a table: every one but generic functions and types, and constraint interfaces
// (with a type set: ~int32 | ...).
func extractable(t *testing.T, dir string) map[string]bool {
	t.Helper()
	_, files := parseDir(t, dir)
	names := map[string]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.IsExported() && d.Type.TypeParams == nil {
					names[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch sp := spec.(type) {
					case *ast.TypeSpec:
						if sp.Name.IsExported() && sp.TypeParams == nil && !isConstraint(sp.Type) {
							names[sp.Name.Name] = true
						}
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							if n.IsExported() {
								names[n.Name] = true
							}
						}
					}
				}
			}
		}
	}
	return names
}

// isConstraint reports whether typ is an interface with a type set, usable only as a
// constraint.
func isConstraint(typ ast.Expr) bool {
	it, ok := typ.(*ast.InterfaceType)
	if !ok {
		return false
	}
	for _, m := range it.Methods.List {
		if len(m.Names) == 0 {
			if _, ok := m.Type.(*ast.BinaryExpr); ok {
				return true // a union
			}
			if _, ok := m.Type.(*ast.UnaryExpr); ok {
				return true // ~T
			}
		}
	}
	return false
}

// documentedAPI returns the exported names of the package in dir that have a doc comment
// (their own, or their declaration group's).
func documentedAPI(t *testing.T, dir string) map[string]bool {
	t.Helper()
	fset, files := parseDir(t, dir)
	pkg, err := doc.NewFromFiles(fset, files, "x")
	if err != nil {
		t.Fatal(err)
	}
	api := map[string]bool{}
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			if v.Doc != "" {
				for _, n := range v.Names {
					api[n] = true
				}
			}
		}
	}
	funcs := func(fs []*doc.Func) {
		for _, f := range fs {
			if f.Doc != "" {
				api[f.Name] = true
			}
		}
	}
	values(pkg.Consts)
	values(pkg.Vars)
	funcs(pkg.Funcs)
	for _, ty := range pkg.Types {
		if ty.Doc != "" {
			api[ty.Name] = true
		}
		values(ty.Consts)
		values(ty.Vars)
		funcs(ty.Funcs)
	}
	if len(api) == 0 {
		t.Fatalf("no documented declarations in %s", dir)
	}
	return api
}
