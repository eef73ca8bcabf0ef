package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// bindCall makes a defer or go statement evaluate its arguments (and receiver) when
// the statement runs, as Go does. yaegi keeps references to the variables and
// temporaries the call reads, so a deferred call sees values assigned later, and all
// the calls deferred in a loop see the last iteration's values. The fix:
//
//   - every non-constant argument is first copied into a fresh variable of a block
//     around the statement (yaegi allocates new storage for each :=);
//   - a method call becomes a call of a function literal that takes the receiver as a
//     parameter: `defer r.M(a)` => `{ r1, a1 := r, a; defer func(r R, a A) { r.M(a) }(r1, a1) }`;
//   - a function literal callee gets the variables of enclosing loops that it uses as
//     extra parameters, so that each iteration's call sees its own.
//
// loops are the loop statements around the statement, in the same function.
func (x *cell) bindCall(call *ast.CallExpr, pos token.Pos, loops []ast.Node, make func(*ast.CallExpr) ast.Stmt) []ast.Stmt {
	fun := ast.Unparen(call.Fun)
	if id, ok := fun.(*ast.Ident); ok {
		if _, builtin := x.info.Uses[id].(*types.Builtin); builtin && id.Name == "recover" {
			return nil
		}
	}
	tm := tmpl{pos: pos, exprs: map[string]ast.Expr{}}
	var binds, vals []string // generated variables and the placeholders they are set from
	changed := false
	bindExpr := func(e ast.Expr, prefix string) string {
		ph := fmt.Sprintf("_pbX_b%d", len(binds))
		tm.exprs[ph] = e
		v := x.tmp(prefix)
		binds = append(binds, v)
		vals = append(vals, ph)
		return v
	}
	// Arguments: constants, nil and types (make's) stay inline, the rest is bound
	// (`a := nil` is no Go: the interpreter failed to compile the cell, "nil reflect
	// type").
	var args []string
	var argTypes []types.Type
	for i, a := range call.Args {
		if tv, ok := x.info.Types[a]; ok && (tv.Value != nil || tv.IsNil() || tv.IsType()) {
			ph := fmt.Sprintf("_pbX_c%d", i)
			tm.exprs[ph] = a
			args = append(args, ph)
			argTypes = append(argTypes, nil)
			continue
		}
		if tup, ok := x.typeOf(a).(*types.Tuple); ok && len(call.Args) == 1 {
			// f(g()) with several results.
			var names []string
			for j := 0; j < tup.Len(); j++ {
				names = append(names, x.tmp("a"))
				argTypes = append(argTypes, tup.At(j).Type())
			}
			tm.exprs["_pbX_multi"] = a
			binds = append(binds, strings.Join(names, ", "))
			vals = append(vals, "_pbX_multi")
			args = append(args, names...)
			continue
		}
		args = append(args, bindExpr(a, "a"))
		argTypes = append(argTypes, x.typeOf(a))
	}
	ellipsis := ""
	if call.Ellipsis.IsValid() {
		ellipsis = "..."
	}
	// The bound arguments' types, for the rewrites made after this one (fmt's operands
	// go through _pb_show by their types: a deferred fmt.Println of a []T with a String
	// method printed the elements without it).
	boundTypes := map[string]types.Type{}
	for i, a := range args {
		if argTypes[i] != nil {
			boundTypes[a] = argTypes[i]
		}
	}
	var callee, check string
	switch f := fun.(type) {
	case *ast.FuncLit:
		tm.exprs["_pbX_lit"] = f
		callee = "_pbX_lit"
		if names := x.loopParams(f, loops); len(names) > 0 {
			args = append(names, args...)
			changed = true
		}
	case *ast.SelectorExpr:
		sel := x.info.Selections[f]
		if sel != nil && sel.Kind() == types.MethodVal {
			if outer, chk, ok := x.methodCallee(f, sel, &tm, args, argTypes, ellipsis, bindExpr); ok {
				callee, args, ellipsis, check = "_pbX_method", outer, "", chk
				changed = true
				break
			}
		}
		tm.exprs["_pbX_callee"] = f
		callee = "_pbX_callee"
	default:
		tm.exprs["_pbX_callee"] = f
		callee = "_pbX_callee"
	}
	if len(binds) == 0 && !changed {
		return nil
	}
	var src strings.Builder
	if len(binds) > 1 && !strings.Contains(strings.Join(binds, ""), ",") {
		// One assignment: its values' calls run first, then the rest, as gc evaluates
		// a call's arguments (yaegi patch 115): `defer g(s[0], f())` calls f before
		// the index panics.
		fmt.Fprintf(&src, "%s := %s\n", strings.Join(binds, ", "), strings.Join(vals, ", "))
	} else {
		for i, b := range binds {
			fmt.Fprintf(&src, "%s := %s\n", b, vals[i])
		}
	}
	if check != "" {
		src.WriteString(check + "\n")
	}
	fmt.Fprintf(&src, "%s(%s%s)", callee, strings.Join(args, ", "), ellipsis)
	list := tm.statements("%s", src.String())
	last := list[len(list)-1].(*ast.ExprStmt).X.(*ast.CallExpr)
	last.Lparen, last.Rparen = call.Lparen, call.Rparen
	for _, a := range last.Args {
		if id, ok := a.(*ast.Ident); ok && boundTypes[id.Name] != nil {
			x.info.Types[id] = types.TypeAndValue{Type: boundTypes[id.Name]}
		}
	}
	list[len(list)-1] = make(last)
	if len(list) == 1 {
		return list
	}
	return []ast.Stmt{&ast.BlockStmt{Lbrace: pos, List: list, Rbrace: call.End()}}
}

