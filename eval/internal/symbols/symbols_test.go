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

// plumbing are the exported names the evaluator drives packages with (eval.Hooks): cells
// must never reach them (a cell calling gpu.SetInterrupt(nil) would break interrupts).
var plumbing = map[string][]string{
	"gpu":     {"SetInterrupt", "SetNotice", "SetWorld"},
	"display": {"SetSink", "Sink"},
}

// TestCellsSeeOnlyTheDocumentedAPI: every symbol of the tables cells import is an exported,
// documented declaration of its package, and no plumbing name is among them.
func TestCellsSeeOnlyTheDocumentedAPI(t *testing.T) {
	if len(Symbols) == 0 {
		t.Fatal("no symbol tables")
	}
	for key, syms := range Symbols {
		importPath := path.Dir(key)
		rel, ok := strings.CutPrefix(importPath, modulePath)
		if !ok {
			t.Errorf("table %q is not a package of the module", key)
			continue
		}
		api := documentedAPI(t, filepath.Join("..", "..", "..", filepath.FromSlash(rel)))
		for _, name := range plumbing[rel] {
			if _, ok := syms[name]; ok {
				t.Errorf("cells can reach the plumbing %s.%s", rel, name)
			}
			if !api[name] {
				t.Errorf("plumbing %s.%s is not declared (update the plumbing list)", rel, name)
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

// documentedAPI returns the exported names of the package in dir that have a doc comment
// (their own, or their declaration group's).
func documentedAPI(t *testing.T, dir string) map[string]bool {
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
