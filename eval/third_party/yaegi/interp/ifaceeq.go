package interp

import (
	"fmt"
	"go/types"
	"reflect"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/namedpool"
)

// Comparison of interface values (patch 38 in PATCHES.md). A value of a type with
// methods held in an interface is a valueInterface{node, value}: comparing two of them
// with Go's == compared the nodes and the reflect.Value words, never the values, and a
// wrapped value never equalled the same value held bare. dynamicOf unwraps them so that
// interfaces compare as Go compares them: same dynamic type, then equal values, with Go's
// runtime error when the dynamic type is not comparable.

// dynamicOf returns the dynamic value held by i, unwrapped from any valueInterface, and
// the interpreter's type of it when a wrapper named one (nil otherwise, or when the
// wrapper's type only restates the reflect type). lost reports a value unwrapped from a
// wrapper of a compiled interface without a type of the interpreter: a value of a named
// type of the interpreter with methods, whose name is lost.
func dynamicOf(i any) (v any, t *itype, lost bool) {
	for {
		vi, ok := i.(valueInterface)
		if !ok {
			// A wrapper of a compiled interface (the struct types of the symbol tables)
			// holds the value in its first field, IValue.
			if v := reflect.ValueOf(i); v.Kind() == reflect.Struct && v.NumField() > 0 && v.Type().Field(0).Name == "IValue" && v.Type().PkgPath() != "" {
				if iv := v.Field(0); iv.Kind() == reflect.Interface {
					if iv.IsNil() {
						return nil, nil, false
					}
					i = iv.Interface()
					lost = true
					continue
				}
			}
			return i, t, lost && t == nil
		}
		if vi.node == nil && !vi.value.IsValid() {
			return nil, nil, false
		}
		if vi.node != nil && vi.node.kind == basicLit && vi.node.typ != nil && vi.node.typ.cat == nilT {
			return nil, nil, false
		}
		if !vi.value.IsValid() {
			return nil, nil, false
		}
		if vi.node != nil && vi.node.typ != nil && vi.node.typ.cat != valueT && !isInterfaceSrc(vi.node.typ) {
			t = vi.node.typ
		}
		i = vi.value.Interface()
	}
}

// ifaceEqual reports whether the interface values i0 and i1 are equal as Go's == on
// interfaces: the same dynamic type and equal dynamic values. It panics with Go's
// runtime error when the dynamic type is not comparable.
//
// s0 and s1 are the static types of the operands when they are not interfaces (nil
// otherwise): a value of a named type without its wrapper still has its type.
func ifaceEqual(i0, i1 any, s0, s1 *itype) bool {
	v0, t0, lost0 := dynamicOf(i0)
	v1, t1, lost1 := dynamicOf(i1)
	if s0 != nil {
		t0, lost0 = s0, false
	}
	if s1 != nil {
		t1, lost1 = s1, false
	}
	if v0 == nil || v1 == nil {
		return v0 == nil && v1 == nil
	}
	r0, r1 := reflect.TypeOf(v0), reflect.TypeOf(v1)
	if r0 != r1 {
		return false
	}
	if t0 != nil && t1 != nil && typeID(t0) != typeID(t1) {
		// Two named types of the interpreter with one reflect type (type A int; type B int).
		return false
	}
	if (lost0 || lost1) && !distinctRType(r0) {
		panic(fmt.Errorf("peerbook: comparing interface values holding %ss is not supported in cells when one is held in a compiled interface: a named type with methods declared in a cell is %s at run time there (reflect cannot make named types), so its type cannot be told",
			r0, r0))
	}
	if (declaredType(t0) && t1 == nil || declaredType(t1) && t0 == nil) && !distinctRType(r0) {
		// One side names its type, the other holds a bare value of the same reflect type:
		// it may be the underlying type (unequal in Go) or the named type unwrapped.
		named := t0
		if named == nil {
			named = t1
		}
		panic(fmt.Errorf("peerbook: comparing interface values holding a %s and a %s is not supported in cells: both are %s at run time (reflect cannot make named types), so the %s may be a %s or not",
			dynamicTypeName(r0, named), r0, r0, r0, dynamicTypeName(r0, named)))
	}
	if !r0.Comparable() {
		panic(runtimeErrorf("runtime error: comparing uncomparable type %s", dynamicTypeName(r0, t0, t1)))
	}
	if holdsInterface(r0) {
		// The interface values held are compared (and checked) one by one.
		// A struct or array holding interfaces: compare their dynamic values.
		return deepEqual(reflect.ValueOf(v0), reflect.ValueOf(v1))
	}
	return v0 == v1
}