// methodCallee turns a method call into a function literal (the template's
// _pbX_method) that takes the receiver and the bound arguments as parameters. It
// returns the arguments to call the literal with, and for an interface's method a
// statement to run before the defer or go statement: `_ = r.M`, the method value Go
// evaluates there, which panics when the interface (or the embedded interface the
// method is promoted from) is nil. The literal alone panicked only when the deferred
// call ran, after the rest of the function (Go's test fixedbugs/issue15975.go).
func (x *cell) methodCallee(f *ast.SelectorExpr, sel *types.Selection, tm *tmpl, args []string, argTypes []types.Type,
	ellipsis string, bindExpr func(ast.Expr, string) string) ([]string, string, bool) {
	sig, _ := sel.Obj().Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return nil, "", false
	}
	recv := f.X
	recvType := x.typeOf(recv)
	_, ptrRecv := sig.Recv().Type().(*types.Pointer)
	_, isIface := sig.Recv().Type().Underlying().(*types.Interface)
	_, recvIsPtr := underlying(recvType).(*types.Pointer)
	switch {
	case isIface || len(sel.Index()) > 1:
		// Interface method, or promoted through embedding: bind the operand.
	case ptrRecv && !recvIsPtr:
		recv = &ast.UnaryExpr{OpPos: recv.Pos(), Op: token.AND, X: recv}
		recvType = types.NewPointer(recvType)
	case !ptrRecv && recvIsPtr:
		recv = &ast.StarExpr{Star: recv.Pos(), X: recv}
		recvType = recvType.Underlying().(*types.Pointer).Elem()
	}
	rt, ok := x.c.typeString(recvType)
	if !ok {
		return nil, "", false
	}
	params := []string{"_pb_recv " + rt}
	var inner []string
	for i, a := range args {
		if argTypes[i] == nil {
			inner = append(inner, a) // a constant placeholder, used inside the literal
			continue
		}
		t, ok := x.c.typeString(argTypes[i])
		if !ok {
			return nil, "", false
		}
		p := fmt.Sprintf("_pb_p%d", i)
		params = append(params, p+" "+t)
		inner = append(inner, p)
	}
	r := bindExpr(recv, "recv")
	var outer []string
	outer = append(outer, r)
	for i, a := range args {
		if argTypes[i] != nil {
			outer = append(outer, a)
		}
	}
	lit := parseExpr(f.Pos(), "func(%s) { _pb_recv.%s(%s%s) }", strings.Join(params, ", "), f.Sel.Name, strings.Join(inner, ", "), ellipsis)
	// Fill the constant placeholders inside the literal now: the template does not
	// enter the expressions it substitutes.
	tm.fill(lit)
	tm.exprs["_pbX_method"] = lit
	check := ""
	if isIface {
		check = "_ = " + r + "." + f.Sel.Name
	}
	return outer, check, true
}

