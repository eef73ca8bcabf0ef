// Package rt holds the compiled helpers that rewritten cells call. The interpreter
// sees it under ImportPath (see Symbols); rewritten code refers to it as _pbrt.
package rt

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
)

// ImportPath is the path under which the interpreter knows this package.
const ImportPath = "github.com/peerbook/peerbook/eval/internal/rewrite/rt"

// Go runs f in a new goroutine: go statements rewritten by rewrite.IsolateGo come here,
// so that the goroutine is started by compiled code.
func Go(f func()) { go f() }

// Clear implements the clear builtin for maps and slices: a map loses all its
// entries, the elements of a slice are set to their zero value.
func Clear(v any) {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Map, reflect.Slice:
		rv.Clear()
	case reflect.Invalid:
	default:
		panic(fmt.Sprintf("clear: invalid argument of type %T", v))
	}
}

// SortOrdered sorts a slice of ordered values (integers, floats, strings) in
// increasing order, NaNs first, like slices.Sort.
func SortOrdered(s any) {
	rv := reflect.ValueOf(s)
	if rv.Kind() != reflect.Slice {
		panic(fmt.Sprintf("slices.Sort: not a slice: %T", s))
	}
	sort.Slice(s, orderedLess(rv))
}

// SortFunc sorts a slice with a comparison function, like slices.SortFunc.
func SortFunc(s any, cmp any) {
	sort.Slice(s, funcLess(reflect.ValueOf(s), cmp))
}

// SortStableFunc sorts a slice with a comparison function keeping the order of equal
// elements, like slices.SortStableFunc.
func SortStableFunc(s any, cmp any) {
	sort.SliceStable(s, funcLess(reflect.ValueOf(s), cmp))
}

func funcLess(rv reflect.Value, cmp any) func(i, j int) bool {
	f := reflect.ValueOf(cmp)
	if f.Kind() != reflect.Func {
		panic(fmt.Sprintf("sort: comparison is not a function: %T", cmp))
	}
	return func(i, j int) bool {
		return f.Call([]reflect.Value{rv.Index(i), rv.Index(j)})[0].Int() < 0
	}
}

func orderedLess(rv reflect.Value) func(i, j int) bool {
	switch rv.Type().Elem().Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(i, j int) bool { return rv.Index(i).Int() < rv.Index(j).Int() }
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(i, j int) bool { return rv.Index(i).Uint() < rv.Index(j).Uint() }
	case reflect.Float32, reflect.Float64:
		return func(i, j int) bool {
			a, b := rv.Index(i).Float(), rv.Index(j).Float()
			return (math.IsNaN(a) && !math.IsNaN(b)) || a < b
		}
	case reflect.String:
		return func(i, j int) bool { return rv.Index(i).String() < rv.Index(j).String() }
	}
	panic(fmt.Sprintf("slices.Sort: elements of %s are not ordered", rv.Type()))
}

var reflectValueType = reflect.TypeOf(reflect.Value{})

func isBox(rv reflect.Value) bool {
	_, ok := rv.Interface().(interface{ box() boxedError })
	return ok
}

// Unwrap returns the value an interface value of the interpreter holds, out of
// yaegi's wrappers: the value inside a valueInterface, the IValue of an interface
// wrapper (how yaegi hands an interpreted value to compiled code as an error or a
// fmt.Stringer). Type assertions to concrete types work on the result. A nil value
// gives NoValue{}, not nil: yaegi panics on a type assertion of a nil interface value
// returned by compiled code.
func Unwrap(v any) any {
	u := unwrap(v)
	if u == nil {
		return NoValue{}
	}
	return u
}

// NoValue is what Unwrap returns for nil: no type assertion matches it.
type NoValue struct{}

func unwrap(v any) any {
	rv := reflect.ValueOf(v)
	for i := 0; i < 8 && rv.IsValid(); i++ {
		switch {
		case rv.Kind() == reflect.Interface:
			if rv.IsNil() {
				return nil
			}
			rv = rv.Elem()
		case rv.Type().String() == valueInterfaceName:
			rv, _ = valueInterfaceParts(rv)
		case rv.Type() == reflectValueType:
			// recover() in yaegi returns the panic value as a reflect.Value.
			rv = rv.Interface().(reflect.Value)
		case rv.CanInterface() && isBox(rv):
			rv = reflect.ValueOf(rv.Interface().(interface{ box() boxedError }).box().v)
		case rv.Kind() == reflect.Struct && rv.NumField() > 0 && rv.Type().Field(0).Name == "IValue" &&
			rv.Type().PkgPath() != "" && rv.Type().Name() != "" && rv.Type().Name()[0] == '_':
			rv = rv.Field(0)
		default:
			if !rv.CanInterface() {
				return v
			}
			return rv.Interface()
		}
	}
	if !rv.IsValid() {
		return nil
	}
	return rv.Interface()
}

// AssertError is the runtime error of a failed type assertion x.(T), with the message
// the Go runtime gives: iface is the static type of x, target T; missing is the first
// method of an interface T the value lacks ("" for a concrete T), or T's method names
// in the runtime's order separated by commas, of which the message names the first
// the value's compiled type lacks (the first where its type has none it can see: a
// type of the interpreter). session names the interpreter session, for the names of
// its types.
func AssertError(v any, target, iface, missing, session string) error {
	rv, t := dynamic(reflect.ValueOf(v), session)
	dyn := "nil"
	switch {
	case t != nil:
		dyn = t.Name
	case rv.IsValid():
		dyn = typeString(rv.Type()) // cell types named as Go names them
	}
	if missing != "" && rv.IsValid() {
		missing = firstMissing(rv.Type(), missing)
		return &assertError{fmt.Sprintf("interface conversion: %s is not %s: missing method %s", dyn, target, missing)}
	}
	if missing != "" {
		// A nil value asserted to an interface type: the runtime names no static
		// type ("interface is nil, not main.Shape"), as it does for a concrete target.
		iface = "interface"
	}
	msg := fmt.Sprintf("interface conversion: %s is %s, not %s", iface, dyn, target)
	if dyn == target && rv.IsValid() {
		// Two types of one name, as the runtime says it: types declared in two
		// functions (a session's types), or compiled types of two packages of one
		// name (text/template's and html/template's Template).
		if t != nil {
			msg += " (types from different scopes)"
		} else {
			msg += " (types from different packages)"
		}
	}
	return &assertError{msg}
}

// firstMissing picks, of the comma-separated method names, the first that type t has
// no method of; the first name when it has them all.
func firstMissing(t reflect.Type, names string) string {
	list := strings.Split(names, ",")
	for _, name := range list {
		if _, ok := t.MethodByName(name); !ok {
			return name
		}
	}
	return list[0]
}

type assertError struct{ msg string }

// Error is the runtime's message.
func (e *assertError) Error() string { return e.msg }

// RuntimeError marks the error as a runtime.Error, like the runtime's own.
func (e *assertError) RuntimeError() {}

// NegZero reports whether v is a floating-point negative zero (min and max of the
// prelude order -0.0 before 0.0, as Go's builtins do).
func NegZero(v any) bool {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Float32, reflect.Float64:
		f := rv.Float()
		return f == 0 && math.Signbit(f)
	}
	return false
}
