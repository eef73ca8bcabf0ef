package eval

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"
	"unicode"
)

// A cell's top-level statements run in yaegi's global scope, where yaegi v0.16.1 gets much
// wrong that it gets right inside a function body: a variable defined from a compiled
// function's result can't be indexed by a later definition ("constant definition loop"),
// ranging over it panics in reflect, var declarations that index one another fail the same
// way, `v, ok := x.(T)` with a type of the cell crashes the compiler ("nil type"). So every
// top-level statement runs as the body of a function literal called at once:
//
//	es := strings.Fields(s)          var es []string
//	for _, e := range es { ... }  => func() { es = strings.Fields(s) }()
//	                                 func() { for _, e := range es { ... } }()
//
// The variables a statement defines become session variables declared beforehand with the
// types go/types finds (see typecheck.go), and the definition becomes an assignment inside
// the function. Where a type can't be written in the cell (an unexported type of a compiled
// package) or isn't known (the statement has a type error), the statement runs as written,
// in the global scope, as before. A statement is its own function: the labels and variables
// it declares are its own. What is about the cell rather than the statement is kept so (see
// cellLevel): a top-level `defer` runs when the cell ends, a top-level `return` ends the
// cell. A goto from one top-level statement to another keeps the whole cell in the global
// scope. The cell's last expression, its value, is evaluated as it is (expressions don't
// meet these bugs).

// scopeCell turns the cell's top-level statements (but result, the cell's value) into
// function literal calls, and the var declarations that run as statements into
// declarations plus assignments. It returns the imports (path -> alias) the session must
// add for the types of the variables it declares.
func (s *Session) scopeCell(pc *parsedCell, result *item) map[string]string {
	for _, it := range pc.items {
		if it.stmt != nil && !it.kernel {
			var note func(old, made ast.Stmt)
			var info *types.Info
			if pc.types != nil {
				note = pc.types.noteCellLevel // the check was made before
				info = pc.types.info
			}
			it.stmt = cellLevel(it.stmt, pc.serial, &pc.deferPos, info, note)
		}
	}
	if crossLabels(pc) {
		return nil
	}
	var ct *cellTypes
	if needsTypes(pc) {
		ct = s.checkTypes(pc)
		for _, it := range pc.items {
			it.memo = ct.memory(s.in.FileSet(), it)
		}
	}
	decideHoisting(pc, s.isSessionVar)
	cellVars := map[string]*item{}
	for _, it := range pc.items {
		if it.kind == chunkVar && !it.kernel {
			for _, d := range it.defs {
				cellVars[d] = it
			}
		}
	}
	addGenericFuncs(pc, cellVars)
	asStmt := varStatements(pc, cellVars, ct.callsGeneric)
	items := make([]*item, 0, len(pc.items))
	for _, it := range pc.items {
		if it.kernel || it == result {
			items = append(items, it)
			continue
		}
		switch {
		case it.kind == chunkStmt:
			if as, ok := it.stmt.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
				if before := s.hoistDefinition(pc.serial, it, as, ct); before != nil {
					items = append(items, before)
					pc.temps = append(pc.temps, before.hoisted...)
				}
			} else if len(it.defs) == 0 {
				s.wrapItem(pc.serial, it, []ast.Stmt{it.stmt}, it.stmt.Pos(), it.stmt.End())
				if pc.types != nil {
					pc.types.noteCall(it.stmt)
				}
			}
		case asStmt[it]:
			var objs map[string]types.Object
			if ct != nil {
				objs = ct.declared(it.decl)
			}
			s.hoistVarDecl(pc.serial, it, ct)
			if ct != nil && it.hoisted != nil {
				ct.noteHoistedVars(it, objs)
			}
		}
		if ct != nil {
			for _, d := range it.defs {
				if _, ok := ct.earlier[d]; !ok || it.hoisted == nil {
					ct.earlier[d] = "" // not known, unless hoisting said
				}
			}
			for name, typ := range it.spelled {
				ct.earlier[name] = typ
			}
		}
		items = append(items, it)
	}
	if len(items) != len(pc.items) {
		pc.items = items
		for i, it := range items {
			it.index = i
			if it.uses == nil {
				analyse(it)
			}
		}
	}
	if ct == nil {
		return nil
	}
	return ct.aliases
}