// loopParams gives a function literal that is deferred or started as a goroutine the
// variables of enclosing loops it uses as leading parameters of the same name, and
// returns their names: the arguments to prepend at the call.
func (x *cell) loopParams(fl *ast.FuncLit, loops []ast.Node) []string {
	if len(loops) == 0 {
		return nil
	}
	var vars []*types.Var
	seen := map[*types.Var]bool{}
	inspect(fl.Body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := x.info.Uses[id].(*types.Var)
		if !ok || v.IsField() || seen[v] || (v.Pos() >= fl.Pos() && v.Pos() < fl.End()) {
			return true
		}
		for _, l := range loops {
			if v.Pos() >= l.Pos() && v.Pos() < l.End() {
				seen[v] = true
				// A variable that the literal changes (assigns, takes the address of,
				// calls a pointer method on) is shared with the loop: a copy would lose
				// the changes (total += x in the goroutine, mu.Lock()). It is captured as
				// written.
				if x.changes(v, fl.Body, nil) == noChange {
					vars = append(vars, v)
				}
				break
			}
		}
		return true
	})
	if len(vars) == 0 {
		return nil
	}
	var fields []*ast.Field
	var names []string
	for _, v := range vars {
		t, ok := x.typeExpr(v.Type(), fl.Pos())
		if !ok {
			return nil
		}
		fields = append(fields, &ast.Field{Names: []*ast.Ident{{NamePos: fl.Pos(), Name: v.Name()}}, Type: t})
		names = append(names, v.Name())
	}
	if fl.Type.Params == nil {
		fl.Type.Params = &ast.FieldList{}
	}
	fl.Type.Params.List = append(fields, fl.Type.Params.List...)
	return names
}

// Kinds of change of a variable (changes).
const (
	noChange = iota
	assigned
	addressed
)

// changes reports how n changes variable v other than by declaring it: assigns it (or a
// part of it: a field, an array element), increments it or ranges into it (assigned);
// takes its address or calls a pointer method on it (addressed). With only set, only
// that node is looked at, not its children.
func (x *cell) changes(v *types.Var, n, only ast.Node) int {
	// root reports whether an operand is v or a part of v through fields and array
	// indexes (not through pointers, slices or maps, which share their elements).
	var root func(e ast.Expr) bool
	root = func(e ast.Expr) bool {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x.info.Uses[e] == v
		case *ast.SelectorExpr:
			if _, isPtr := underlying(x.typeOf(e.X)).(*types.Pointer); isPtr {
				return false
			}
			return root(e.X)
		case *ast.IndexExpr:
			if _, isArray := underlying(x.typeOf(e.X)).(*types.Array); isArray {
				return root(e.X)
			}
		}
		return false
	}
	kind := noChange
	inspect(n, func(m ast.Node) bool {
		if kind != noChange || m == nil {
			return false
		}
		switch m := m.(type) {
		case *ast.AssignStmt:
			for _, l := range m.Lhs {
				if id, ok := l.(*ast.Ident); ok && m.Tok == token.DEFINE && x.info.Defs[id] == v {
					continue
				}
				if root(l) {
					kind = assigned
				}
			}
		case *ast.IncDecStmt:
			if root(m.X) {
				kind = assigned
			}
		case *ast.RangeStmt:
			if m.Tok == token.ASSIGN && (m.Key != nil && root(m.Key) || m.Value != nil && root(m.Value)) {
				kind = assigned
			}
		case *ast.UnaryExpr:
			if m.Op == token.AND && root(m.X) {
				kind = addressed
			}
		case *ast.SelectorExpr:
			if sel := x.info.Selections[m]; sel != nil && sel.Kind() == types.MethodVal {
				if sig, ok := sel.Obj().Type().(*types.Signature); ok && sig.Recv() != nil {
					if _, ptrRecv := sig.Recv().Type().(*types.Pointer); ptrRecv && root(m.X) {
						kind = addressed
					}
				}
			}
		}
		return kind == noChange && only == nil
	})
	return kind
}
