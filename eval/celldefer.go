package eval

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
)

// The replacement of a defer statement at a cell's top level (see cellLevel): the call is
// registered with the cell, its function, receiver and arguments evaluated at the
// statement as Go evaluates them.

// deferWrapper builds the replacement of one top-level defer statement:
//
//	defer f(a, b)  =>  func() { _pbf := f; _pba0 := a; _pba1 := b; _pbs.Defer(serial, func() { _pbf(_pba0, _pba1) }) }()
//	defer x.M(a)   =>  func() { _pbr := x; _pba0 := a; _pbs.Defer(serial, func() { _pbr.M(_pba0) }) }()
//	defer p.M()    =>  func() { _pbr := *p; _pbs.Defer(serial, func() { _pbr.M() }) }()   (M of T, p a *T)
//	defer f(g())   =>  func() { _pbf := f; _pba0_0, _pba0_1 := g(); _pbs.Defer(serial, func() { _pbf(_pba0_0, _pba0_1) }) }()
//
// info, the cell's check (nil when not made), tells which receivers and lone call
// arguments can be bound (see bindsReceiver, results); without it they are read when
// the call runs.
func deferWrapper(d *ast.DeferStmt, serial int, info *types.Info) ast.Stmt {
	pos := d.Defer
	id := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
	call := d.Call
	var list []ast.Stmt
	bind := func(name string, e ast.Expr) ast.Expr {
		list = append(list, &ast.AssignStmt{Lhs: []ast.Expr{id(name)}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{e}})
		return id(name)
	}
	fn := call.Fun
	switch f := fn.(type) {
	case *ast.Ident:
		if !rewrite.IsBuiltinFunc(f.Name) {
			fn = bind("_pbf", fn)
		}
	case *ast.SelectorExpr:
		// A method value of a compiled type assigned to a variable has the wrong type in
		// yaegi (func(*os.File) error for f.Close): x.M and pkg.F stay in the deferred
		// call. The receiver x is bound where binding it copies what Go's method value
		// would (bindsReceiver): not a value whose pointer method is called (wg.Done),
		// read through its address when the call runs.
		var sel *types.Selection
		if info != nil {
			sel = info.Selections[f]
		}
		switch {
		case sel != nil && sel.Kind() == types.FieldVal:
			fn = bind("_pbf", fn) // a field holding a function: its value now
		case sel != nil && sel.Kind() == types.MethodVal && bindsReceiver(sel):
			fn = &ast.SelectorExpr{X: bind("_pbr", f.X), Sel: f.Sel}
		case sel != nil && sel.Kind() == types.MethodVal && copiesPointee(sel):
			// A pointer whose value method is deferred: Go copies *x at the statement
			// (and panics there when x is nil).
			fn = &ast.SelectorExpr{X: bind("_pbr", &ast.StarExpr{Star: pos, X: f.X}), Sel: f.Sel}
		case sel != nil && sel.Kind() == types.MethodVal && takesAddress(sel) && info.Types[f.X].Addressable():
			// A value whose pointer method is deferred: Go takes &x at the statement
			// (defer ts[i].Inc(), i changed after).
			fn = &ast.SelectorExpr{X: bind("_pbr", &ast.UnaryExpr{OpPos: pos, Op: token.AND, X: f.X}), Sel: f.Sel}
		}
	default:
		fn = bind("_pbf", fn)
	}
	var args []ast.Expr
	for i, a := range call.Args {
		_, isCall := a.(*ast.CallExpr)
		_, isLit := a.(*ast.BasicLit)
		if n := results(info, a); isCall && len(call.Args) == 1 && n > 1 {
			// f(g()) passing g's several results: each bound.
			as := &ast.AssignStmt{TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{a}}
			for j := range n {
				r := id("_pba0_" + strconv.Itoa(j))
				as.Lhs = append(as.Lhs, r)
				args = append(args, id(r.Name))
			}
			list = append(list, as)
			continue
		}
		if isLit || (isCall && len(call.Args) == 1 && !oneValue(info, a)) {
			args = append(args, a) // a constant, or f(g()) of unknown results: left in place
			continue
		}
		args = append(args, bind("_pba"+strconv.Itoa(i), a))
	}
	inner := &ast.CallExpr{Fun: fn, Args: args, Lparen: pos, Rparen: pos}
	if call.Ellipsis.IsValid() {
		inner.Ellipsis = pos
	}
	list = append(list, bridgeCall(pos, "Defer",
		&ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: strconv.Itoa(serial)},
		&ast.FuncLit{
			Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos}},
			Body: &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: []ast.Stmt{&ast.ExprStmt{X: inner}}},
		}))
	// The literal called at once gives each execution (in a loop) its own variables for the
	// deferred call to keep: yaegi shares a block's variables among the closures made in
	// it when they go to compiled code.
	return funcCall(list, pos, pos+1)
}