// needsTypes reports whether the cell defines anything (then its types are worth knowing).
func needsTypes(pc *parsedCell) bool {
	for _, it := range pc.items {
		if !it.kernel && it.kind != chunkImport && len(it.defs) > 0 {
			return true
		}
	}
	return false
}

// sessionImports returns the session's imports: local name -> path.
func (s *Session) sessionImports() map[string]string {
	out := s.scope.imports()
	for name := range out {
		if name == "." || name == "_" {
			delete(out, name)
		}
	}
	return out
}

// hasValues reports whether a var declaration initialises a variable.
func hasValues(d ast.Decl) bool {
	gd, ok := d.(*ast.GenDecl)
	if !ok || gd.Tok != token.VAR {
		return false
	}
	for _, spec := range gd.Specs {
		if vs, ok := spec.(*ast.ValueSpec); ok && len(vs.Values) > 0 {
			return true
		}
	}
	return false
}

// addGenericFuncs adds the cell's generic functions to cellVars (see usesOther): yaegi
// v0.16.1 cannot type a package-level variable from a call of a generic function (`var
// total = Sum([]float64{1.5, 2.5})` failed with "constant definition loop"), which it
// instantiates when it compiles code, so such a declaration runs as a statement too.
func addGenericFuncs(pc *parsedCell, cellVars map[string]*item) {
	for _, it := range pc.items {
		if fd, ok := it.decl.(*ast.FuncDecl); ok && it.kind == chunkFunc && !it.kernel && fd.Type.TypeParams != nil && len(fd.Type.TypeParams.List) > 0 {
			cellVars[fd.Name.Name] = it
		}
	}
}

// usesOther reports whether a var declaration reads a variable another var declaration of the
// cell declares (yaegi types package-level variables one from another badly).
// varStatements returns the var declarations of the cell that run as statements (scopeCell,
// hoistVarDecl) instead of being compiled with the declarations before the statements:
// those that read another variable of the cell (usesOther) or something the statements
// define (not hoisted), and, after the first of these in the items' order (Go's
// initialisation order, initOrderItems), those whose initializer may have an effect (a
// call or a receive), which must run after it as in Go: hoisted, they ran before every
// statement (Go's test/fixedbugs/issue22326.go printed abcd_ where Go prints abc_d).
// Where generic is not nil, those it reports too (callsGeneric: yaegi cannot compile a
// package variable initialised by a call of generic code).
func varStatements(pc *parsedCell, cellVars map[string]*item, generic func(ast.Decl) bool) map[*item]bool {
	out := map[*item]bool{}
	after := false
	for _, it := range pc.items {
		if it.kind != chunkVar || it.kernel || !hasValues(it.decl) {
			continue
		}
		if !it.hoist || usesOther(it, cellVars) || (after && mayHaveEffects(it.decl)) || (generic != nil && generic(it.decl)) {
			out[it] = true
			after = true
		}
	}
	return out
}

// mayHaveEffects reports whether evaluating n may have an effect: it holds a call (a
// conversion or a builtin counts, without the types to tell) or a receive, outside a
// function literal.
func mayHaveEffects(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			found = true
		case *ast.UnaryExpr:
			found = found || n.Op == token.ARROW
		}
		return !found
	})
	return found
}

func usesOther(it *item, cellVars map[string]*item) bool {
	for u := range it.uses {
		if d, ok := cellVars[u]; ok && d != it {
			return true
		}
	}
	return false
}

