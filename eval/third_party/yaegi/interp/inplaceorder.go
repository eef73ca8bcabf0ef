package interp

import "reflect"

// Operands that gc computes in their place among the calls (peerbook patch 186).
//
// gc's order pass copies into a temporary, where it stands among a statement's calls,
// not only each call but a few other operations (cmd/compile/internal/walk/order.go,
// expr1): a slice expression (`s[i:j]`, `str[i:]`), a conversion of a string to a
// []byte or a []rune, and a type assertion to a type that is not a pointer's shape
// (`x.(int)`, `x.(I)`). So `g[2:] + f()` with f assigning g concatenates the old g's
// bytes, where yaegi, which moved every operand that is not a call after the calls
// (patches 113-115), sliced the new one (random program seed 9460: `\xa9llo` for Go's
// `\xbd\ufffd\x03`). isCopiedInPlace names them for isOrdered.

// isCopiedInPlace reports whether n is an operation gc computes in its place among the
// calls, as it does a call: a slice expression, a conversion of a string to []byte or
// []rune, a type assertion to a type whose values are not pointer-shaped.
func isCopiedInPlace(n *node, sc *scope) bool {
	if isIfaceConvCopy(n, sc) { // peerbook patch 189
		return true
	}
	switch n.kind {
	case sliceExpr:
		return true
	case indexExpr:
		return isBytesKeyRead(n, sc)
	case typeAssertExpr:
		return n.typ != nil && !isDirectIface(n.typ)
	case callExpr:
		if len(n.child) != 2 || !n.child[0].isType(sc) || n.child[0].typ == nil || n.child[1].typ == nil {
			return false
		}
		to, from := n.child[0].typ, n.child[1].typ
		if kindOf(from) != reflect.String || kindOf(to) != reflect.Slice {
			return false
		}
		switch kindOf(sliceElem(to)) {
		case reflect.Uint8, reflect.Int32:
			return true
		}
	}
	return false
}

// sliceElem returns the element type of t, a slice type.
func sliceElem(t *itype) *itype {
	for t.cat == linkedT && t.val != nil {
		t = t.val
	}
	if t.cat == valueT && t.rtype != nil {
		return valueTOf(t.rtype.Elem())
	}
	if t.val == nil {
		return t
	}
	return t.val
}

// isDirectIface reports whether gc stores a value of type t straight in an interface's
// data word (cmd/compile/internal/types, IsDirectIface): a pointer, a channel, a map, a
// function, or a struct or array of one such element.
func isDirectIface(t *itype) bool {
	for t.cat == linkedT && t.val != nil {
		t = t.val
	}
	switch t.cat {
	case structT:
		return len(t.field) == 1 && isDirectIface(t.field[0].typ)
	case arrayT:
		return t.length == 1 && isDirectIface(t.val)
	case valueT:
		if t.rtype != nil {
			return isDirectIfaceType(t.rtype)
		}
		return false
	}
	switch kindOf(t) {
	case reflect.Ptr, reflect.Chan, reflect.Map, reflect.Func, reflect.UnsafePointer:
		return true
	}
	return false
}

// isDirectIfaceType is isDirectIface for a type of compiled code.
func isDirectIfaceType(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Ptr, reflect.Chan, reflect.Map, reflect.Func, reflect.UnsafePointer:
		return true
	case reflect.Struct:
		return t.NumField() == 1 && isDirectIfaceType(t.Field(0).Type)
	case reflect.Array:
		return t.Len() == 1 && isDirectIfaceType(t.Elem())
	}
	return false
}

// isBytesKeyRead reports whether n is a read of a map entry by a key converted from a
// []byte (`m[string(b)]`), which gc looks up where it stands among the calls, so that
// the conversion can use b's bytes without a copy (cmd/compile/internal/walk/order.go,
// mapKeyReplaceStrConv; peerbook patch 188): `m[string(b)] + f()` with f changing b or
// m reads the old entry. A map entry assigned to is not one.
func isBytesKeyRead(n *node, sc *scope) bool {
	if n.action != aGetIndex || len(n.child) != 2 || n.child[0].typ == nil || kindOf(n.child[0].typ) != reflect.Map {
		return false
	}
	if a := n.anc; a != nil {
		switch a.kind {
		case assignStmt, assignXStmt, defineStmt, defineXStmt:
			if childPos(n) < a.nleft {
				return false
			}
		case incDecStmt:
			return false
		}
	}
	k := n.child[1]
	for k.kind == parenExpr && len(k.child) == 1 {
		k = k.child[0]
	}
	if k.kind != callExpr || len(k.child) != 2 || k.child[0].typ == nil || k.child[1].typ == nil || !k.child[0].isType(sc) {
		return false
	}
	to, from := k.child[0].typ, k.child[1].typ
	return kindOf(to) == reflect.String && kindOf(from) == reflect.Slice && kindOf(sliceElem(from)) == reflect.Uint8
}