// bindsReceiver reports whether the receiver of the method value sel (x.M) is bound to a
// variable at a top-level defer statement: when it is an interface, or of M's receiver
// type itself (a value for a value method, a pointer for a pointer method), or a value
// whose value method is promoted through embedded values. A value whose pointer method is called is read through its address when
// the call runs, as Go's &x (a pointer whose value method is called: copiesPointee).
func bindsReceiver(sel *types.Selection) bool {
	if types.IsInterface(sel.Recv()) {
		return true
	}
	sig, ok := sel.Obj().Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	_, ptrMethod := sig.Recv().Type().(*types.Pointer)
	_, ptrRecv := sel.Recv().Underlying().(*types.Pointer)
	if len(sel.Index()) != 1 {
		// Promoted: a value's value method through embedded values only, whose copy
		// holds the embedded value Go's method value copies.
		return !sel.Indirect() && !ptrMethod && !ptrRecv
	}
	return ptrMethod == ptrRecv
}

// copiesPointee reports whether the method value sel (x.M) is a value method called on
// a pointer x, not promoted: Go's method value holds a copy of *x.
func copiesPointee(sel *types.Selection) bool {
	if types.IsInterface(sel.Recv()) || len(sel.Index()) != 1 {
		return false
	}
	sig, ok := sel.Obj().Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	_, ptrMethod := sig.Recv().Type().(*types.Pointer)
	_, ptrRecv := sel.Recv().Underlying().(*types.Pointer)
	return !ptrMethod && ptrRecv
}

// results returns the number of results of the call e as the cell's check (info, nil when
// not made) says, 0 when it does not say.
func results(info *types.Info, e ast.Expr) int {
	if info == nil {
		return 0
	}
	if tup, ok := info.Types[e].Type.(*types.Tuple); ok {
		return tup.Len()
	}
	return 0
}

// takesAddress reports whether the method value sel (x.M) is a pointer method called on
// a value x through embedded values only: Go's method value holds &x's (or an embedded
// field's) address.
func takesAddress(sel *types.Selection) bool {
	if types.IsInterface(sel.Recv()) || sel.Indirect() {
		return false
	}
	sig, ok := sel.Obj().Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	_, ptrMethod := sig.Recv().Type().(*types.Pointer)
	_, ptrRecv := sel.Recv().Underlying().(*types.Pointer)
	return ptrMethod && !ptrRecv
}

// oneValue reports whether the cell's check (info, nil when not made) says that the call
// e has one result, not a constant: a lone argument of a deferred call that is bound at
// the statement (f(g()) with g of several results is left in place).
func oneValue(info *types.Info, e ast.Expr) bool {
	if info == nil {
		return false
	}
	tv, ok := info.Types[e]
	if !ok || !tv.IsValue() || tv.Value != nil || tv.Type == nil {
		return false
	}
	_, tuple := tv.Type.(*types.Tuple)
	return !tuple && types.Default(tv.Type) == tv.Type
}