// hoistDefinition turns `a, b := x, y` into `var a A; var b B` and `func() { a, b = x, y }()`.
// A name the session already has as a variable of the same type is assigned, not declared
// again; a name an earlier statement of the cell defined is assigned too. When a name is
// redeclared with a new type while the right-hand side reads it (x := f(x)), the values go
// through temporary variables, set by an item it returns, to run before. It leaves the
// statement as it is when a type is unknown or can't be written.
func (s *Session) hoistDefinition(serial int, it *item, as *ast.AssignStmt, ct *cellTypes) (before *item) {
	if ct == nil || ct.hasErrors(as.Pos(), as.End()) {
		return nil // (x := 1; x := "s" in one cell is a type error in Go, a redefinition here)
	}
	var pre []ast.Stmt
	var names []string
	spelled := map[string]string{} // name -> type
	redeclared := map[string]bool{}
	for _, l := range as.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok {
			return nil
		}
		if id.Name == "_" {
			continue
		}
		names = append(names, id.Name)
		obj := ct.objectOf(id)
		if obj == nil {
			return nil
		}
		typ, ok := ct.typeString(obj.Type())
		if !ok {
			return nil
		}
		spelled[id.Name] = typ
		if ct.info.Defs[id] == nil {
			continue // := reuses a variable an earlier statement of the cell defined
		}
		decl, again, ok := s.varDeclFor(ct, id, typ)
		if !ok {
			return nil
		}
		if again {
			redeclared[id.Name] = true
		}
		if decl != nil {
			pre = append(pre, decl)
			if !ct.noteVarDecl(decl, []types.Object{obj}, obj.Type()) {
				ct.unsure = "typeexpr " + typ
			}
		}
	}
	readsOld := false
	for _, r := range as.Rhs {
		readsOld = readsOld || mentions(r, redeclared)
	}
	as.Tok = token.ASSIGN
	for _, l := range as.Lhs {
		ct.noteAssigned(l.(*ast.Ident))
	}
	it.pre, it.hoisted, it.spelled = pre, names, spelled
	if !readsOld {
		s.wrapItem(serial, it, []ast.Stmt{as}, as.Pos(), as.End())
		ct.noteCall(it.stmt)
		return nil
	}
	// x := f(x) with a new type for x: the values go to temporary variables first, in a
	// step of their own (yaegi declares a step's variables before it runs any of it).
	before = &item{kind: chunkStmt, line: it.line, col: it.col}
	pos := as.Pos()
	var temps, lhs []ast.Expr
	for _, l := range as.Lhs {
		id := l.(*ast.Ident)
		if id.Name == "_" {
			temps = append(temps, id)
			continue
		}
		s.temps++
		tmp := &ast.Ident{NamePos: pos, Name: "_pb_tmp" + strconv.Itoa(s.temps)}
		typ, err := parser.ParseExpr(spelled[id.Name])
		if err != nil {
			return nil
		}
		before.pre = append(before.pre, varDeclStmt(pos, []*ast.Ident{tmp}, typ, nil))
		before.hoisted = append(before.hoisted, tmp.Name)
		temps = append(temps, &ast.Ident{NamePos: pos, Name: tmp.Name})
		lhs = append(lhs, id)
	}
	s.wrapItem(serial, before, []ast.Stmt{&ast.AssignStmt{Lhs: temps, TokPos: as.TokPos, Tok: token.ASSIGN, Rhs: as.Rhs}}, as.Pos(), as.End())
	var fromTemps []ast.Expr
	for _, n := range before.hoisted {
		fromTemps = append(fromTemps, &ast.Ident{NamePos: pos, Name: n})
	}
	s.wrapItem(serial, it, []ast.Stmt{&ast.AssignStmt{Lhs: lhs, TokPos: as.TokPos, Tok: token.ASSIGN, Rhs: fromTemps}}, as.Pos(), as.End())
	ct.noteTemps(before, it, lhs)
	return before
}

// varDeclFor returns the declaration `var name T` of a variable that a statement defines
// with type typ; nil when the session has that variable with that type already (it is then
// only assigned; a type the cell redeclares is another type, though spelled the same).
// again reports a redeclaration of a session name; ok is false when the
// name is a session function, type or constant (the statement then runs as written).
func (s *Session) varDeclFor(ct *cellTypes, id *ast.Ident, typ string) (decl ast.Stmt, again, ok bool) {
	if prev, defined := ct.earlier[id.Name]; defined {
		// An earlier statement of the cell defines it.
		if prev == typ {
			return nil, false, true
		}
		again = true
	} else if sym := s.scope.symbol(id.Name); sym.IsValid() {
		if s.scope.symKind(sym) != "var" {
			return nil, false, false
		}
		if s.typer.varType(id.Name) == typ && !namesAny(typ, ct.cellTypeNames) {
			return nil, false, true
		}
		again = true
	}
	t, err := parser.ParseExpr(typ)
	if err != nil {
		return nil, false, false
	}
	return varDeclStmt(id.Pos(), []*ast.Ident{{NamePos: id.Pos(), Name: id.Name}}, t, nil), again, true
}

