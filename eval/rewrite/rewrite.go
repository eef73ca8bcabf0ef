// Package rewrite makes Go cells behave like Go 1.26 on yaegi v0.16.1.
//
// yaegi gets a number of Go semantics wrong or lacks them (range over integers and
// functions, min/max/clear, per-iteration loop variables, deferred call arguments,
// method expressions, generic type inference, the generic functions of slices, maps and
// cmp, break inside select, ...). A Rewriter fixes a cell before yaegi sees it:
//
//   - Prepare installs, once per interpreter, what rewritten code relies on: a compiled
//     helper package (package rt, imported as _pbrt), interpreted helpers in package main
//     (names starting with _pb_), and interpreted source for iter and for the functions
//     of slices and maps that yaegi's own source lacks.
//   - Cell (or File) type-checks a cell with go/types against what earlier cells
//     declared, then rewrites its AST in place. Rewrites use the types: range over an
//     int and over a function look alike without them.
//
// Rewritten code keeps the user's positions: nodes that are moved keep theirs, and
// generated nodes get the position of the statement or expression they replace, so that
// yaegi's errors still point at the user's cell line. Names the rewrites introduce start
// with _pb_; cells should not use such names.
//
// A Rewriter belongs to one interpreter session and is not safe for concurrent use.
package rewrite

import (
	_ "embed"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"github.com/peerbook/peerbook/eval/rewrite/rt"
	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib/generic"
)

var (
	//go:embed prelude/iter.go.txt
	preludeIter string
	//go:embed prelude/slices.go.txt
	preludeSlices string
	//go:embed prelude/maps.go.txt
	preludeMaps string
	//go:embed prelude/main.go.txt
	preludeMain string
)

// Rewriter rewrites the cells of one interpreter session. It remembers what earlier
// cells declared, so that later cells type-check.
type Rewriter struct {
	i   *interp.Interpreter
	imp *importer
	mem *memory
	n   int // counter for generated names
}

// New returns a Rewriter for a fresh session. Call Prepare before the first cell.
func New() *Rewriter {
	return &Rewriter{mem: newMemory()}
}

// Prepare installs the symbols and prelude the rewrites rely on into a fresh
// interpreter. Call it once, after i.Use(stdlib.Symbols) and before the first cell.
func (r *Rewriter) Prepare(i *interp.Interpreter) error {
	if r.i != nil {
		return errors.New("rewrite: Prepare called twice")
	}
	if len(i.Symbols("fmt")) == 0 {
		return errors.New("rewrite: the interpreter has no standard library: call Use(stdlib.Symbols) before Prepare")
	}
	if err := i.Use(rt.Symbols); err != nil {
		return fmt.Errorf("rewrite: install helpers: %w", err)
	}
	for _, p := range []struct{ name, src string }{
		{"iter", preludeIter},
		// yaegi's own source of package slices imports cmp already: a second import
		// of it in the same package is an error.
		{"slices", strings.Replace(preludeSlices, "\t\"cmp\"\n", "", 1)},
		{"maps", preludeMaps},
		{"main", preludeMain},
	} {
		if _, err := i.Eval(p.src); err != nil {
			return fmt.Errorf("rewrite: load prelude %s: %w", p.name, err)
		}
	}
	r.i = i
	sources := map[string][]string{
		"iter":   {preludeIter},
		"slices": {preludeSlices},
		"maps":   {preludeMaps},
	}
	for _, src := range generic.Sources {
		if path := packageClause(src); path != "" {
			sources[path] = append(sources[path], src)
		}
	}
	r.imp = newImporter(func(path string) map[string]reflect.Value {
		return i.Symbols(path)[path]
	}, sources)
	return nil
}

// packageClause returns the package name of a Go source, "" if it has none.
func packageClause(src string) string {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly)
	if err != nil {
		return ""
	}
	return f.Name.Name
}

// File rewrites a parsed cell that holds only a file of package main (imports and
// declarations, as a Go source file). It is Cell(fset, f, nil).
func (r *Rewriter) File(fset *token.FileSet, f *ast.File) error {
	return r.Cell(fset, f, nil)
}

