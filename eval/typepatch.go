package eval

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"sync"
)

// The cell's check (typecheck.go) is made before the scope stage (toplevel.go) changes the
// cell, and the rewriter reads it for the cell as it runs (rewriteItems). So the scope stage
// keeps the check true for the nodes it makes: what follows records, for each, what go/types
// records when it checks them (the types of expressions, what identifiers define and use).

// operandModes are types.TypeAndValue of each mode go/types records (the mode is not
// exported): the ones of a small program, checked once.
var operandModes = sync.OnceValue(func() (m struct{ novalue, value, variable, typexpr, constant types.TypeAndValue }) {
	const src = `package p
type T int
var v T
func f() {}
func g() { f(); _ = func() {}; _ = v; _ = T(1); _ = 1 + 1 }`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		panic(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, info); err != nil {
		panic(err)
	}
	body := f.Decls[3].(*ast.FuncDecl).Body.List
	rhs := func(i int) ast.Expr { return body[i].(*ast.AssignStmt).Rhs[0] }
	m.novalue = info.Types[body[0].(*ast.ExprStmt).X]
	m.value = info.Types[rhs(1)]
	m.variable = info.Types[rhs(2)]
	m.typexpr = info.Types[rhs(3).(*ast.CallExpr).Fun]
	m.constant = info.Types[rhs(4)]
	return m
})

// typed returns the TypeAndValue of mode proto with type t.
func typed(proto types.TypeAndValue, t types.Type) types.TypeAndValue {
	proto.Type = t
	return proto
}

// noteCall records a call made at once of a function literal without parameters or results
// (funcCall): `func() { ... }()`.
func (ct *cellTypes) noteCall(st ast.Stmt) {
	call := st.(*ast.ExprStmt).X.(*ast.CallExpr)
	m := operandModes()
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	ct.info.Types[call.Fun] = typed(m.value, sig)
	ct.info.Types[call.Fun.(*ast.FuncLit).Type] = typed(m.typexpr, sig)
	ct.info.Types[call] = m.novalue
}

// noteAssigned records that id, which a definition declared, is assigned instead (its
// declaration made apart, see noteVarDecl).
func (ct *cellTypes) noteAssigned(id *ast.Ident) {
	obj, ok := ct.info.Defs[id]
	if !ok {
		return
	}
	if id.Name == "_" {
		ct.info.Defs[id] = nil // as go/types records a blank identifier assigned to
		return
	}
	delete(ct.info.Defs, id)
	ct.info.Uses[id] = obj
	ct.info.Types[id] = typed(operandModes().variable, obj.Type())
}

// noteUse records id as a use of obj, a variable.
func (ct *cellTypes) noteUse(id *ast.Ident, obj types.Object) {
	ct.info.Uses[id] = obj
	ct.info.Types[id] = typed(operandModes().variable, obj.Type())
}

// noteVarDecl records `var names T` (varDeclStmt) declaring objs, of type t.
func (ct *cellTypes) noteVarDecl(st ast.Stmt, objs []types.Object, t types.Type) bool {
	vs := st.(*ast.DeclStmt).Decl.(*ast.GenDecl).Specs[0].(*ast.ValueSpec)
	for i, id := range vs.Names {
		ct.info.Defs[id] = objs[i]
	}
	return ct.noteTypeExpr(vs.Type, t)
}