// namesAny reports whether a type's spelling mentions one of names.
func namesAny(typ string, names map[string]bool) bool {
	for _, w := range strings.FieldsFunc(typ, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '.' }) {
		if names[w] {
			return true
		}
	}
	return false
}

// varDeclStmt builds `var names T`, every position at pos.
func varDeclStmt(pos token.Pos, names []*ast.Ident, typ ast.Expr, doc *ast.CommentGroup) ast.Stmt {
	placeAt(typ, pos)
	return &ast.DeclStmt{Decl: &ast.GenDecl{Doc: doc, TokPos: pos, Tok: token.VAR, Specs: []ast.Spec{
		&ast.ValueSpec{Names: names, Type: typ},
	}}}
}

// placeAt sets every position in a generated tree to pos.
func placeAt(n ast.Node, pos token.Pos) {
	posType := reflect.TypeFor[token.Pos]()
	ast.Inspect(n, func(m ast.Node) bool {
		if m == nil {
			return false
		}
		v := reflect.ValueOf(m)
		if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
			return true
		}
		e := v.Elem()
		for i := 0; i < e.NumField(); i++ {
			if f := e.Field(i); f.Type() == posType && f.CanSet() && (f.Int() != 0 || e.Type().Field(i).Name != "Ellipsis") {
				f.SetInt(int64(pos))
			}
		}
		return true
	})
}

// mentions reports whether e refers to one of names.
func mentions(e ast.Node, names map[string]bool) bool {
	if len(names) == 0 {
		return false
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(x.X, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && names[id.Name] {
					found = true
				}
				return !found
			})
			return false
		case *ast.Ident:
			if names[x.Name] {
				found = true
			}
		}
		return !found
	})
	return found
}

// hoistVarDecl turns a var declaration that runs as a statement into declarations of its
// variables and a function literal that assigns their initial values, in order.
func (s *Session) hoistVarDecl(serial int, it *item, ct *cellTypes) {
	gd := it.decl.(*ast.GenDecl)
	if ct == nil || ct.hasErrors(gd.Pos(), gd.End()) {
		return
	}
	var pre, body []ast.Stmt
	var names []string
	spelled := map[string]string{}
	for _, spec := range gd.Specs {
		vs, ok := spec.(*ast.ValueSpec)
		if !ok {
			return
		}
		var specNames []*ast.Ident
		for _, id := range vs.Names {
			if id.Name != "_" {
				specNames = append(specNames, &ast.Ident{NamePos: id.Pos(), Name: id.Name})
				names = append(names, id.Name)
			}
		}
		if vs.Type != nil || len(vs.Values) == 0 {
			existing := map[string]bool{}
			for _, id := range vs.Names {
				if _, ok := ct.earlier[id.Name]; ok {
					existing[id.Name] = true
				} else if sym := s.scope.symbol(id.Name); sym.IsValid() {
					if s.scope.symKind(sym) != "var" {
						return
					}
					existing[id.Name] = true
				}
			}
			for _, v := range vs.Values {
				if mentions(v, existing) {
					return
				}
			}
			if len(specNames) > 0 {
				typ := vs.Type
				if typ == nil {
					return // var a, b without type or value: not Go
				}
				for _, id := range specNames {
					spelled[id.Name] = printNode(s.in.FileSet(), typ)
				}
				pre = append(pre, &ast.DeclStmt{Decl: &ast.GenDecl{Doc: gd.Doc, TokPos: gd.TokPos, Tok: token.VAR,
					Specs: []ast.Spec{&ast.ValueSpec{Names: specNames, Type: typ}}}})
			}
		} else {
			redeclared := map[string]bool{}
			for _, id := range vs.Names {
				if id.Name == "_" {
					continue
				}
				obj := ct.objectOf(id)
				if obj == nil {
					return
				}
				typ, ok := ct.typeString(obj.Type())
				if !ok {
					return
				}
				spelled[id.Name] = typ
				decl, again, ok := s.varDeclFor(ct, id, typ)
				if !ok {
					return
				}
				if again {
					redeclared[id.Name] = true
				}
				if decl != nil {
					decl.(*ast.DeclStmt).Decl.(*ast.GenDecl).Doc = gd.Doc
					pre = append(pre, decl)
				}
			}
			for _, v := range vs.Values {
				if mentions(v, redeclared) {
					return
				}
			}
		}
		if len(vs.Values) > 0 {
			lhs := make([]ast.Expr, len(vs.Names))
			for i, id := range vs.Names {
				lhs[i] = id
			}
			body = append(body, &ast.AssignStmt{Lhs: lhs, TokPos: vs.Values[0].Pos(), Tok: token.ASSIGN, Rhs: vs.Values})
		}
	}
	ct.inInitOrder(body)
	it.kind, it.decl, it.file = chunkStmt, nil, nil
	it.pre, it.hoisted, it.spelled = pre, names, spelled
	s.wrapItem(serial, it, body, gd.Pos(), gd.End())
}