// Cell rewrites a parsed cell in place. decls is a file of package main with the cell's
// imports and declarations; stmts holds the statements the cell runs at top level (as
// yaegi compiles a block: the variables they declare become session variables). Either
// may be nil. Both must have been parsed with fset, the interpreter's FileSet.
//
// Type errors do not stop the rewrite: yaegi reports the errors it finds. An error is
// returned only when the cell cannot be rewritten (an internal failure); the cell is
// then left as it was as far as possible.
func (r *Rewriter) Cell(fset *token.FileSet, decls *ast.File, stmts *ast.BlockStmt) (err error) {
	if r.imp == nil {
		return errors.New("rewrite: Prepare was not called")
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("rewrite: internal error: %v", p)
		}
	}()
	c := r.check(fset, decls, stmts)
	r.remember(fset, decls, stmts, c)
	if c.failed {
		return nil
	}
	x := &cell{r: r, fset: fset, c: c, info: c.info}
	var roots []ast.Node
	if decls != nil {
		roots = append(roots, decls)
	}
	if stmts != nil {
		roots = append(roots, stmts)
	}
	for _, root := range roots {
		x.statements(root)
	}
	for _, root := range roots {
		x.expressions(root)
	}
	if decls != nil {
		x.declarations(decls)
	}
	return nil
}

// cell is the state of one cell's rewrite.
type cell struct {
	r    *Rewriter
	fset *token.FileSet
	c    *checked
	info *types.Info
}

// tmp returns a new name for a generated variable or label.
func (x *cell) tmp(what string) string {
	x.r.n++
	return fmt.Sprintf("_pb_%s%d", what, x.r.n)
}

// typeOf is the type of an expression, nil when unknown.
func (x *cell) typeOf(e ast.Expr) types.Type {
	if tv, ok := x.info.Types[e]; ok {
		return tv.Type
	}
	if id, ok := e.(*ast.Ident); ok {
		if obj := x.info.ObjectOf(id); obj != nil {
			return obj.Type()
		}
	}
	return nil
}

// typeExpr returns a type expression for t, valid in the cell, positioned at pos.
func (x *cell) typeExpr(t types.Type, pos token.Pos) (ast.Expr, bool) {
	if t == nil {
		return nil, false
	}
	s, ok := x.c.typeString(t)
	if !ok {
		return nil, false
	}
	e, err := parser.ParseExpr(s)
	if err != nil {
		return nil, false
	}
	setPos(e, pos)
	return e, true
}

// parseStmts parses generated statements (a function body's list), positioned at pos.
func parseStmts(pos token.Pos, format string, args ...any) []ast.Stmt {
	src := "package p\nfunc _() {\n" + fmt.Sprintf(format, args...) + "\n}"
	f, err := parser.ParseFile(token.NewFileSet(), "", src, 0)
	if err != nil {
		panic(fmt.Sprintf("generated code does not parse: %v\n%s", err, src))
	}
	list := f.Decls[0].(*ast.FuncDecl).Body.List
	for _, s := range list {
		clearPos(s)
		setPos(s, pos)
	}
	return list
}

// parseExpr parses a generated expression, positioned at pos.
func parseExpr(pos token.Pos, format string, args ...any) ast.Expr {
	src := fmt.Sprintf(format, args...)
	e, err := parser.ParseExpr(src)
	if err != nil {
		panic(fmt.Sprintf("generated code does not parse: %v\n%s", err, src))
	}
	clearPos(e)
	setPos(e, pos)
	return e
}

// clearPos resets every position of a freshly parsed tree, except CallExpr.Ellipsis
// which it keeps as a flag (set to 1).
func clearPos(n ast.Node) {
	ast.Inspect(n, func(m ast.Node) bool {
		v := reflect.ValueOf(m)
		if m == nil || v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
			return m != nil
		}
		s := v.Elem()
		_, isCall := m.(*ast.CallExpr)
		for i := 0; i < s.NumField(); i++ {
			f := s.Field(i)
			if f.Type() != posType || !f.CanSet() {
				continue
			}
			if isCall && s.Type().Field(i).Name == "Ellipsis" && f.Int() != 0 {
				f.SetInt(1)
				continue
			}
			f.SetInt(0)
		}
		return true
	})
}

// isPrelude reports whether a name belongs to generated code.
func isPrelude(name string) bool { return strings.HasPrefix(name, "_pb") }
