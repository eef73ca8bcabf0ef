package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// conversions makes the implicit conversions of values of the session's types to
// interface types explicit, through a function parameter: yaegi loses their methods
// when it assigns them (var err error = MyErr{} prints as a struct and err.Error()
// panics), but keeps them when it passes them as arguments. A conversion to error
// boxes the value (see package rt): the error keeps the value for type assertions and
// errors.As, wherever the conversion happens (assignment, return, argument, composite
// literal, send).
func (x *cell) conversions(root ast.Node) {
	var funcs []*types.Signature
	ed := &editor{
		enter: func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				funcs = append(funcs, x.funcSignature(n))
			case *ast.ValueSpec:
				if n.Type != nil && len(n.Values) == len(n.Names) {
					t := x.typeOf(n.Type)
					for i, v := range n.Values {
						n.Values[i] = x.toInterface(v, t, true)
					}
				}
			case *ast.AssignStmt:
				if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
					for i, v := range n.Rhs {
						n.Rhs[i] = x.toInterface(v, x.typeOf(n.Lhs[i]), true)
					}
				}
			case *ast.SendStmt:
				if ch, ok := underlying(x.typeOf(n.Chan)).(*types.Chan); ok {
					n.Value = x.toInterface(n.Value, ch.Elem(), true)
				}
			case *ast.ReturnStmt:
				if len(funcs) > 0 && funcs[len(funcs)-1] != nil {
					res := funcs[len(funcs)-1].Results()
					if res.Len() == len(n.Results) {
						for i, r := range n.Results {
							n.Results[i] = x.toInterface(r, res.At(i).Type(), false)
						}
					}
				}
			case *ast.BinaryExpr:
				// err == ErrValue compares ErrValue converted to the interface.
				if n.Op == token.EQL || n.Op == token.NEQ {
					lt, rt := x.typeOf(n.X), x.typeOf(n.Y)
					if lt != nil && rt != nil && types.IsInterface(lt) && !types.IsInterface(rt) {
						n.Y = x.toInterface(n.Y, lt, false)
					} else if lt != nil && rt != nil && types.IsInterface(rt) && !types.IsInterface(lt) {
						n.X = x.toInterface(n.X, rt, false)
					}
				}
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && len(n.Args) == 1 {
					if _, builtin := x.info.Uses[id].(*types.Builtin); builtin && id.Name == "panic" {
						// panic(v) converts v to any: recover() gives back a value that
						// keeps its methods (r.(error) on a recovered error value).
						n.Args[0] = x.toInterface(n.Args[0], anyType, true)
						return true
					}
				}
				x.convertArgs(n)
			case *ast.CompositeLit:
				x.convertElems(n)
			}
			return true
		},
		leave: func(n ast.Node) {
			switch n.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				funcs = funcs[:len(funcs)-1]
			}
		},
		// An explicit conversion to an interface: error(v), any(v), I(v).
		expr: func(e ast.Expr) ast.Expr {
			call, ok := e.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return e
			}
			if tv, ok := x.info.Types[call.Fun]; ok && tv.IsType() && types.IsInterface(tv.Type) {
				if out := x.toInterface(call.Args[0], tv.Type, true); out != call.Args[0] {
					return out
				}
			}
			return e
		},
	}
	ed.node(root)
}

// noteBoxed remembers that a value of the session type et (or of the type et points to)
// was converted to an interface, if the type has no run-time identity of its own (see
// refuseLateMethod).
func (x *cell) noteBoxed(et types.Type) {
	if x.printArg {
		return
	}
	if p, ok := et.(*types.Pointer); ok {
		et = p.Elem()
	}
	if n, ok := types.Unalias(et).(*types.Named); ok && lossy(n) {
		x.r.boxed[n.Obj().Name()] = true
	}
}