// wrapItem makes body the body of a function literal called at once, and that call the
// item's statement. The lines the literal spans are noted, so that a panic's traceback
// shows its frame as the cell's.
func (s *Session) wrapItem(serial int, it *item, body []ast.Stmt, pos, end token.Pos) {
	it.stmt = funcCall(body, pos, end)
	s.noteWrapper(serial, pos, end)
}

// funcCall builds `func() { body }()` spanning pos to end.
func funcCall(body []ast.Stmt, pos, end token.Pos) ast.Stmt {
	last := end - 1
	if last < pos {
		last = pos
	}
	lit := &ast.FuncLit{
		Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos}},
		Body: &ast.BlockStmt{Lbrace: pos, List: body, Rbrace: last},
	}
	return &ast.ExprStmt{X: &ast.CallExpr{Fun: lit, Lparen: last, Rparen: last}}
}

// noteWrapper records that a function literal the session made spans the cell lines of pos
// to end.
func (s *Session) noteWrapper(serial int, pos, end token.Pos) {
	fset := s.in.FileSet()
	from, _ := cellPosition(fset, pos)
	to, _ := cellPosition(fset, end)
	s.cellsMu.Lock()
	if c, ok := s.cells[serial]; ok {
		c.wrappers = append(c.wrappers, [2]int{from, to})
	}
	s.cellsMu.Unlock()
}

// isWrapper reports whether a frame at a cell line is that of a function literal the
// session made around a top-level statement.
func (s *Session) isWrapper(serial, line int) bool {
	s.cellsMu.RLock()
	defer s.cellsMu.RUnlock()
	c, ok := s.cells[serial]
	if !ok {
		return false
	}
	for _, w := range c.wrappers {
		if line >= w[0] && line <= w[1] {
			return true
		}
	}
	return false
}

// crossLabels reports whether a goto, break or continue of a top-level statement names a
// label of another top-level statement (the statements then can't be separate functions).
func crossLabels(pc *parsedCell) bool {
	for _, it := range pc.items {
		if it.stmt == nil {
			continue
		}
		own := map[string]bool{}
		var branches []string
		ast.Inspect(it.stmt, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.LabeledStmt:
				own[x.Label.Name] = true
			case *ast.BranchStmt:
				if x.Label != nil {
					branches = append(branches, x.Label.Name)
				}
			}
			return true
		})
		for _, b := range branches {
			if !own[b] {
				return true
			}
		}
	}
	return false
}

// cellLevel rewrites the defer and return statements of a top-level statement that are
// not inside a function literal, which are about the cell, not the statement:
//   - a deferred call is registered with the cell: it runs when the cell ends, after its
//     value has been computed, last first, also when the cell panicked, as a deferred
//     call of the panicking function (Session.runDeferred: recover() stops the panic),
//     not when it was interrupted. The function and its arguments are evaluated at the
//     defer statement, as Go does (see deferWrapper);
//   - a return ends the cell (its deferred calls run): `_pbs.Return()`.
//
// It returns the statement to run instead of st, and sets *first to the position of the
// first defer. info is the cell's check (nil when not made); note, if not nil, is told of
// each statement it replaces and its replacement.
func cellLevel(st ast.Stmt, serial int, first *token.Pos, info *types.Info, note func(old, made ast.Stmt)) ast.Stmt {
	edit := func(s ast.Stmt) ast.Stmt {
		var made ast.Stmt
		switch x := s.(type) {
		case *ast.DeferStmt:
			if *first == token.NoPos || x.Defer < *first {
				*first = x.Defer
			}
			made = deferWrapper(x, serial, info)
		case *ast.ReturnStmt:
			if len(x.Results) == 0 {
				made = bridgeCall(x.Return, "Return")
			}
		}
		if made == nil {
			return s
		}
		if note != nil {
			note(s, made)
		}
		return made
	}
	st = edit(st)
	editStatements(st, edit)
	return st
}