// ifaceKey returns the value that stands for i as a key of a map with interface keys:
// the dynamic value, unwrapped. It panics with Go's runtime error when the dynamic type
// is not hashable.
func ifaceKey(i any) any {
	v, t, _ := dynamicOf(i)
	if v == nil {
		return nil
	}
	if !reflect.ValueOf(v).Comparable() {
		panic(runtimeErrorf("runtime error: hash of unhashable type %s", dynamicTypeName(reflect.TypeOf(v), t, nil)))
	}
	return v
}

// dynamicTypeName names a dynamic type as Go's runtime errors do: main.Point rather than
// the reflect type yaegi made for it.
func dynamicTypeName(rt reflect.Type, ts ...*itype) string {
	for _, t := range ts {
		if declaredType(t) {
			if t.path != "" {
				return t.path + "." + t.name
			}
			return "main." + t.name
		}
	}
	if rt.Kind() == reflect.Struct && rt.NumField() > 0 {
		if tag, ok := rt.Field(0).Tag.Lookup("yaegi"); ok && tag != "" {
			tag, _, _ = strings.Cut(tag, "#") // a local type's declaration (patch 56)
			return tag
		}
	}
	return strings.ReplaceAll(rt.String(), "interp.valueInterface", "interface {}")
}

// comparesInterfaces reports whether the comparison n has an operand of interface type,
// which ifaceCompare compares.
func comparesInterfaces(n *node) bool {
	for _, c := range n.child[:2] {
		if c.typ != nil && (isInterface(c.typ) || c.typ.TypeOf() == valueInterfaceType) {
			return true
		}
	}
	for _, c := range n.child[:2] {
		if c.typ != nil && c.typ.TypeOf() != nil && holdsInterface(c.typ.TypeOf()) {
			return true
		}
	}
	return false
}

// ifaceCompare generates the code of n, an == (or != when not is set) with an operand of
// interface type, with ifaceEqual.
func ifaceCompare(n *node, not bool) {
	tnext := getExec(n.tnext)
	v0, v1 := genValue(n.child[0]), genValue(n.child[1])
	s0, s1 := staticType(n.child[0]), staticType(n.child[1])
	if s0 != nil && s1 != nil && typeID(s0) != typeID(s1) {
		// peerbook patch 161: two operands of static types, one assignable to the
		// other (a named [2]any and a [2]any): the values are of one type.
		s1 = s0
	}
	if n.fnext != nil {
		fnext := getExec(n.fnext)
		dest := genValueOutput(n, reflect.TypeOf(true))
		n.exec = func(f *frame) bltn {
			r := ifaceEqual(v0(f).Interface(), v1(f).Interface(), s0, s1) != not
			dest(f).SetBool(r)
			if r {
				return tnext
			}
			return fnext
		}
		return
	}
	if n.typ.TypeOf().Kind() == reflect.Interface {
		typ := n.typ.concrete().TypeOf()
		dest := genValue(n)
		n.exec = func(f *frame) bltn {
			r := ifaceEqual(v0(f).Interface(), v1(f).Interface(), s0, s1) != not
			dest(f).Set(reflect.ValueOf(r).Convert(typ))
			return tnext
		}
		return
	}
	dest := genValueOutput(n, reflect.TypeOf(true))
	n.exec = func(f *frame) bltn {
		dest(f).SetBool(ifaceEqual(v0(f).Interface(), v1(f).Interface(), s0, s1) != not)
		return tnext
	}
}

