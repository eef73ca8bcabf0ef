package eval

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"maps"
	"path"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/peerbook/peerbook/internal/modulegen/naming"
	"github.com/peerbook/peerbook/internal/typewalk"
)

// Generic functions and types of compiled third-party packages (Options.Packages, built by
// internal/modules; see package naming). yaegi's symbol tables hold compiled values only, so
// the build exports, for each package with generics, the instances the notebook's cells
// used when it was built, and the generic declarations as Go source: for go/types, and as
// the interpreter runs them (renamed into the session's package, with the unexported
// helpers they need).
//
// moduleGenerics runs on a cell right after it is parsed, before anything else reads it.
// When the cell names a generic of such a package, it type-checks the cell against the
// package's generic source (the session's own check, made once more), which gives each use
// its type arguments as Go infers them, and then sends each use
//
//   - to the compiled instance with these type arguments, when the build made one
//     (lo.Map(xs, f) becomes lo.Map__pb_0123456789(xs, f));
//   - else to the interpreted copy (lo.Map(users, f) with a User the cells declare becomes
//     _pbm_lo_HASH_Map[User, string](users, f)), whose declarations are loaded into the
//     session first, once, as a cell of their own; the copy behaves as the compiled generic
//     would (it is the same source), more slowly;
//   - else, when the generic can't be copied (it needs a package variable, assembly...), to
//     a refusal before any of the cell runs: naming.NoInstance when the type arguments can
//     be compiled (the kernel builds again with the cell, once), the reasons otherwise.

// moduleSources holds, by import path, the go/types source of the generics of the modules'
// packages of this process (naming.TypeSource), for the sessions' type checkers.
var moduleSources sync.Map

// registerModuleSources records the go/types sources of the packages' generics.
func registerModuleSources(packages map[string]map[string]reflect.Value) {
	for key, syms := range packages {
		if v, ok := syms[naming.TypeSource]; ok {
			if src, ok := v.Interface().(string); ok {
				moduleSources.Store(path.Dir(key), src)
			}
		}
	}
}

// moduleTypeSources returns the sources registerModuleSources recorded.
func moduleTypeSources() map[string][]string {
	out := map[string][]string{}
	moduleSources.Range(func(k, v any) bool {
		out[k.(string)] = []string{v.(string)}
		return true
	})
	return out
}