// bridgeCall is the statement _pbs.name(args...), positioned at pos.
func bridgeCall(pos token.Pos, name string, args ...ast.Expr) ast.Stmt {
	return &ast.ExprStmt{X: &ast.CallExpr{
		Fun:    &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: rtName}, Sel: &ast.Ident{NamePos: pos, Name: name}},
		Args:   args,
		Lparen: pos, Rparen: pos,
	}}
}

// editStatements replaces, everywhere under n but in function literals, each statement st
// of a statement list (or of a labelled statement) by edit(st).
func editStatements(n ast.Node, edit func(ast.Stmt) ast.Stmt) {
	list := func(l []ast.Stmt) {
		for i, st := range l {
			l[i] = edit(st)
		}
	}
	ast.Inspect(n, func(x ast.Node) bool {
		switch b := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			list(b.List)
		case *ast.CaseClause:
			list(b.Body)
		case *ast.CommClause:
			list(b.Body)
		case *ast.LabeledStmt:
			b.Stmt = edit(b.Stmt)
		}
		return true
	})
}

// markPanics rewrites every call of the builtin panic under n so that the position of the
// call is recorded with its value before it panics (yaegi's trace only names the line where
// a function starts):
//
//	panic(v)  =>  panic(func(_pb_pv interface{}) interface{} { _pbs.PanicSite(_pb_pv, LINE, COL); return _pb_pv }(v))
//
// LINE is in the interpreter's numbering (it carries the cell). The value panicked with is
// the same, and v is evaluated where it was: a recover() in it (panic(fmt.Sprint("again: ",
// recover())) in a deferred function) is still called by the deferred function, so it
// recovers. Nothing is done where panic is not the builtin.
func (s *Session) markPanics(n ast.Node) {
	if sym := s.scope.symbol("panic"); sym.IsValid() {
		return
	}
	fset := s.in.FileSet()
	ast.Inspect(n, func(x ast.Node) bool {
		call, ok := x.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || call.Ellipsis.IsValid() {
			return true
		}
		fn, ok := call.Fun.(*ast.Ident)
		if !ok || fn.Name != "panic" || fn.Obj != nil {
			return true
		}
		if site, ok := call.Args[0].(*ast.CallExpr); ok {
			if lit, ok := site.Fun.(*ast.FuncLit); ok && isPanicSite(lit) {
				return false // done already
			}
		}
		pos := call.Pos()
		p := fset.Position(pos)
		id := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
		iface := func() ast.Expr {
			return &ast.InterfaceType{Interface: pos, Methods: &ast.FieldList{Opening: pos, Closing: pos}}
		}
		v := call.Args[0]
		s.markPanics(v) // panics inside the value (a function literal's)
		body := []ast.Stmt{
			&ast.ExprStmt{X: &ast.CallExpr{
				Fun: &ast.SelectorExpr{X: id(rtName), Sel: id("PanicSite")},
				Args: []ast.Expr{
					id("_pb_pv"),
					&ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: strconv.Itoa(p.Line)},
					&ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: strconv.Itoa(p.Column)},
				},
				Lparen: pos, Rparen: pos,
			}},
			&ast.ReturnStmt{Return: pos, Results: []ast.Expr{id("_pb_pv")}},
		}
		params := []*ast.Field{{Names: []*ast.Ident{id("_pb_pv")}, Type: iface()}}
		lit := &ast.FuncLit{
			Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, List: params, Closing: pos},
				Results: &ast.FieldList{List: []*ast.Field{{Type: iface()}}}},
			Body: &ast.BlockStmt{Lbrace: pos, List: body, Rbrace: pos},
		}
		call.Args[0] = &ast.CallExpr{Fun: lit, Lparen: pos, Args: []ast.Expr{v}, Rparen: pos}
		return false
	})
}

// isPanicSite reports whether lit is the function literal markPanics makes.
func isPanicSite(lit *ast.FuncLit) bool {
	if len(lit.Body.List) != 2 {
		return false
	}
	es, ok := lit.Body.List[0].(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	return ok && x.Name == rtName && sel.Sel.Name == "PanicSite"
}