// genMapKey returns key, the code of a key of the map m, made to give the unwrapped
// dynamic value (ifaceKey) when the map's keys are of an empty interface type: a key
// held in a valueInterface would be a distinct key for each wrapper.
func genMapKey(m *node, key func(*frame) reflect.Value) func(*frame) reflect.Value {
	if m.typ == nil {
		return key
	}
	mt := m.typ.TypeOf()
	if mt == nil || mt.Kind() != reflect.Map {
		return key
	}
	kt := mt.Key()
	if kt.Kind() != reflect.Interface && holdsWrapper(kt) {
		// Fields of an interface with methods of the interpreter are wrappers, distinct
		// for equal values.
		return func(f *frame) reflect.Value {
			panic(fmt.Errorf("peerbook: map keys of type %s are not supported in cells: they hold values of an interface with methods declared in a cell, which are wrappers at run time, and equal keys would be distinct (use fields of type any)", m.typ.key.id()))
		}
	}
	if kt.Kind() != reflect.Interface && holdsEmptyInterface(kt) {
		return func(f *frame) reflect.Value { return canonical(key(f), true) }
	}
	if kt == valueInterfaceType {
		// Keys of an interface with methods of the interpreter are wrappers, distinct for
		// equal values (eval refuses such map types; this is an instance of a generic
		// type with such a type argument).
		return func(f *frame) reflect.Value {
			panic(fmt.Errorf("peerbook: map keys of interface type %s are not supported in cells: an interface with methods declared in a cell holds a wrapper of its value at run time, and equal values would be distinct keys (use map[any])", m.typ.key.id()))
		}
	}
	if kt.Kind() == reflect.Interface && kt.NumMethod() > 0 {
		// A compiled interface with methods: a value of a cell type is held in a wrapper
		// struct whose methods are func fields, which no map can hash.
		return func(f *frame) reflect.Value {
			v := key(f)
			e := v
			if e.Kind() == reflect.Interface && !e.IsNil() {
				e = e.Elem()
			}
			if e.Kind() == reflect.Struct && e.NumField() > 0 && e.Type().Field(0).Name == "IValue" && e.Type().PkgPath() != "" {
				panic(fmt.Errorf("peerbook: a key of a map[%s] holding a value of a type declared in a cell is not supported in cells: the value is held in a wrapper at run time, which a map cannot hash (use map[any])", kt))
			}
			return v
		}
	}
	if kt.Kind() != reflect.Interface {
		return key
	}
	return func(f *frame) reflect.Value {
		v := ifaceKey(key(f).Interface())
		if v == nil {
			return reflect.Zero(kt)
		}
		return reflect.ValueOf(v)
	}
}

// distinctRType reports whether values of the reflect type rt are of one type of the
// interpreter only: struct types of the interpreter carry their name in a tag (patch 5),
// named types that took a pool type have it (patch 53), other named types are their
// underlying reflect type.
func distinctRType(rt reflect.Type) bool {
	for rt.Kind() == reflect.Pointer {
		rt = rt.Elem()
	}
	if namedpool.Is(rt) {
		return true // patch 53: a pool type is one cell type's own
	}
	if rt.Kind() != reflect.Struct || rt.NumField() == 0 {
		return false
	}
	_, ok := rt.Field(0).Tag.Lookup("yaegi")
	return ok
}

// staticType returns the type of the operand c when it is not an interface, nil otherwise.
func staticType(c *node) *itype {
	t := c.typ
	if t == nil || t.cat == nilT || t.cat == valueT || isInterface(t) {
		return nil
	}
	return t
}

// typeID identifies the type t for ifaceEqual: an untyped constant is of its default
// type.
func typeID(t *itype) string {
	if t.untyped {
		// The default types of untyped constants (without building a reflect type at run time).
		switch id := t.id(); id {
		case "untyped float":
			return "float64"
		case "untyped rune":
			return "int32"
		case "untyped complex":
			return "complex128"
		default:
			return strings.TrimPrefix(id, "untyped ")
		}
	}
	return t.id()
}

// holdsEmptyInterface reports whether values of rt hold values of an empty interface
// type in their fields or elements (not behind pointers, maps or slices), which Go's ==
// and map hashing of rt compare as wrappers.
func holdsEmptyInterface(rt reflect.Type) bool {
	switch rt.Kind() {
	case reflect.Interface:
		return rt.NumMethod() == 0
	case reflect.Array:
		return holdsEmptyInterface(rt.Elem())
	case reflect.Struct:
		if rt == valueInterfaceType {
			return false
		}
		for i := 0; i < rt.NumField(); i++ {
			f := rt.Field(i)
			if holdsEmptyInterface(f.Type) {
				return f.IsExported()
			}
		}
	}
	return false
}

