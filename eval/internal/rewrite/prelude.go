package rewrite

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"strings"

	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

// preludeFuncs renames the top-level functions and types of a prelude package (slices,
// maps, sync/atomic...) to _pb_PKG_NAME and turns the source into a file of package main.
// It returns the new source and the names of the exported functions and types.
func preludeFuncs(pkg, src string) (string, map[string]bool, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, pkg+".go", src, parser.ParseComments)
	if err != nil {
		return "", nil, fmt.Errorf("parse prelude %s: %w", pkg, err)
	}
	funcs := map[string]bool{}
	exported := map[string]bool{}
	declare := func(id *ast.Ident) {
		funcs[id.Name] = true
		if id.IsExported() {
			exported[id.Name] = true
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				declare(d.Name)
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				if ts, ok := spec.(*ast.TypeSpec); ok {
					declare(ts.Name)
				}
			}
		}
	}
	sels := map[*ast.Ident]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			sels[s.Sel] = true
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && funcs[id.Name] && !sels[id] {
			id.Name = preludeName(pkg, id.Name)
		} else if ok && !sels[id] && (id.Name == "true" || id.Name == "false") {
			// Go's constants, not a cell's redeclaration of them (main.go.txt).
			id.Name = "_pb_" + id.Name
		}
		return true
	})
	f.Name.Name = "main"
	f.Comments = nil
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			fd.Doc = nil
		}
	}
	var b bytes.Buffer
	if err := printer.Fprint(&b, fset, f); err != nil {
		return "", nil, fmt.Errorf("print prelude %s: %w", pkg, err)
	}
	return b.String(), exported, nil
}

// preludeName is the name in package main of a prelude package's function or type
// (_pb_sync_atomic_Pointer for sync/atomic.Pointer).
func preludeName(path, name string) string { return "_pb_" + identPath(path) + "_" + name }

// identPath turns an import path into a part of an identifier (math/rand/v2: math_rand_v2).
func identPath(path string) string {
	return strings.NewReplacer("/", "_", ".", "_", "-", "_").Replace(path)
}

// evalFile compiles and runs a source file under its own file name: yaegi scopes
// imports by file name, so the prelude's imports do not clash with the cells'.
func evalFile(i *interp.Interpreter, name, src string) error {
	f, err := parser.ParseFile(i.FileSet(), name, src, 0)
	if err != nil {
		return err
	}
	prog, err := i.CompileAST(f)
	if err != nil {
		return err
	}
	_, err = i.Execute(prog)
	return err
}

// DeclaredNames returns the names of the top-level functions and types of a Go source,
// nil when it does not parse.
func DeclaredNames(src string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, 0)
	if err != nil {
		return nil
	}
	var names []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				names = append(names, d.Name.Name)
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				if ts, ok := spec.(*ast.TypeSpec); ok {
					names = append(names, ts.Name.Name)
				}
			}
		}
	}
	return names
}