// convertArgs converts the arguments of a call to error parameters.
func (x *cell) convertArgs(call *ast.CallExpr) {
	if tv, ok := x.info.Types[call.Fun]; ok && tv.IsType() {
		return
	}
	// The printing functions of fmt and log keep no operand: a value printed is not one
	// held in an interface (see noteBoxed).
	switch name := x.calleeName(call.Fun); {
	case strings.HasPrefix(name, "fmt.Print"), strings.HasPrefix(name, "fmt.Sprint"), strings.HasPrefix(name, "fmt.Fprint"),
		name == "fmt.Errorf", strings.HasPrefix(name, "log.Print"), strings.HasPrefix(name, "log.Fatal"), strings.HasPrefix(name, "log.Panic"):
		x.printArg = true
		defer func() { x.printArg = false }()
	}
	sig, ok := underlying(x.typeOf(call.Fun)).(*types.Signature)
	if !ok {
		return
	}
	n := sig.Params().Len()
	for i, a := range call.Args {
		var pt types.Type
		switch {
		case sig.Variadic() && i >= n-1:
			if call.Ellipsis.IsValid() {
				continue
			}
			pt = sig.Params().At(n - 1).Type().(*types.Slice).Elem()
		case i < n:
			pt = sig.Params().At(i).Type()
		default:
			continue
		}
		call.Args[i] = x.toInterface(a, pt, false)
	}
}

// convertElems converts the elements of a composite literal of error elements.
func (x *cell) convertElems(lit *ast.CompositeLit) {
	t := underlying(x.typeOf(lit))
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem().Underlying()
	}
	for i, e := range lit.Elts {
		kv, isKV := e.(*ast.KeyValueExpr)
		var et types.Type
		switch t := t.(type) {
		case *types.Slice:
			et = t.Elem()
		case *types.Array:
			et = t.Elem()
		case *types.Map:
			et = t.Elem()
			if isKV {
				kv.Key = x.toInterface(kv.Key, t.Key(), false)
			}
		case *types.Struct:
			if isKV {
				if id, ok := kv.Key.(*ast.Ident); ok {
					for j := 0; j < t.NumFields(); j++ {
						if t.Field(j).Name() == id.Name {
							et = t.Field(j).Type()
						}
					}
				}
			} else if i < t.NumFields() {
				et = t.Field(i).Type()
			}
		}
		if et == nil {
			continue
		}
		if isKV {
			kv.Value = x.toInterface(kv.Value, et, false)
		} else {
			lit.Elts[i] = x.toInterface(e, et, false)
		}
	}
}

// toInterface converts e to the interface type t when e's type is a (pointer to a)
// named type of the session: always to error (a boxed error), to other interfaces
// only for assignments (assign), the one place yaegi gets them wrong.
func (x *cell) toInterface(e ast.Expr, t types.Type, assign bool) ast.Expr {
	if t == nil || !types.IsInterface(t) {
		return e
	}
	et := x.typeOf(e)
	if et == nil || types.IsInterface(et) || !isSessionValue(et) {
		return e
	}
	x.noteBoxed(et)
	var fun ast.Expr
	switch {
	case types.Identical(t, errorType):
		return x.boxError(e, et)
	case !assign:
		return e
	}
	if isAggregate(et) {
		// A struct or array value: the interface gets a copy, as in Go. Passed as an
		// interface-typed argument, yaegi's interface would keep the variable itself
		// (var v I = c; c.n++ then shows through v). The copy is made by a function of
		// the value's own type, then converted as below: an interpreted function that
		// returned the value as an interface would drop its methods (a recovered
		// panic(MyErr{}) would no longer match case error).
		ets, ok := x.c.typeString(et)
		if !ok {
			return e
		}
		cp := parseExpr(e.Pos(), "func(_pb_v %s) %s { return _pb_v }", ets, ets)
		copied := &ast.CallExpr{Fun: cp, Lparen: e.Pos(), Args: []ast.Expr{e}, Rparen: e.End()}
		x.info.Types[copied] = types.TypeAndValue{Type: et}
		e = copied
	}
	switch {
	case t.Underlying().(*types.Interface).Empty():
		fun = &ast.Ident{NamePos: e.Pos(), Name: "_pb_to_any"}
	default:
		ts, ok := x.c.typeString(t)
		if !ok {
			return e
		}
		fun = parseExpr(e.Pos(), "func(_pb_v %s) %s { return _pb_v }", ts, ts)
	}
	out := &ast.CallExpr{Fun: fun, Lparen: e.Pos(), Args: []ast.Expr{e}, Rparen: e.End()}
	x.info.Types[out] = types.TypeAndValue{Type: t}
	return out
}