// noteTypeExpr records the type expression e, written for t (cellTypes.typeString). It
// reports false where it cannot say what go/types would record.
func (ct *cellTypes) noteTypeExpr(e ast.Expr, t types.Type) bool {
	m := operandModes()
	ct.info.Types[e] = typed(m.typexpr, t)
	switch x := e.(type) {
	case *ast.Ident:
		var obj types.Object
		switch tt := t.(type) {
		case *types.Named:
			obj = tt.Obj()
		case *types.Alias:
			obj = tt.Obj()
		case *types.Basic:
			obj = types.Universe.Lookup(x.Name)
		case *types.Interface:
			obj = types.Universe.Lookup(x.Name) // any, error
		}
		if obj == nil || obj.Name() != x.Name {
			return false
		}
		ct.info.Uses[x] = obj
		return true
	case *ast.SelectorExpr:
		var obj *types.TypeName
		switch tt := t.(type) {
		case *types.Named:
			obj = tt.Obj()
		case *types.Alias:
			obj = tt.Obj()
		}
		q, ok := x.X.(*ast.Ident)
		if obj == nil || obj.Pkg() == nil || !ok || obj.Name() != x.Sel.Name {
			return false
		}
		ct.info.Uses[x.Sel] = obj // a qualified identifier: its type is the selector's
		ct.info.Uses[q] = ct.pkgName(q.Name, obj.Pkg())
		return true
	case *ast.StarExpr:
		p, ok := t.(*types.Pointer)
		return ok && ct.noteTypeExpr(x.X, p.Elem())
	case *ast.ArrayType:
		if x.Len == nil {
			s, ok := t.(*types.Slice)
			return ok && ct.noteTypeExpr(x.Elt, s.Elem())
		}
		a, ok := t.(*types.Array)
		n, isLit := x.Len.(*ast.BasicLit)
		if !ok || !isLit || n.Kind != token.INT {
			return false
		}
		length := m.constant
		length.Type, length.Value = types.Typ[types.UntypedInt], constant.MakeInt64(a.Len())
		ct.info.Types[n] = length
		return ct.noteTypeExpr(x.Elt, a.Elem())
	case *ast.FuncType:
		sig, ok := t.(*types.Signature)
		return ok && x.TypeParams == nil && ct.noteFields(x.Params, sig.Params(), sig.Variadic()) && ct.noteFields(x.Results, sig.Results(), false)
	case *ast.StructType:
		st, ok := t.(*types.Struct)
		if !ok {
			return false
		}
		i := 0
		for _, f := range x.Fields.List {
			if len(f.Names) == 0 {
				return false // an embedded field
			}
			for _, id := range f.Names {
				if i >= st.NumFields() || st.Field(i).Name() != id.Name {
					return false
				}
				ct.info.Defs[id] = st.Field(i)
				if !ct.noteTypeExpr(f.Type, st.Field(i).Type()) {
					return false
				}
				i++
			}
		}
		return i == st.NumFields()
	case *ast.InterfaceType:
		it, ok := t.(*types.Interface)
		return ok && it.NumMethods() == 0 && it.NumEmbeddeds() == 0 && len(x.Methods.List) == 0
	case *ast.IndexExpr, *ast.IndexListExpr:
		named, ok := t.(*types.Named)
		if !ok || named.TypeArgs().Len() == 0 {
			return false
		}
		var base ast.Expr
		var args []ast.Expr
		switch x := x.(type) {
		case *ast.IndexExpr:
			base, args = x.X, []ast.Expr{x.Index}
		case *ast.IndexListExpr:
			base, args = x.X, x.Indices
		}
		if len(args) != named.TypeArgs().Len() || !ct.noteTypeExpr(base, named.Origin()) {
			return false
		}
		id, ok := base.(*ast.Ident)
		if sel, isSel := base.(*ast.SelectorExpr); isSel {
			id, ok = sel.Sel, true
		}
		if !ok {
			return false
		}
		ct.info.Instances[id] = types.Instance{TypeArgs: named.TypeArgs(), Type: named}
		for i, a := range args {
			if !ct.noteTypeExpr(a, named.TypeArgs().At(i)) {
				return false
			}
		}
		return true
	case *ast.MapType:
		mt, ok := t.(*types.Map)
		return ok && ct.noteTypeExpr(x.Key, mt.Key()) && ct.noteTypeExpr(x.Value, mt.Elem())
	case *ast.ChanType:
		c, ok := t.(*types.Chan)
		return ok && ct.noteTypeExpr(x.Value, c.Elem())
	case *ast.ParenExpr:
		return ct.noteTypeExpr(x.X, t)
	}
	return false
}

