package interp

import "reflect"

// Conversions to an interface that gc evaluates where they stand (peerbook patch 243).
//
// gc's order pass (cmd/compile/internal/walk/order.go, OCONVIFACE and addrTemp) copies
// the operand of a conversion to an interface into a temporary where it stands among a
// statement's calls when the conversion takes the value by its address
// (dataWordFuncName's needsaddr) and the operand is not addressable (a composite
// literal, a conversion, an operation, a map element): `h([2]int{s[0], 1}, g())` with h
// taking an any and g changing s[0] passes the element from before g. An addressable
// operand (a variable, an element of a slice, a field through a pointer) is read when
// the conversion runs, after the calls, as any other operand. The calls of the
// printing functions that peerbook's rewrite wraps are left to the rewrite (patch 124,
// eval/internal/rewrite/printorder.go, where the same rule is written on go/types).

// isConvertedInPlace reports whether n, an operand of a call, a return, a composite
// literal or an assignment, is converted to an interface that gc copies where it
// stands among the calls.
func isConvertedInPlace(n *node, sc *scope) bool {
	v := unparen(n)
	switch v.kind {
	case compositeLitExpr, binaryExpr, unaryExpr, indexExpr, selectorExpr, callExpr, typeAssertExpr:
	default:
		return false
	}
	if v.typ == nil || v.typ.cat == nilT || v.rval.IsValid() || isAddressable(v) {
		return false
	}
	t := interfaceTarget(n, sc)
	if t == nil || !isInterface(t) || isInterface(v.typ) {
		return false
	}
	rt := v.typ.TypeOf()
	return rt != nil && convNeedsAddr(rt)
}

// isAddressable reports whether gc can take the address of the value of n: a variable,
// a pointer's target, an element of a slice or of an addressable array, a field of an
// addressable struct or through a pointer. (What is not: a composite literal, a call, a
// conversion, an operation, a map element, a byte of a string.)
func isAddressable(n *node) bool {
	n = unparen(n)
	switch n.kind {
	case identExpr:
		return true
	case starExpr:
		return true
	case indexExpr:
		switch kindOf(n.child[0].typ) {
		case reflect.Slice, reflect.Ptr:
			return true
		case reflect.Array:
			return isAddressable(n.child[0])
		}
		return false
	case selectorExpr:
		x := n.child[0]
		if x.typ == nil || n.typ == nil || isFuncValue(n) {
			return true // a package's name, a method: left as they were
		}
		if kindOf(x.typ) == reflect.Ptr {
			return true
		}
		return isAddressable(x)
	}
	return false
}

// kindOf is the kind of t's reflect type, reflect.Invalid where it has none (a generic
// type, a package).
func kindOf(t *itype) reflect.Kind {
	if t == nil {
		return reflect.Invalid
	}
	if rt := t.TypeOf(); rt != nil {
		return rt.Kind()
	}
	return reflect.Invalid
}

// isFuncValue reports whether the selector n is a method value or a package's member
// that is no variable.
func isFuncValue(n *node) bool {
	return n.typ.cat == funcT || kindOf(n.typ) == reflect.Func
}

