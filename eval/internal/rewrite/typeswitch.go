package rewrite

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
)

// typeSwitch rewrites a type switch into comma-ok type assertions and an expression
// switch on the number of the matching clause: yaegi's type switches miss interface
// cases (error, fmt.Stringer), values of the session's types held in an error, and
// case lists without a binding. The operand is evaluated once; the clauses keep their
// order, their scopes and their break statements:
//
//	switch v := x.(type) { case int: A; case error, nil: B; default: C }
//	=>
//	{ _pb_x := x; _pb_c := 0
//	  if _, ok := _pb_x.(int); ok { _pb_c = 1 } else if _, ok := _pb_x.(error); ok { _pb_c = 2 } else if _pb_x == nil { _pb_c = 2 }
//	  switch _pb_c { case 1: v := _pb_x.(int); A; case 2: v := _pb_x; B; default: v := _pb_x; C } }
//
// A value of the static type error (or another non-empty interface) is unwrapped from
// yaegi's interface wrapper before it is asserted to a concrete type.
func (x *cell) typeSwitch(label *ast.Ident, st *ast.TypeSwitchStmt) []ast.Stmt {
	var operand ast.Expr
	var bind *ast.Ident
	switch a := st.Assign.(type) {
	case *ast.ExprStmt:
		operand = a.X.(*ast.TypeAssertExpr).X
	case *ast.AssignStmt:
		bind = a.Lhs[0].(*ast.Ident)
		operand = a.Rhs[0].(*ast.TypeAssertExpr).X
	default:
		return nil
	}
	xt := x.typeOf(operand)
	if xt == nil || !types.IsInterface(xt) {
		return nil
	}
	xts, ok := x.c.typeString(xt)
	if !ok {
		return nil
	}
	empty := xt.Underlying().(*types.Interface).Empty()
	pos := st.Switch
	xv, cv, uv := x.tmp("x"), x.tmp("c"), x.tmp("u")
	tm := tmpl{pos: pos, exprs: map[string]ast.Expr{"_pbX_operand": operand}, stmts: map[string][]ast.Stmt{}}
	var src strings.Builder
	fmt.Fprintf(&src, "var %s %s = _pbX_operand\n_ = %s\n", xv, xts, xv)
	concrete := xv // what concrete types are asserted on
	if !empty {
		fmt.Fprintf(&src, "%s := _pb_unwrap(%s)\n", uv, xv)
		concrete = uv
	}
	fmt.Fprintf(&src, "%s := 0\n", cv)
	var chain []string
	var cases []string
	for n, cl := range st.Body.List {
		cc := cl.(*ast.CaseClause)
		code := n + 1
		for _, e := range cc.List {
			t := x.typeOf(e)
			if t == nil {
				return nil
			}
			if isNilType(t) {
				chain = append(chain, fmt.Sprintf("if %s == nil { %s = %d }", xv, cv, code))
				continue
			}
			ts, ok := x.c.typeString(t)
			if !ok {
				return nil
			}
			if isTypeParam(t) {
				// A type parameter: a concrete type in some instances, an interface
				// in others; yaegi's assertion in the instance is the case's test.
				chain = append(chain, fmt.Sprintf("if _, ok := %s.(%s); ok { %s = %d }", xv, ts, cv, code))
				continue
			}
			if types.IsInterface(t) {
				flag := x.tmp("m")
				match, ok := x.matchIface(xv, xt, t, flag)
				if !ok {
					return nil
				}
				src.WriteString(match + "\n")
				chain = append(chain, fmt.Sprintf("if %s { %s = %d }", flag, cv, code))
				continue
			}
			chain = append(chain, fmt.Sprintf("if _, ok := %s.(%s); ok { %s = %d }", concrete, ts, cv, code))
		}
		// The clause.
		var body strings.Builder
		if bind != nil {
			var bound string
			if len(cc.List) == 1 && !isNilType(x.typeOf(cc.List[0])) {
				t := x.typeOf(cc.List[0])
				ts, _ := x.c.typeString(t)
				switch {
				case isTypeParam(t):
					bound = fmt.Sprintf("%s := %s.(%s)", bind.Name, xv, ts)
				case !types.IsInterface(t):
					bound = fmt.Sprintf("%s := %s.(%s)", bind.Name, concrete, ts)
				case types.Identical(t, xt):
					bound = fmt.Sprintf("%s := %s", bind.Name, xv)
				default:
					from := xt
					if concrete != xv {
						from = types.NewInterfaceType(nil, nil)
					}
					b, ok := x.bindInterface(bind.Name, t, xv, concrete, from, true)
					if !ok {
						return nil
					}
					bound = b
				}
			} else {
				bound = fmt.Sprintf("%s := %s", bind.Name, xv)
			}
			fmt.Fprintf(&body, "%s\n_ = %s\n", bound, bind.Name)
		}
		ph := fmt.Sprintf("_pbX_body%d", n)
		tm.stmts[ph] = cc.Body
		body.WriteString(ph)
		if cc.List == nil {
			cases = append(cases, "default:\n"+body.String())
		} else {
			cases = append(cases, fmt.Sprintf("case %d:\n%s", code, body.String()))
		}
	}
	// An else-if chain: the first matching clause wins.
	src.WriteString(strings.Join(chain, " else "))
	fmt.Fprintf(&src, "\nswitch %s {\n%s\n}", cv, strings.Join(cases, "\n"))
	out := tm.statements("%s", src.String())
	sw := out[len(out)-1].(*ast.SwitchStmt)
	sw.Switch = st.Switch
	out[len(out)-1] = labeled(label, sw)
	list := append(stmtList(st.Init), out...)
	return []ast.Stmt{&ast.BlockStmt{Lbrace: pos, List: list, Rbrace: st.End()}}
}