// pkgName returns the package name by which the cell reaches pkg as name: the one its
// check made, or a new one (an import the session adds for the cell, see importAliases).
func (ct *cellTypes) pkgName(name string, pkg *types.Package) *types.PkgName {
	if ct.file != nil {
		if pn, ok := ct.info.Scopes[ct.file].Lookup(name).(*types.PkgName); ok && pn.Imported() == pkg {
			return pn
		}
	}
	if pn := ct.madeNames[name]; pn != nil && pn.Imported() == pkg {
		return pn
	}
	pn := types.NewPkgName(token.NoPos, ct.pkg, name, pkg)
	if ct.madeNames == nil {
		ct.madeNames = map[string]*types.PkgName{}
	}
	ct.madeNames[name] = pn
	return pn
}

// declared returns the objects a var declaration declares, by name.
func (ct *cellTypes) declared(d ast.Decl) map[string]types.Object {
	out := map[string]types.Object{}
	if gd, ok := d.(*ast.GenDecl); ok {
		for _, spec := range gd.Specs {
			if vs, ok := spec.(*ast.ValueSpec); ok {
				for _, id := range vs.Names {
					if obj := ct.info.Defs[id]; obj != nil {
						out[id.Name] = obj
					}
				}
			}
		}
	}
	return out
}

// noteHoistedVars records a var declaration run as a statement (hoistVarDecl): the
// declarations of its variables, objs by name, and the function literal that assigns them.
func (ct *cellTypes) noteHoistedVars(it *item, objs map[string]types.Object) {
	for _, p := range it.pre {
		vs := p.(*ast.DeclStmt).Decl.(*ast.GenDecl).Specs[0].(*ast.ValueSpec)
		for _, id := range vs.Names {
			obj := objs[id.Name]
			if obj == nil {
				ct.unsure = "hoisted var without object"
				return
			}
			ct.info.Defs[id] = obj
			if _, typed := ct.info.Types[vs.Type]; !typed && !ct.noteTypeExpr(vs.Type, obj.Type()) {
				ct.unsure = "typeexpr " + types.ExprString(vs.Type)
			}
		}
	}
	call := it.stmt.(*ast.ExprStmt).X.(*ast.CallExpr)
	for _, st := range call.Fun.(*ast.FuncLit).Body.List {
		for _, l := range st.(*ast.AssignStmt).Lhs {
			ct.noteAssigned(l.(*ast.Ident))
		}
	}
	ct.noteCall(it.stmt)
}

// noteFields records the parameters (or results) of a function type expression, fields,
// written for vars.
func (ct *cellTypes) noteFields(fields *ast.FieldList, vars *types.Tuple, variadic bool) bool {
	if fields == nil {
		return vars.Len() == 0
	}
	i := 0
	for j, f := range fields.List {
		n := len(f.Names)
		if n == 0 {
			n = 1
		}
		for k := 0; k < n; k++ {
			if i >= vars.Len() {
				return false
			}
			v := vars.At(i)
			if len(f.Names) > 0 {
				if f.Names[k].Name != v.Name() {
					return false
				}
				ct.info.Defs[f.Names[k]] = types.NewParam(f.Names[k].Pos(), ct.pkg, v.Name(), v.Type())
			}
			i++
		}
		typ := vars.At(i - 1).Type()
		if e, ok := f.Type.(*ast.Ellipsis); ok {
			s, isSlice := typ.(*types.Slice)
			if !variadic || j != len(fields.List)-1 || !isSlice {
				return false
			}
			ct.info.Types[e] = typed(operandModes().typexpr, typ)
			if !ct.noteTypeExpr(e.Elt, s.Elem()) {
				return false
			}
			continue
		}
		if !ct.noteTypeExpr(f.Type, typ) {
			return false
		}
	}
	return i == vars.Len()
}