// moduleGenerics sends the cell's uses of compiled generics to their instances or
// interpreted copies (see above); c is the cell, whose output and context the loading of
// copies shares. A use that can't be had is an error, and nothing of the cell ran.
func (s *Session) moduleGenerics(ctx context.Context, c *cellState, pc *parsedCell) error {
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
	tables := map[string]*modulePkg{} // local name -> the package, for packages with generics
	for name, p := range imports {
		for key, syms := range s.opts.Packages {
			if path.Dir(key) != p {
				continue
			}
			tv, ok := syms[naming.Table]
			if !ok {
				continue
			}
			table, ok := tv.Interface().(map[string]string)
			if !ok {
				continue
			}
			mp := &modulePkg{path: p, name: path.Base(key), syms: syms, table: table}
			if iv, ok := syms[naming.Interp]; ok {
				mp.interp, _ = iv.Interface().(map[string]string)
			}
			tables[name] = mp
		}
	}
	if len(tables) == 0 {
		return nil
	}
	g := &genericUses{tables: tables}
	for _, it := range pc.items {
		var root any = it.stmt
		if it.stmt == nil {
			root = it.decl
		}
		if root != nil {
			g.walk(reflect.ValueOf(root))
		}
	}
	if len(g.uses) == 0 {
		return nil
	}
	// The check of the cell against the generics' source: each use's type arguments. The
	// cell's own check runs again once the uses are replaced.
	decideHoisting(pc, s.isSessionVar)
	ct := s.typer.check(pc, s.checkImports(), varDecls(pc))
	pc.types = nil
	var errs scanner.ErrorList
	fail := func(pos token.Pos, format string, args ...any) {
		errs = append(errs, &scanner.Error{Pos: s.in.FileSet().Position(pos), Msg: fmt.Sprintf(format, args...)})
	}
	need := map[string]*modulePkg{} // interpreted declarations to load, by name
	for _, u := range g.uses {
		mp := u.pkg
		name := u.sel.Sel.Name
		what := u.local + "." + name
		inst, known := ct.info.Instances[u.sel.Sel]
		if !known {
			continue // a type error at the use: the cell's check reports it
		}
		canon, cerr := naming.CanonTypes(inst.TypeArgs)
		if cerr == nil {
			if _, ok := mp.syms[naming.Mangle(name, canon)]; ok {
				u.set(&ast.SelectorExpr{X: u.sel.X, Sel: &ast.Ident{NamePos: u.sel.Sel.NamePos, Name: naming.Mangle(name, canon)}})
				continue
			}
		}
		iname := naming.InterpName(mp.name, mp.path, name)
		entry, hasCopy := mp.interp[iname]
		if hasCopy && !strings.HasPrefix(entry, "!") {
			u.set(u.interpreted(iname, inst, ct, s))
			need[iname] = mp
			continue
		}
		why := "its source is not in this evaluator"
		if hasCopy {
			why = "its source can't be interpreted: " + entry[1:]
		}
		args := typeArgsText(inst.TypeArgs)
		if cerr == nil {
			if r, ok := mp.table[naming.ExplicitPrefix+name+":"+canon]; ok {
				fail(u.sel.Pos(), "%s[%s] can't be instantiated: %s; and %s%s", what, args, strings.TrimPrefix(r, "!"), why, refusalAdvice)
			} else {
				fail(u.sel.Pos(), "%s[%s]: %s of it (a generic of a compiled package is compiled when the evaluator is built, for the uses the notebook's cells had then), and %s: the kernel builds again with this cell %s", what, args, naming.NoInstance, why, naming.RequestText(mp.path, name, canon))
			}
			continue
		}
		fail(u.sel.Pos(), "%s[%s] can't be used here: %v, so no compiled instance can be made, and %s%s", what, args, cerr, why, refusalAdvice)
	}
	if len(errs) > 0 {
		return compileError(s, errs)
	}
	if len(need) > 0 {
		if err := s.loadCopies(ctx, c, need, g.uses[0].sel.Pos()); err != nil {
			return err
		}
	}
	return nil
}

// refusalAdvice ends the error of a use that has neither an instance nor a copy: what to do.
const refusalAdvice = ". Use it with Go's or the modules' own types (a build compiles an instance for them), or write what it does in a cell"

// modulePkg is a compiled package with generics, as a cell reaches it.
type modulePkg struct {
	path, name string
	syms       map[string]reflect.Value
	table      map[string]string // naming.Table
	interp     map[string]string // naming.Interp
}

// genericUse is a use of a generic of a compiled package in a cell: pkg.Name, or
// pkg.Name[...] (expr, the whole), with set replacing expr where it is.
type genericUse struct {
	pkg   *modulePkg
	local string // the package's name in the cell
	sel   *ast.SelectorExpr
	expr  ast.Expr // sel, or the index expression around it
	given []ast.Expr
	slot  reflect.Value // the settable field or element holding expr
}

func (u *genericUse) set(e ast.Expr) {
	if reflect.TypeOf(e).AssignableTo(u.slot.Type()) {
		u.slot.Set(reflect.ValueOf(e))
	}
}