func stmtList(s ast.Stmt) []ast.Stmt {
	if s == nil {
		return nil
	}
	return []ast.Stmt{s}
}

func isTypeParam(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.TypeParam)
	return ok
}

func isNilType(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Kind() == types.UntypedNil
}

// bindInterface sets name (declared when declare is set) of interface type t to the
// dynamic value of xv.
// yaegi panics on v := x.(I) for an interface I declared in a cell; the value is found
// among the session's types that implement I instead.
//
// from is the static type of concrete: when it is a non-empty interface, only types
// that implement it are tried (yaegi rejects impossible assertions).
func (x *cell) bindInterface(name string, t types.Type, xv, concrete string, from types.Type, declare bool) (string, bool) {
	ts, ok := x.c.typeString(t)
	if !ok {
		return "", false
	}
	var b strings.Builder
	if declare {
		fmt.Fprintf(&b, "var %s %s\n", name, ts)
	}
	if !isSessionInterface(t) {
		// A compiled interface (error, fmt.Stringer, io.Reader): the assertion works,
		// on the value or on the value out of a wrapper.
		fmt.Fprintf(&b, "%s, _ = %s.(%s)\nif %s == nil && %s != nil { %s, _ = _pb_unwrap(%s).(%s) }", name, xv, ts, name, xv, name, xv, ts)
		// A value of a session type that yaegi's assertion misses (methods
		// promoted from embedded fields): converted from its own type.
		if tries := x.sessionImplTries(name, t, concrete, from, ts); len(tries) > 0 {
			fmt.Fprintf(&b, "\nif %s == nil && %s != nil {\n%s\n}", name, xv, strings.Join(tries, " else "))
		}
		return b.String(), true
	}
	b.WriteString(strings.Join(x.sessionImplTries(name, t, concrete, from, ts), " else "))
	return b.String(), true
}

// sessionImplTries writes one statement per session type that implements t (and the
// interface from, when it is not empty): if concrete holds a value of that type, name
// (of type t, written ts) gets it.
func (x *cell) sessionImplTries(name string, t types.Type, concrete string, from types.Type, ts string) []string {
	iface := t.Underlying().(*types.Interface)
	generic := mentionsTypeParam(t)
	var tries []string
	for _, c := range x.sessionTypes() {
		cond := ""
		if !types.Implements(c, iface) {
			if !generic {
				continue
			}
			// Whether c implements t depends on the instance (see matchIface).
			ic, possible, ok := x.implCondition(c, iface)
			if !ok || !possible {
				continue
			}
			cond = " && " + ic
		}
		if fi, ok := from.Underlying().(*types.Interface); ok && !fi.Empty() && !types.Implements(c, fi) {
			continue
		}
		cs, ok := x.c.typeString(c)
		if !ok {
			continue
		}
		set := fmt.Sprintf("func(_pb_v %s) %s { return _pb_v }(_pb_t)", ts, ts)
		if cond != "" {
			// Not assignable in the instances where cond is false: yaegi checks the
			// instance's conversion when it compiles it.
			set = fmt.Sprintf("any(_pb_t).(%s)", ts)
		}
		tries = append(tries, fmt.Sprintf("if _pb_t, ok := %s.(%s); ok%s { %s = %s }", concrete, cs, cond, name, set))
		if !isSessionInterface(t) {
			// Not a session interface: also out of a wrapper (a boxed error).
			tries = append(tries, fmt.Sprintf("if _pb_t, ok := _pb_unwrap(%s).(%s); ok%s { %s = %s }", concrete, cs, cond, name, set))
		}
	}
	return tries
}