// canonical returns a copy of v (of a type holdsEmptyInterface reports) whose values of
// empty interfaces are unwrapped (ifaceKey), so that Go's == and map hashing see the
// dynamic values. hash names the panic of an uncomparable dynamic type.
func canonical(v reflect.Value, hash bool) reflect.Value {
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		d, t, lost := dynamicOf(v.Interface())
		if d == nil {
			return reflect.Zero(v.Type())
		}
		if !reflect.ValueOf(d).Comparable() {
			what := "comparing uncomparable"
			if hash {
				what = "hash of unhashable"
			}
			panic(runtimeErrorf("runtime error: %s type %s", what, dynamicTypeName(reflect.TypeOf(d), t)))
		}
		if (t != nil || lost) && !distinctRType(reflect.TypeOf(d)) {
			panic(fmt.Errorf("peerbook: comparing or hashing a %s held in an interface inside a %s is not supported in cells: it is %s at run time (reflect cannot make named types)",
				dynamicTypeName(reflect.TypeOf(d), t), v.Type(), reflect.TypeOf(d)))
		}
		r := reflect.New(v.Type()).Elem()
		r.Set(reflect.ValueOf(d))
		return r
	case reflect.Array, reflect.Struct:
		if !holdsEmptyInterface(v.Type()) {
			return v
		}
		r := reflect.New(v.Type()).Elem()
		if v.Kind() == reflect.Array {
			for i := 0; i < v.Len(); i++ {
				r.Index(i).Set(canonical(v.Index(i), hash))
			}
			return r
		}
		for i := 0; i < v.NumField(); i++ {
			if !v.Type().Field(i).IsExported() {
				return v
			}
			r.Field(i).Set(canonical(v.Field(i), hash))
		}
		return r
	}
	return v
}

// declaredType reports whether t is a defined type of the interpreter, not a predeclared
// one (int, string, error).
func declaredType(t *itype) bool {
	if t == nil || t.name == "" {
		return false
	}
	return t.path != "" || types.Universe.Lookup(t.name) == nil
}

// holdsInterface reports whether values of the struct or array type rt hold interface
// values (also of interfaces of the interpreter, valueInterface) in their fields or
// elements, not behind pointers, maps or slices.
func holdsInterface(rt reflect.Type) bool {
	switch rt.Kind() {
	case reflect.Array:
		return rt.Elem().Kind() == reflect.Interface || rt.Elem() == valueInterfaceType || holdsInterface(rt.Elem())
	case reflect.Struct:
		if rt == valueInterfaceType {
			return false
		}
		for i := 0; i < rt.NumField(); i++ {
			ft := rt.Field(i).Type
			if ft.Kind() == reflect.Interface || ft == valueInterfaceType || holdsInterface(ft) {
				return true
			}
		}
	}
	return false
}

// deepEqual compares a and b, of one struct or array type, as Go's == does: field by
// field (element by element) in order, stopping at the first difference, the interface
// values among them with ifaceEqual.
func deepEqual(a, b reflect.Value) bool {
	switch {
	case a.Kind() == reflect.Interface || a.Type() == valueInterfaceType:
		if !a.CanInterface() {
			return a.Equal(b)
		}
		return ifaceEqual(a.Interface(), b.Interface(), nil, nil)
	case a.Kind() == reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if !deepEqual(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case a.Kind() == reflect.Struct && holdsInterface(a.Type()):
		for i := 0; i < a.NumField(); i++ {
			if a.Type().Field(i).Name == "_" {
				continue
			}
			if !deepEqual(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	}
	if !a.CanInterface() {
		return a.Equal(b)
	}
	return a.Interface() == b.Interface()
}

// holdsWrapper reports whether values of the struct or array type rt hold values of an
// interface of the interpreter with methods (valueInterface) in their fields or elements.
func holdsWrapper(rt reflect.Type) bool {
	switch rt.Kind() {
	case reflect.Array:
		return rt.Elem() == valueInterfaceType || holdsWrapper(rt.Elem())
	case reflect.Struct:
		if rt == valueInterfaceType {
			return false
		}
		for i := 0; i < rt.NumField(); i++ {
			if ft := rt.Field(i).Type; ft == valueInterfaceType || holdsWrapper(ft) {
				return true
			}
		}
	}
	return false
}
