package rt

import (
	"fmt"
	"reflect"
	"strings"
)

// ReflectArg is the argument of reflect.TypeOf or reflect.ValueOf (fn) in a cell when its
// static type is an interface, so that the rewriter could not check it at compile time.
// It returns the value the interface holds, out of the interpreter's wrappers
// (interp.valueInterface, stdlib._fmt_Stringer, boxed errors), so that reflect sees the value's type
// as the cell's reflect calls expect it (see reflect.go). It panics with a peerbook error
// for a value whose type reflect cannot show: one made of an interface type declared in
// a cell, which is one struct type of the interpreter at run time.
func ReflectArg(fn string, v any) any {
	rv := heldValue(reflect.ValueOf(v))
	if !rv.IsValid() {
		return nil
	}
	if blind := cellInterfaceIn(rv.Type(), map[reflect.Type]bool{}); blind != "" {
		panic(fmt.Sprintf("peerbook: reflect.%s of a value of %s is not supported in cells: it is made of an interface type declared in a cell, which has no reflect type of its own", fn, typeText(blind)))
	}
	if !rv.CanInterface() {
		return v
	}
	return rv.Interface()
}

// cellInterfaceIn returns the Go name of the type t when t is, or is made of, the
// interpreter's stand-in for interface types declared in cells ("" if not).
func cellInterfaceIn(t reflect.Type, seen map[reflect.Type]bool) string {
	if seen[t] {
		return ""
	}
	seen[t] = true
	if isCellInterface(t) {
		return "an interface type declared in a cell"
	}
	found := false
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Chan:
		found = cellInterfaceIn(t.Elem(), seen) != ""
	case reflect.Map:
		found = cellInterfaceIn(t.Key(), seen) != "" || cellInterfaceIn(t.Elem(), seen) != ""
	case reflect.Struct:
		for i := 0; i < t.NumField() && !found; i++ {
			found = cellInterfaceIn(t.Field(i).Type, seen) != ""
		}
	}
	if !found {
		return ""
	}
	if name, ok := cellName(t); ok {
		return name
	}
	return "a type declared in a cell"
}

// typeText is "type T", or the phrase when the type has no name to give.
func typeText(name string) string {
	if strings.HasPrefix(name, "a type") {
		return name
	}
	return "type " + name
}
