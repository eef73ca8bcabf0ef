package interp

import "reflect"

// Comparisons of values of an unnamed composite type with values of a named type of
// the same underlying type (peerbook patch 161).
//
// Go compares two values when one's type is assignable to the other's:
// `a != dummyID(1234)` with a an OutputID (type OutputID [32]any) and the other a
// [32]any (Go's test fixedbugs/issue23545.go), `&x == &y` with x an any and y an
// interface{} (fixedbugs/issue49665.go). The type check asked for the same type ("mismatched
// types"); and a named type declared in a cell has a reflect type of its own, so the two
// values, compared as interfaces, were never equal.

// unnamedComposite reports whether t is an unnamed type that is not a basic type: a
// type literal (array, struct, pointer, function, slice, map or channel).
func unnamedComposite(t *itype) bool {
	if t == nil || t.name != "" {
		return false
	}
	rt := t.TypeOf()
	if rt == nil {
		return false
	}
	switch rt.Kind() {
	case reflect.Array, reflect.Struct, reflect.Ptr, reflect.Func, reflect.Slice, reflect.Map, reflect.Chan:
		return true
	}
	return false
}

// mixedTypesCompare sets the code of n, == (neg false) or != (neg true), where its
// operands have distinct reflect types of one kind, neither an interface, the second
// convertible to the first's: the second is converted, then they are compared. It
// reports false, setting nothing, for other operands.
func mixedTypesCompare(n *node, neg bool) bool {
	c0, c1 := n.child[0], n.child[1]
	if c0.typ == nil || c1.typ == nil || c0.rval.IsValid() || c1.rval.IsValid() || c0.isNil() || c1.isNil() {
		return false
	}
	t0, t1 := c0.typ.frameType(), c1.typ.frameType()
	if t0 == nil || t1 == nil || t0 == t1 || t0.Kind() != t1.Kind() || t0.Kind() == reflect.Interface || !t1.ConvertibleTo(t0) {
		return false
	}
	switch t0.Kind() {
	case reflect.Array, reflect.Struct, reflect.Ptr, reflect.Chan:
	default:
		return false
	}
	v0, v1 := genValue(c0), genValue(c1)
	tnext := getExec(n.tnext)
	dest := genValueOutput(n, reflect.TypeOf(true))
	test := func(f *frame) bool {
		return (v0(f).Interface() == v1(f).Convert(t0).Interface()) != neg
	}
	if n.fnext != nil {
		fnext := getExec(n.fnext)
		n.exec = func(f *frame) bltn {
			if test(f) {
				dest(f).SetBool(true)
				return tnext
			}
			dest(f).SetBool(false)
			return fnext
		}
		return true
	}
	n.exec = func(f *frame) bltn {
		dest(f).SetBool(test(f))
		return tnext
	}
	return true
}

// identicalUnderlying reports whether t0 and t1 may be of one underlying type with one
// of them unnamed (P and struct{ X int }), which makes them assignable in Go: one is an
// unnamed composite type and their reflect types convert.
func identicalUnderlying(t0, t1 *itype) bool {
	if !unnamedComposite(t0) && !unnamedComposite(t1) {
		return false
	}
	r0, r1 := t0.TypeOf(), t1.TypeOf()
	return r0 != nil && r1 != nil && r0.Kind() == r1.Kind() && r0.ConvertibleTo(r1)
}