// interfaceTarget returns the type n is converted to where it stands: the parameter of
// a call's argument, a return's result, a composite literal's element, an assignment's
// destination, the type of an explicit conversion; nil elsewhere.
func interfaceTarget(n *node, sc *scope) *itype {
	a := n.anc
	if a == nil {
		return nil
	}
	switch a.kind {
	case compositeLitExpr:
		return elemTarget(a, n, nil)
	case keyValueExpr:
		if n != a.lastChild() || a.anc == nil || a.anc.kind != compositeLitExpr {
			return nil
		}
		return elemTarget(a.anc, a, a.child[0])
	}
	// The position is looked for only here: the elements of a large literal are many.
	i := childPos(n)
	switch a.kind {
	case callExpr:
		fun := a.child[0]
		if i == 0 || fun.typ == nil {
			return nil
		}
		if fun.isType(sc) {
			return fun.typ
		}
		if isAppend(fun) {
			// peerbook patch 244: append's elements are converted to the slice's.
			if i < 2 || a.action == aCallSlice || a.child[1].typ == nil {
				return nil
			}
			if t := a.child[1].typ.underlying(); t.cat == sliceT || t.cat == valueT && kindOf(t) == reflect.Slice {
				return t.elem()
			}
			return nil
		}
		if isOperandFunc(fun, sc) || a.action == aCallSlice && i == len(a.child)-1 {
			return nil
		}
		switch fun.typ.cat {
		case funcT, valueT:
		default:
			return nil
		}
		if fun.typ.cat == valueT && (fun.typ.rtype == nil || fun.typ.rtype.Kind() != reflect.Func) || fun.typ.numIn() == 0 {
			return nil
		}
		if !fun.typ.isVariadic() && i-1 >= fun.typ.numIn() {
			return nil
		}
		return getArg(fun.typ, i-1)
	case returnStmt:
		if sc.def == nil || sc.def.typ == nil || len(a.child) != sc.def.typ.numOut() {
			return nil
		}
		return sc.def.typ.out(i)
	case assignStmt, defineStmt:
		if a.nleft != a.nright || i < a.nleft {
			return nil
		}
		return a.child[i-a.nleft].typ
	}
	return nil
}

// isAppend reports whether fun, the function of a call, is the built-in append.
func isAppend(fun *node) bool {
	return fun.kind == identExpr && fun.ident == bltnAppend && fun.sym != nil && fun.sym.kind == bltnSym
}

// elemTarget returns the type of elem, an element of the composite literal lit, or of
// the field key names.
func elemTarget(lit, elem *node, key *node) *itype {
	t := lit.typ
	if t == nil {
		return nil
	}
	// position is elem's among the elements (a struct's field without a key).
	position := func() int {
		if lit.nleft == 1 { // the literal's type is its first child
			return childPos(elem) - 1
		}
		return childPos(elem)
	}
	t = t.underlying()
	switch t.cat {
	case arrayT, sliceT:
		return t.val
	case structT:
		if key != nil {
			if key.kind != identExpr {
				return nil
			}
			return fieldType(t, t.fieldIndex(key.ident))
		}
		return fieldType(t, position())
	case valueT:
		if t.rtype == nil {
			return nil
		}
		switch rt := t.rtype; rt.Kind() {
		case reflect.Array, reflect.Slice:
			return valueTOf(rt.Elem())
		case reflect.Struct:
			if key != nil {
				if key.kind != identExpr {
					return nil
				}
				f, ok := rt.FieldByName(key.ident)
				if !ok {
					return nil
				}
				return valueTOf(f.Type)
			}
			if i := position(); i >= 0 && i < rt.NumField() {
				return valueTOf(rt.Field(i).Type)
			}
		}
	}
	return nil
}

// fieldType returns the type of the field i of the struct type t, nil where there is
// none.
func fieldType(t *itype, i int) *itype {
	if i < 0 || i >= len(t.field) {
		return nil
	}
	return t.field[i].typ
}

// convNeedsAddr is gc's dataWordFuncName's needsaddr: a conversion to an interface
// takes a value of type t by its address unless it is a 2, 4 or 8 byte word without
// pointers, or a string or a slice alone.
func convNeedsAddr(t reflect.Type) bool {
	size, align := t.Size(), uintptr(t.Align())
	switch {
	case size == 2 && align == 2:
		return false
	case size == 4 && align == 4 && !hasPointers(t):
		return false
	case size == 8 && align == 8 && !hasPointers(t):
		return false
	}
	switch soleComponent(t).Kind() {
	case reflect.String, reflect.Slice:
		return false
	}
	return true
}

// soleComponent is the only component of t, through structs of one field and arrays
// of one element; t itself where there are several.
func soleComponent(t reflect.Type) reflect.Type {
	for {
		switch {
		case t.Kind() == reflect.Struct && t.NumField() == 1:
			t = t.Field(0).Type
		case t.Kind() == reflect.Array && t.Len() == 1:
			t = t.Elem()
		default:
			return t
		}
	}
}

// hasPointers reports whether values of t hold pointers.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return false
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	}
	return true
}