// noteTemps records x := f(x) run through temporary variables (hoistDefinition): before
// declares them and assigns them the values, it assigns them to the variables lhs.
func (ct *cellTypes) noteTemps(before, it *item, lhs []ast.Expr) {
	tmps := map[string]types.Object{}
	for i, p := range before.pre {
		vs := p.(*ast.DeclStmt).Decl.(*ast.GenDecl).Specs[0].(*ast.ValueSpec)
		v := ct.objectOf(lhs[i].(*ast.Ident))
		if v == nil || len(vs.Names) != 1 {
			ct.unsure = "temps"
			return
		}
		tmp := types.NewVar(vs.Names[0].Pos(), ct.pkg, vs.Names[0].Name, v.Type())
		tmps[tmp.Name()] = tmp
		ct.info.Defs[vs.Names[0]] = tmp
		if !ct.noteTypeExpr(vs.Type, v.Type()) {
			ct.unsure = "typeexpr " + types.ExprString(vs.Type)
		}
	}
	uses := func(exprs []ast.Expr) {
		for _, e := range exprs {
			if id, ok := e.(*ast.Ident); ok && tmps[id.Name] != nil {
				ct.noteUse(id, tmps[id.Name])
			}
		}
	}
	for _, x := range []*item{before, it} {
		as := x.stmt.(*ast.ExprStmt).X.(*ast.CallExpr).Fun.(*ast.FuncLit).Body.List[0].(*ast.AssignStmt)
		uses(as.Lhs)
		uses(as.Rhs)
		ct.noteCall(x.stmt)
	}
}

// noteCellLevel records a top-level defer or return that cellLevel replaced by made.
func (ct *cellTypes) noteCellLevel(old, made ast.Stmt) {
	switch d := old.(type) {
	case *ast.ReturnStmt:
		ct.noteBridgeCall(made.(*ast.ExprStmt).X.(*ast.CallExpr))
	case *ast.DeferStmt:
		ct.noteDefer(d, made)
	}
}

// noteBridgeCall records a call of the session bridge (bridgeCall): _pbs.Name(args...),
// whose arguments are constants, variables or function literals without parameters.
func (ct *cellTypes) noteBridgeCall(call *ast.CallExpr) {
	sel := call.Fun.(*ast.SelectorExpr)
	var pn *types.PkgName
	if ct.file != nil {
		pn, _ = ct.info.Scopes[ct.file].Lookup(rtName).(*types.PkgName)
	}
	if pn == nil {
		ct.unsure = "no bridge"
		return
	}
	fn := pn.Imported().Scope().Lookup(sel.Sel.Name)
	if fn == nil {
		ct.unsure = "bridge " + sel.Sel.Name
		return
	}
	sig, ok := types.Unalias(fn.Type()).(*types.Signature)
	if !ok || sig.Results().Len() != 0 || sig.Params().Len() != len(call.Args) || sig.Variadic() {
		ct.unsure = "bridge " + sel.Sel.Name
		return
	}
	m := operandModes()
	ct.info.Uses[sel.X.(*ast.Ident)] = pn
	ct.info.Uses[sel.Sel] = fn
	ct.info.Types[sel] = typed(m.value, fn.Type())
	ct.info.Types[call] = m.novalue
	for i, a := range call.Args {
		switch a := a.(type) {
		case *ast.BasicLit:
			c := m.constant
			c.Type, c.Value = sig.Params().At(i).Type(), constant.MakeFromLiteral(a.Value, a.Kind, 0)
			ct.info.Types[a] = c
		case *ast.FuncLit:
			lit := types.NewSignatureType(nil, nil, nil, nil, nil, false)
			if a.Type.Params.NumFields() != 0 || a.Type.Results.NumFields() != 0 {
				ct.unsure = "bridge literal"
				return
			}
			ct.info.Types[a] = typed(m.value, lit)
			ct.info.Types[a.Type] = typed(m.typexpr, lit)
		default:
			ct.unsure = "bridge argument"
			return
		}
	}
}

