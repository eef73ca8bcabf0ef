// Package typewalk walks the go/types types a type is composed of, for the walkers of
// eval and internal/modulegen that look for something inside a type (a type parameter, an
// instance of a compiled generic, a type the notebook declares).
package typewalk

import "go/types"

// Components calls f with each type that t is built from, one level down: the element of
// a pointer, slice, array or channel, a map's key and element, a signature's parameter and
// result types, a struct's field types. Named types, aliases, interfaces, type parameters
// and basic types have no components here: each walker decides whether to look into a
// named type's arguments, an alias's target or an interface's methods.
func Components(t types.Type, f func(types.Type)) {
	switch t := t.(type) {
	case *types.Pointer:
		f(t.Elem())
	case *types.Slice:
		f(t.Elem())
	case *types.Array:
		f(t.Elem())
	case *types.Map:
		f(t.Key())
		f(t.Elem())
	case *types.Chan:
		f(t.Elem())
	case *types.Signature:
		for v := range t.Params().Variables() {
			f(v.Type())
		}
		for v := range t.Results().Variables() {
			f(v.Type())
		}
	case *types.Struct:
		for v := range t.Fields() {
			f(v.Type())
		}
	}
}