// interpreted returns the expression that uses the interpreted copy iname: the type
// arguments written as they were, or, for a function whose type arguments are inferred,
// written out when the cell can name them all (the interpreter's inference is weaker than
// Go's).
func (u *genericUse) interpreted(iname string, inst types.Instance, ct *cellTypes, s *Session) ast.Expr {
	id := &ast.Ident{NamePos: u.sel.Sel.NamePos, Name: iname}
	switch e := u.expr.(type) {
	case *ast.IndexExpr:
		return &ast.IndexExpr{X: id, Lbrack: e.Lbrack, Index: e.Index, Rbrack: e.Rbrack}
	case *ast.IndexListExpr:
		return &ast.IndexListExpr{X: id, Lbrack: e.Lbrack, Indices: e.Indices, Rbrack: e.Rbrack}
	}
	if _, isFunc := inst.Type.(*types.Signature); !isFunc {
		return id
	}
	var args []ast.Expr
	for i := range inst.TypeArgs.Len() {
		e, ok := cellTypeExpr(inst.TypeArgs.At(i), ct, u.sel.Sel.NamePos)
		if !ok {
			return id
		}
		args = append(args, e)
	}
	pos := u.sel.End()
	if len(args) == 1 {
		return &ast.IndexExpr{X: id, Lbrack: pos, Index: args[0], Rbrack: pos}
	}
	return &ast.IndexListExpr{X: id, Lbrack: pos, Indices: args, Rbrack: pos}
}

// cellTypeExpr writes t as the cell names it: the session's types by name, packages by
// the names the cell imports them by; false when the cell can't name it.
func cellTypeExpr(t types.Type, ct *cellTypes, pos token.Pos) (ast.Expr, bool) {
	bad := false
	seen := map[types.Type]bool{}
	var walk func(t types.Type)
	walk = func(t types.Type) {
		if bad || seen[t] {
			return
		}
		seen[t] = true
		if n, ok := t.(*types.Named); ok {
			if obj := n.Obj(); obj.Pkg() != nil && obj.Pkg().Path() != "main" && !obj.Exported() {
				bad = true // another package's unexported type: the cell can't name it
				return
			}
			if ta := n.TypeArgs(); ta != nil {
				for i := range ta.Len() {
					walk(ta.At(i))
				}
			}
			return
		}
		typewalk.Components(t, walk)
	}
	walk(t)
	if bad {
		return nil, false
	}
	str := types.TypeString(t, func(p *types.Package) string {
		if p == nil || p == ct.pkg || p.Path() == "main" {
			return ""
		}
		if name, ok := ct.names[p.Path()]; ok {
			return name
		}
		bad = true
		return p.Name()
	})
	if bad || strings.Contains(str, "invalid type") || strings.Contains(str, "untyped") {
		return nil, false
	}
	e, err := parser.ParseExpr(str)
	if err != nil {
		return nil, false
	}
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			id.NamePos = pos
		}
		return true
	})
	return e, true
}

// typeArgsText writes type arguments for a message.
func typeArgsText(l *types.TypeList) string {
	var out []string
	for i := range l.Len() {
		out = append(out, types.TypeString(l.At(i), func(p *types.Package) string { return p.Name() }))
	}
	return strings.Join(out, ", ")
}

// genericUses finds a cell's uses of compiled generics.
type genericUses struct {
	tables map[string]*modulePkg // local name -> package
	uses   []*genericUse
}

var (
	exprType   = reflect.TypeFor[ast.Expr]()
	objectType = reflect.TypeFor[*ast.Object]()
	scopeType  = reflect.TypeFor[*ast.Scope]()
)

// walk visits the syntax tree under v (a node, or a pointer or interface holding one).
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

// visit records the expression in the settable f when it is a use of a compiled generic,
// then walks what f holds.
func (g *genericUses) visit(f reflect.Value) {
	if f.Kind() == reflect.Interface && !f.IsNil() && f.Type().Implements(exprType) || f.Type() == exprType {
		if e, ok := f.Interface().(ast.Expr); ok && e != nil {
			if u := g.use(e); u != nil {
				u.slot = f
				g.uses = append(g.uses, u)
				if u.expr != ast.Expr(u.sel) {
					for _, a := range u.given {
						g.walk(reflect.ValueOf(a)) // a use inside the type arguments
					}
				}
				return
			}
		}
	}
	g.walk(f)
}

