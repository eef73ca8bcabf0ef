// Package rt holds the compiled helpers that rewritten cells call. The interpreter
// sees it under ImportPath (see Symbols); rewritten code refers to it as _pbrt.
package rt

import (
	"fmt"
	"math"
	"reflect"
	"sort"
)

// ImportPath is the path under which the interpreter knows this package.
const ImportPath = "github.com/peerbook/peerbook/eval/rewrite/rt"

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