// isIfaceConvCopy reports whether n is an operand that gc copies where it stands
// because it is converted to an interface there by its address (peerbook patch 189):
// an argument of an interface parameter, or an element of a slice or array literal of
// interfaces, whose value is not addressable (a composite literal, an operation, a
// conversion) and of a type the runtime's conversion takes by address (neither a
// string, a slice, nor 2, 4 or 8 bytes without pointers: a struct of two ints, an
// int8, a bool; cmd/compile/internal/walk/order.go, OCONVIFACE, and convert.go,
// dataWordFuncName). So `g(T{k, k}, f())` with g taking an any and f changing k passes
// the old k, where yaegi, which moved every operand but the calls after them, passed
// the new one.
func isIfaceConvCopy(n *node, sc *scope) bool {
	if n.typ == nil || n.rval.IsValid() || isAddressableExpr(n) {
		return false
	}
	switch n.kind {
	case binaryExpr, unaryExpr, compositeLitExpr, parenExpr:
	case callExpr:
		if len(n.child) != 2 || !n.child[0].isType(sc) {
			return false // a call: ordered already
		}
	default:
		return false
	}
	if n.kind == unaryExpr && n.action == aRecv {
		return false
	}
	if kindOf(n.typ) == reflect.Interface || kindOf(n.typ) == reflect.Invalid {
		return false
	}
	t := ifaceConvTarget(n, sc)
	if t == nil || kindOf(t) != reflect.Interface {
		return false
	}
	return convNeedsAddr(n.typ)
}

// ifaceConvTarget returns the type n is assigned to where it stands: the parameter of
// a call's argument, the element type of a slice or array literal's element; nil
// elsewhere.
func ifaceConvTarget(n *node, sc *scope) *itype {
	a := n.anc
	if a == nil {
		return nil
	}
	switch a.kind {
	case callExpr:
		i := childPos(n) - 1
		c0 := a.child[0]
		if i < 0 || c0.typ == nil || c0.isType(sc) || a.action == aCallSlice {
			return nil
		}
		ft := c0.typ
		if ft.cat != funcT && (ft.cat != valueT || ft.rtype == nil || ft.rtype.Kind() != reflect.Func) {
			return nil
		}
		nin := ft.numIn()
		if nin == 0 {
			return nil
		}
		if ft.isVariadic() && i >= nin-1 {
			v := ft.in(nin - 1)
			if v == nil {
				return nil
			}
			if v.cat == variadicT {
				return v.val
			}
			return sliceElem(v)
		}
		if i >= nin {
			return nil
		}
		return ft.in(i)
	case compositeLitExpr:
		if a.typ == nil {
			return nil
		}
		switch kindOf(a.typ) {
		case reflect.Slice, reflect.Array:
			return sliceElem(a.typ)
		}
	}
	return nil
}

// convNeedsAddr reports whether gc's conversion of a value of type t to an interface
// takes the value by its address (cmd/compile/internal/walk/convert.go,
// dataWordFuncName).
func convNeedsAddr(t *itype) bool {
	size, align, ok := gcLayout(t)
	if !ok {
		return false
	}
	ptrs := hasPointers(t)
	switch {
	case size == 2 && align == 2, size == 4 && align == 4 && !ptrs, size == 8 && align == 8 && !ptrs:
		return false
	}
	if c := soleComponent(t); c != nil {
		switch kindOf(c) {
		case reflect.String, reflect.Slice:
			return false
		}
	}
	return true
}

// soleComponent returns the only component of t through structs of one field and
// arrays of one element, t itself for another type, nil where there are several.
func soleComponent(t *itype) *itype {
	for t.cat == linkedT && t.val != nil {
		t = t.val
	}
	switch t.cat {
	case structT:
		if len(t.field) != 1 {
			return nil
		}
		return soleComponent(t.field[0].typ)
	case arrayT:
		if t.length != 1 {
			return nil
		}
		return soleComponent(t.val)
	}
	return t
}

// hasPointers reports whether a value of type t holds a pointer for gc.
func hasPointers(t *itype) bool {
	for t.cat == linkedT && t.val != nil {
		t = t.val
	}
	switch t.cat {
	case structT:
		for _, f := range t.field {
			if hasPointers(f.typ) {
				return true
			}
		}
		return false
	case arrayT:
		return t.length > 0 && hasPointers(t.val)
	case valueT:
		return t.rtype == nil || reflectHasPointers(t.rtype)
	}
	switch kindOf(t) {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return false
	}
	return true
}

// reflectHasPointers is hasPointers for a type of compiled code.
func reflectHasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if reflectHasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.Array:
		return t.Len() > 0 && reflectHasPointers(t.Elem())
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return false
	}
	return true
}