// use returns the use e is, nil when it is none.
func (g *genericUses) use(e ast.Expr) *genericUse {
	u := &genericUse{expr: e}
	switch e := e.(type) {
	case *ast.IndexExpr:
		u.sel, _ = e.X.(*ast.SelectorExpr)
		u.given = []ast.Expr{e.Index}
	case *ast.IndexListExpr:
		u.sel, _ = e.X.(*ast.SelectorExpr)
		u.given = e.Indices
	case *ast.SelectorExpr:
		u.sel = e
	}
	if u.sel == nil {
		return nil
	}
	x, ok := u.sel.X.(*ast.Ident)
	if !ok {
		return nil
	}
	mp := g.tables[x.Name]
	if mp == nil {
		return nil
	}
	if _, generic := mp.table[naming.DeclPrefix+u.sel.Sel.Name]; !generic {
		return nil
	}
	u.pkg, u.local = mp, x.Name
	return u
}

// loadCopies defines in the session the interpreted declarations named in need and those
// they need, unless defined already: one cell of declarations, run before the cell that
// needs them (c, whose output and context it shares). pos is where the cell uses them.
func (s *Session) loadCopies(ctx context.Context, c *cellState, need map[string]*modulePkg, pos token.Pos) error {
	type decl struct{ name, src string }
	var order []decl
	imports := map[string]string{} // alias -> path
	seen := map[string]bool{}
	var visit func(name string, mp *modulePkg) error
	visit = func(name string, mp *modulePkg) error {
		if seen[name] {
			return nil
		}
		seen[name] = true
		entry, ok := mp.interp[name]
		if !ok || strings.HasPrefix(entry, "!") {
			return fmt.Errorf("%s: %s", naming.Display(name), strings.TrimPrefix(entry, "!"))
		}
		first, src, _ := strings.Cut(entry, "\n")
		for _, dep := range strings.Fields(first) {
			if alias, p, ok := strings.Cut(strings.TrimPrefix(dep, "@"), "="); ok && strings.HasPrefix(dep, "@") {
				imports[alias] = p
				continue
			}
			if err := visit(dep, mp); err != nil {
				return err
			}
		}
		if !s.exists(name) {
			order = append(order, decl{name, src}) // after what it needs
		}
		return nil
	}
	for _, name := range slices.Sorted(maps.Keys(need)) {
		if err := visit(name, need[name]); err != nil {
			return compileError(s, scanner.ErrorList{{Pos: s.in.FileSet().Position(pos), Msg: "interpreting a module's generic: " + err.Error()}})
		}
	}
	if len(order) == 0 {
		return nil
	}
	var src strings.Builder
	var names []string
	for _, alias := range slices.Sorted(maps.Keys(imports)) {
		fmt.Fprintf(&src, "import %s %q\n", alias, imports[alias])
	}
	// Constants and types first: the session compiles a cell's declarations in order.
	for pass := range 2 {
		for _, d := range order {
			if isType := strings.HasPrefix(d.src, "const ") || strings.HasPrefix(d.src, "type "); isType == (pass == 0) {
				src.WriteString(d.src)
				src.WriteString("\n")
				names = append(names, naming.Display(d.name))
			}
		}
	}
	s.serial = s.serial%maxSerial + 1
	serial := s.serial
	code := src.String()
	s.cellsMu.Lock()
	s.cells[serial] = &cellRecord{label: "the source of " + strings.Join(names, ", "), lines: strings.Split(code, "\n")}
	s.cellsMu.Unlock()
	hidden := &cellState{serial: serial, out: c.out, cancel: c.cancel}
	if _, err := s.runGo(ctx, hidden, code); err != nil {
		e := asError(err)
		msg := fmt.Sprintf("%s can't be interpreted here (a use of a module's generic with type arguments no compiled instance has runs its source): %s", strings.Join(names, ", "), naming.Display(e.Value))
		return compileError(s, scanner.ErrorList{{Pos: s.in.FileSet().Position(pos), Msg: msg}})
	}
	return nil
}
