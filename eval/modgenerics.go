package eval

import (
	"fmt"
	"go/ast"
	"go/scanner"
	"go/token"
	"path"
	"reflect"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/internal/modulegen/naming"
)

// moduleGenerics maps each use, in the cell, of a generic function or type of a compiled
// third-party package (Options.Packages, built by kernel/modules) to the instance the build
// compiled for it, before anything else reads the cell: lo.Map(xs, f) becomes
// lo.Map__pb_0123456789(xs, f), lo.Tuple2[int, string]{} becomes lo.Tuple2__pb_...{}. A use
// with no instance is refused with the reason (see internal/modulegen/naming): the cell
// does not run, the session goes on.
func (s *Session) moduleGenerics(pc *parsedCell, code string) error {
	if len(s.opts.Packages) == 0 {
		return nil
	}
	imports := s.sessionImports()
	for _, it := range pc.items {
		gd, ok := it.decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		for _, sp := range gd.Specs {
			is := sp.(*ast.ImportSpec)
			p, err := strconv.Unquote(is.Path.Value)
			if err != nil {
				continue
			}
			imports[s.importedName(is, p)] = p
		}
	}
	tables := map[string]map[string]reflect.Value{} // local name -> symbols, for packages with generics
	for name, p := range imports {
		for key, syms := range s.opts.Packages {
			if path.Dir(key) == p {
				if _, ok := syms[naming.Table]; ok {
					tables[name] = syms
				}
			}
		}
	}
	if len(tables) == 0 {
		return nil
	}
	g := &genericUses{s: s, imports: imports, tables: tables, lines: strings.Split(code, "\n")}
	for _, it := range pc.items {
		var root any = it.stmt
		if it.stmt == nil {
			root = it.decl
		}
		if root == nil {
			continue
		}
		g.walk(reflect.ValueOf(root))
	}
	if len(g.errs) > 0 {
		return compileError(s, g.errs)
	}
	return nil
}

// genericUses rewrites one cell's uses of compiled generics.
type genericUses struct {
	s       *Session
	imports map[string]string                   // local name -> import path
	tables  map[string]map[string]reflect.Value // local name -> the package's symbols
	lines   []string                            // the cell's lines
	errs    scanner.ErrorList
}

var (
	exprType   = reflect.TypeFor[ast.Expr]()
	objectType = reflect.TypeFor[*ast.Object]()
	scopeType  = reflect.TypeFor[*ast.Scope]()
)

// walk visits the syntax tree under v (a node, or a pointer or interface holding one),
// replacing the expressions that use compiled generics.
func (g *genericUses) walk(v reflect.Value) {
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		g.walk(v.Elem())
	case reflect.Pointer:
		if v.IsNil() || v.Type() == objectType || v.Type() == scopeType {
			return
		}
		if v.Elem().Kind() == reflect.Struct {
			g.walkStruct(v.Elem())
		}
	case reflect.Slice:
		for i := range v.Len() {
			g.visit(v.Index(i))
		}
	}
}

func (g *genericUses) walkStruct(v reflect.Value) {
	for i := range v.NumField() {
		f := v.Field(i)
		if !f.CanSet() {
			continue
		}
		g.visit(f)
	}
}

// visit replaces the expression in the settable f when it is a use of a compiled generic,
// then walks what f holds.
func (g *genericUses) visit(f reflect.Value) {
	if f.Kind() == reflect.Interface && !f.IsNil() && f.Type().Implements(exprType) || f.Type() == exprType {
		if e, ok := f.Interface().(ast.Expr); ok && e != nil {
			if r := g.replace(e); r != nil && reflect.TypeOf(r).AssignableTo(f.Type()) {
				f.Set(reflect.ValueOf(r))
			}
		}
	}
	g.walk(f)
}

// replace returns what replaces e (nil: e stays; a selector's name may change in place).
func (g *genericUses) replace(e ast.Expr) ast.Expr {
	var given []ast.Expr
	var sel *ast.SelectorExpr
	switch e := e.(type) {
	case *ast.IndexExpr:
		sel, _ = e.X.(*ast.SelectorExpr)
		given = []ast.Expr{e.Index}
	case *ast.IndexListExpr:
		sel, _ = e.X.(*ast.SelectorExpr)
		given = e.Indices
	case *ast.SelectorExpr:
		sel = e
	}
	if sel == nil {
		return nil
	}
	x, ok := sel.X.(*ast.Ident)
	if !ok {
		return nil
	}
	syms := g.tables[x.Name]
	if syms == nil {
		return nil
	}
	table, _ := syms[naming.Table].Interface().(map[string]string)
	name := sel.Sel.Name
	decl, generic := table[naming.DeclPrefix+name]
	if !generic {
		return nil
	}
	nparams, _ := strconv.Atoi(decl[:strings.IndexByte(decl+"\n", '\n')])
	what := x.Name + "." + name
	if len(given) > 0 && len(given) == nparams {
		canon, err := naming.Canon(given, func(n string) (string, bool) { p, ok := g.imports[n]; return p, ok })
		if err != nil {
			g.fail(sel.Pos(), "%s: %v", what, err)
			return nil
		}
		sym := naming.Mangle(name, canon)
		if _, ok := syms[sym]; !ok {
			if why, ok := table[naming.ExplicitPrefix+name+":"+canon]; ok {
				g.fail(sel.Pos(), "%s[%s] can't be instantiated: %s", what, canon, strings.TrimPrefix(why, "!"))
			} else {
				g.fail(sel.Pos(), "%s[%s]: %s of it (a generic function or type of a compiled package is instantiated when the evaluator is built, for the uses the notebook's cells had then): the kernel and peerbook run build again with this cell", what, canon, naming.NoInstance)
			}
			return nil
		}
		return &ast.SelectorExpr{X: sel.X, Sel: &ast.Ident{NamePos: sel.Sel.NamePos, Name: sym}}
	}
	line, col := cellPosition(g.s.in.FileSet(), sel.Sel.Pos())
	if line < 1 || line > len(g.lines) {
		g.fail(sel.Pos(), "%s is generic and its use could not be placed in the cell", what)
		return nil
	}
	sym, ok := table[naming.SitePrefix+naming.SiteKey(name, g.lines[line-1], col)]
	switch {
	case !ok:
		g.fail(sel.Pos(), "%s is a generic function or type of a compiled package, and %s for this use (instances are compiled when the evaluator is built, for the uses the notebook's cells had then; a cell written or edited since needs a rebuild, which the kernel and peerbook run make): %s", what, naming.NoInstance, strings.SplitN(decl, "\n", 2)[1])
		return nil
	case strings.HasPrefix(sym, "!"):
		g.fail(sel.Pos(), "%s can't be instantiated here: %s", what, sym[1:])
		return nil
	}
	if _, ok := syms[sym]; !ok {
		g.fail(sel.Pos(), "%s: instance %s missing from the symbols", what, sym)
		return nil
	}
	r := &ast.SelectorExpr{X: sel.X, Sel: &ast.Ident{NamePos: sel.Sel.NamePos, Name: sym}}
	if e == ast.Expr(sel) {
		sel.Sel = r.Sel
		return nil
	}
	return r // partly explicit type arguments: the build inferred the rest
}

func (g *genericUses) fail(pos token.Pos, format string, args ...any) {
	g.errs = append(g.errs, &scanner.Error{Pos: g.s.in.FileSet().Position(pos), Msg: fmt.Sprintf(format, args...)})
}
