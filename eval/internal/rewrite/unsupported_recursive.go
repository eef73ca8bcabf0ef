package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// refuseRecursiveComposite refuses a type that refers to itself through slices, arrays,
// maps, channels or pointers with no named struct or interface type in between
// (type T []T, type P *P, type M map[string]M, type L []*L, type T []struct{ t T }):
// reflect cannot make such a type, and yaegi v0.16.1 panics building it or overflows
// the stack, which ends the session. A cycle through a named struct
// (type T struct{ kids []T }) works; a cycle through a function type has its own
// refusal (refuseRecursiveFunc).
func (x *cell) refuseRecursiveComposite(ts *ast.TypeSpec, add func(token.Pos, string, ...any)) {
	obj, ok := x.info.Defs[ts.Name].(*types.TypeName)
	if !ok {
		return
	}
	named, ok := obj.Type().(*types.Named)
	if !ok {
		return
	}
	switch named.Underlying().(type) {
	case *types.Struct, *types.Interface:
		return
	}
	if isFuncCycle(named, named.Underlying(), map[types.Type]bool{}, false) || !isCompositeCycle(named, named.Underlying(), map[types.Type]bool{}) {
		return
	}
	add(ts.Name.Pos(), "type %s refers to itself other than through a named struct type (%s): such recursive types are not supported in cells (reflect cannot make them); through a struct it works (type %s struct{ ... })",
		ts.Name.Name, types.TypeString(named.Underlying(), types.RelativeTo(obj.Pkg())), ts.Name.Name)
}

// isCompositeCycle reports whether t reaches named through types that reflect builds
// without a named struct or an interface in between.
func isCompositeCycle(named *types.Named, t types.Type, seen map[types.Type]bool) bool {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		if t == named || t.Origin() == named {
			return true
		}
		if seen[t] {
			return false
		}
		seen[t] = true
		switch t.Underlying().(type) {
		case *types.Struct, *types.Interface:
			return false
		}
		return isCompositeCycle(named, t.Underlying(), seen)
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			if isCompositeCycle(named, t.Field(i).Type(), seen) {
				return true
			}
		}
	case *types.Signature:
		for _, tuple := range []*types.Tuple{t.Params(), t.Results()} {
			for i := 0; i < tuple.Len(); i++ {
				if isCompositeCycle(named, tuple.At(i).Type(), seen) {
					return true
				}
			}
		}
	case *types.Pointer:
		return isCompositeCycle(named, t.Elem(), seen)
	case *types.Slice:
		return isCompositeCycle(named, t.Elem(), seen)
	case *types.Array:
		return isCompositeCycle(named, t.Elem(), seen)
	case *types.Chan:
		return isCompositeCycle(named, t.Elem(), seen)
	case *types.Map:
		return isCompositeCycle(named, t.Key(), seen) || isCompositeCycle(named, t.Elem(), seen)
	}
	return false
}
