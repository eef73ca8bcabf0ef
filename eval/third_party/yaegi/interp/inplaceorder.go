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
		if itypeKind(from) != reflect.String || itypeKind(to) != reflect.Slice {
			return false
		}
		switch itypeKind(sliceElem(to)) {
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
	switch itypeKind(t) {
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
	if n.action != aGetIndex || len(n.child) != 2 || n.child[0].typ == nil || itypeKind(n.child[0].typ) != reflect.Map {
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
	return itypeKind(to) == reflect.String && itypeKind(from) == reflect.Slice && itypeKind(sliceElem(from)) == reflect.Uint8
}