var errorType = types.Universe.Lookup("error").Type()

var anyType = types.Universe.Lookup("any").Type()

// boxError converts e, of the session type et that implements error, to a boxed
// error: func(_pb_v T) error { return _pb_box_error(_pb_v, _pb_v, SESSION) }(e).
func (x *cell) boxError(e ast.Expr, et types.Type) ast.Expr {
	if !types.Implements(et, errorType.Underlying().(*types.Interface)) {
		return e
	}
	ts, ok := x.c.typeString(et)
	if !ok {
		return e
	}
	tm := tmpl{pos: e.Pos(), exprs: map[string]ast.Expr{"_pbX_e": e}}
	out := tm.expr("func(_pb_v %s) error { return _pb_box_error(_pb_v, _pb_v, %q) }(_pbX_e)", ts, x.r.session)
	x.info.Types[out] = types.TypeAndValue{Type: errorType}
	return out
}

// isSessionValue reports whether t is a named type of the session or a pointer to one.
func isSessionValue(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && isSessionPkg(n.Obj().Pkg())
}

// methodValue binds the receiver of a method value with a value receiver when the
// method value is evaluated, as Go does: yaegi reads the receiver when it is called.
//
//	f := c.Get   =>   f := func(_pb_r Counter) func() int { return func() int { return _pb_r.Get() } }(*c)
func (x *cell) methodValue(sel *ast.SelectorExpr) ast.Expr {
	s := x.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return nil
	}
	fn, ok := s.Obj().(*types.Func)
	if !ok {
		return nil
	}
	msig := fn.Type().(*types.Signature)
	if msig.Recv() == nil || types.IsInterface(msig.Recv().Type()) {
		return nil
	}
	if _, ptr := msig.Recv().Type().(*types.Pointer); ptr {
		return nil
	}
	sig, ok := x.typeOf(sel).(*types.Signature)
	if !ok {
		return nil
	}
	recv := sel.X
	recvType := x.typeOf(recv)
	if p, ok := underlying(recvType).(*types.Pointer); ok {
		recv = &ast.StarExpr{Star: recv.Pos(), X: recv}
		recvType = p.Elem()
	}
	rts, ok := x.c.typeString(recvType)
	if !ok {
		return nil
	}
	fts, ok := x.c.typeString(sig)
	if !ok {
		return nil
	}
	var params, args []string
	for i := 0; i < sig.Params().Len(); i++ {
		pt := sig.Params().At(i).Type()
		name := fmt.Sprintf("_pb_p%d", i)
		if sig.Variadic() && i == sig.Params().Len()-1 {
			ts, ok := x.c.typeString(pt.(*types.Slice).Elem())
			if !ok {
				return nil
			}
			params = append(params, name+" ..."+ts)
			args = append(args, name+"...")
			continue
		}
		ts, ok := x.c.typeString(pt)
		if !ok {
			return nil
		}
		params = append(params, name+" "+ts)
		args = append(args, name)
	}
	ret := ""
	if sig.Results().Len() > 0 {
		ret = "return "
	}
	resStr := resultList(x, sig)
	tm := tmpl{pos: sel.Pos(), exprs: map[string]ast.Expr{"_pbX_recv": recv}}
	return tm.expr("func(_pb_r %s) %s { return func(%s) %s { %s_pb_r.%s(%s) } }(_pbX_recv)",
		rts, fts, joinComma(params), resStr, ret, sel.Sel.Name, joinComma(args))
}

// resultList writes a signature's results as they follow a parameter list.
func resultList(x *cell, sig *types.Signature) string {
	s, _ := x.c.typeString(sig)
	// The type string of a signature is func(params) results: take what follows the
	// parameters.
	depth := 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return s[i+1:]
			}
		}
	}
	return ""
}

func joinComma(list []string) string {
	out := ""
	for i, s := range list {
		if i > 0 {
			out += ", "
		}
		out += s
	}
	return out
}

// isAggregate reports whether t is a struct or array type (a value that a variable holds
// in place).
func isAggregate(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Struct, *types.Array:
		return true
	}
	return false
}
