package interp

import "reflect"

// The type of a shift of an untyped constant (peerbook patch 160).
//
// In Go, "if the left operand of a non-constant shift expression is an untyped
// constant, it is first implicitly converted to the type it would assume if the shift
// expression were replaced by its left operand alone": in `val | 1<<pos` with val a
// uint64, 1<<pos is a uint64. yaegi gave it the constant's default type (int), and the
// operation stored an int into a uint64 ("reflect: call of reflect.Value.SetUint on
// int Value", Go's test divmod.go) where the operator's type came from the shift.

// untypedShiftType returns the type of n, a shift of an untyped constant by a
// variable, from the other operand of the binary operation it is an operand of (through
// parentheses), or nil where there is none with a typed numeric type (the type then
// comes from the context, as before).
func untypedShiftType(interp *Interpreter, sc *scope, n *node) *itype {
	c := n
	a := n.anc
	for a != nil && a.kind == parenExpr {
		c, a = a, a.anc
	}
	if a != nil && a.kind == callExpr && childPos(c) > 0 {
		return argumentType(interp, sc, a, childPos(c)-1)
	}
	if a == nil || a.kind != binaryExpr || isShiftNode(a) || len(a.child) != 2 {
		return nil
	}
	other := a.child[0]
	if other == c {
		other = a.child[1]
	}
	t := other.typ
	if t == nil {
		var err error
		if t, err = nodeType(interp, sc, other); err != nil || t == nil {
			return nil
		}
	}
	if t.untyped || t.TypeOf() == nil || !isNumber(t.TypeOf()) {
		return nil
	}
	return t
}

// argumentType returns the type of the parameter of the call a that its argument i
// is passed to, nil where it is not known here (a conversion, a builtin, a variadic
// parameter, a parameter not of a numeric type).
func argumentType(interp *Interpreter, sc *scope, a *node, i int) *itype {
	c0 := a.child[0]
	if c0.kind == identExpr && c0.sym != nil && c0.sym.kind == bltnSym || c0.isType(sc) {
		return nil
	}
	ft := c0.typ
	if ft == nil {
		var err error
		if ft, err = nodeType(interp, sc, c0); err != nil || ft == nil {
			return nil
		}
	}
	var t *itype
	switch {
	case ft.cat == funcT:
		if i >= len(ft.arg) || ft.arg[i].cat == variadicT {
			return nil
		}
		t = ft.arg[i]
	case ft.cat == valueT && ft.rtype != nil && ft.rtype.Kind() == reflect.Func:
		rt := ft.rtype
		if i >= rt.NumIn() || (rt.IsVariadic() && i >= rt.NumIn()-1) {
			return nil
		}
		t = valueTOf(rt.In(i))
	default:
		return nil
	}
	if t == nil || t.TypeOf() == nil || !isNumber(t.TypeOf()) {
		return nil
	}
	return t
}
