package rewrite

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"

	"github.com/traefik/yaegi/interp"
)

// preludeFuncs renames the functions of a prelude package (slices, maps) to
// _pb_PKG_NAME and turns the source into a file of package main. It returns the new
// source and the names of the exported functions.
func preludeFuncs(pkg, src string) (string, map[string]bool, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, pkg+".go", src, parser.ParseComments)
	if err != nil {
		return "", nil, fmt.Errorf("parse prelude %s: %w", pkg, err)
	}
	funcs := map[string]bool{}
	exported := map[string]bool{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
			funcs[fd.Name.Name] = true
			if fd.Name.IsExported() {
				exported[fd.Name.Name] = true
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

// preludeName is the name in package main of a prelude package's function.
func preludeName(pkg, name string) string { return "_pb_" + pkg + "_" + name }

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