// noteDefer records the statement that replaced a top-level defer (deferWrapper):
//
//	func() { _pbf := f; _pba0 := a; _pbs.Defer(serial, func() { _pbf(_pba0, b) }) }()
//	func() { _pbr := x; _pbs.Defer(serial, func() { _pbr.M() }) }()
//	func() { _pba0_0, _pba0_1 := g(); _pbs.Defer(serial, func() { f(_pba0_0, _pba0_1) }) }()
func (ct *cellTypes) noteDefer(d *ast.DeferStmt, made ast.Stmt) {
	list := made.(*ast.ExprStmt).X.(*ast.CallExpr).Fun.(*ast.FuncLit).Body.List
	bound := map[string]types.Object{}
	for _, st := range list[:len(list)-1] {
		as := st.(*ast.AssignStmt)
		if len(as.Lhs) > 1 {
			// _pba0_0, _pba0_1 := g(), the results of f(g())'s lone argument.
			tup, ok := ct.info.Types[as.Rhs[0]].Type.(*types.Tuple)
			if !ok || tup.Len() != len(as.Lhs) {
				ct.unsure = "defer arguments"
				return
			}
			for j, l := range as.Lhs {
				id := l.(*ast.Ident)
				v := types.NewVar(id.Pos(), ct.pkg, id.Name, tup.At(j).Type())
				bound[id.Name] = v
				ct.info.Defs[id] = v
			}
			continue
		}
		id := as.Lhs[0].(*ast.Ident)
		switch r := as.Rhs[0].(type) {
		case *ast.StarExpr:
			// _pbr := *p, a pointer's value method's receiver (deferWrapper).
			if p, ok := ct.info.Types[r.X]; ok {
				if pt, ok := p.Type.Underlying().(*types.Pointer); ok {
					ct.info.Types[r] = typed(operandModes().variable, pt.Elem())
				}
			}
		case *ast.UnaryExpr:
			// _pbr := &x, a value's pointer method's receiver.
			if x, ok := ct.info.Types[r.X]; ok && r.Op == token.AND {
				ct.info.Types[r] = typed(operandModes().value, types.NewPointer(x.Type))
			}
		}
		tv, ok := ct.info.Types[as.Rhs[0]]
		if !ok || !tv.IsValue() || tv.Value != nil || tv.IsNil() || types.Default(tv.Type) != tv.Type {
			// A constant, untyped or unchecked value: its type bound to a variable is not
			// the one the call gave it.
			ct.unsure = "defer argument"
			return
		}
		v := types.NewVar(id.Pos(), ct.pkg, id.Name, tv.Type)
		bound[id.Name] = v
		ct.info.Defs[id] = v
	}
	deferCall := list[len(list)-1].(*ast.ExprStmt).X.(*ast.CallExpr)
	ct.noteBridgeCall(deferCall)
	inner := deferCall.Args[1].(*ast.FuncLit).Body.List[0].(*ast.ExprStmt).X.(*ast.CallExpr)
	tv, ok := ct.info.Types[d.Call]
	if !ok {
		ct.unsure = "defer call"
		return
	}
	ct.info.Types[inner] = tv
	if sel, ok := inner.Fun.(*ast.SelectorExpr); ok && sel != d.Call.Fun {
		// _pbr.M, the method on the bound receiver (deferWrapper): x.M's selection, or
		// the method's selection on *x's type where _pbr is *x.
		old, _ := d.Call.Fun.(*ast.SelectorExpr)
		id, _ := sel.X.(*ast.Ident)
		if old == nil || ct.info.Selections[old] == nil || id == nil || bound[id.Name] == nil {
			ct.unsure = "defer receiver"
			return
		}
		ns := ct.info.Selections[old]
		if rt := bound[id.Name].Type(); !types.Identical(rt, ns.Recv()) {
			if ns = types.NewMethodSet(rt).Lookup(ns.Obj().Pkg(), ns.Obj().Name()); ns == nil {
				ct.unsure = "defer receiver"
				return
			}
		}
		ct.info.Selections[sel] = ns
		ct.info.Types[sel] = ct.info.Types[old]
		ct.noteUse(id, bound[id.Name])
	}
	for _, e := range append([]ast.Expr{inner.Fun}, inner.Args...) {
		if id, ok := e.(*ast.Ident); ok && bound[id.Name] != nil {
			ct.noteUse(id, bound[id.Name])
		}
	}
	ct.noteCall(made)
}
