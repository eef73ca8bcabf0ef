package rewrite

import (
	"go/ast"
	"go/types"
	"reflect"

	"github.com/peerbook/peerbook/eval/internal/namedpool"
)

// Run-time identity of named types (yaegi patches 53 and 54). A cell type defined from a
// predeclared type or the empty struct (type Celsius float64, type traceKey struct{}), or
// from one of the slice and map types of them the pool holds (type Tags []string, type
// Counts map[string]int), takes a compiled named type of eval/internal/namedpool when the interpreter declares
// it, so its values are told from those of the underlying type and of other such types.
// Only when the pool of its underlying type was exhausted is it that type at run time,
// and the refusals below (assertions, type switches, keys) are still needed for it.

// poolUnder returns the reflect type the pool keys named types of t's underlying type
// by (float64, struct{}), nil when such types take no pool type.
func poolUnder(t types.Type) reflect.Type {
	if n, ok := types.Unalias(t).(*types.Named); ok && (n.TypeParams().Len() > 0 || n.TypeArgs().Len() > 0) {
		return nil // a generic type's instances take no pool type
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if rt := basicReflect[u.Kind()]; rt != nil {
			return rt
		}
	case *types.Struct:
		if u.NumFields() == 0 {
			return reflect.TypeOf(struct{}{})
		}
	case *types.Slice, *types.Map, *types.Array:
		// type Tags []string, type Counts map[string]int, type Vec3 [3]float64 (patch
		// 54): the slice, map and array types of predeclared types the pool holds.
		if rt := unnamedReflect(u); rt != nil && namedpool.Supported(rt) {
			return rt
		}
	}
	return nil
}

// unnamedReflect returns the reflect type of t when t is made of predeclared types
// (error included), the empty struct and the empty interface only (nil for any other type: a named type, a
// struct with fields, a function...).
func unnamedReflect(t types.Type) reflect.Type {
	switch t := types.Unalias(t).(type) {
	case *types.Basic:
		return basicReflect[t.Kind()]
	case *types.Struct:
		if t.NumFields() == 0 {
			return reflect.TypeOf(struct{}{})
		}
	case *types.Interface:
		if t.Empty() {
			return reflect.TypeOf((*any)(nil)).Elem()
		}
	case *types.Named:
		if t == types.Universe.Lookup("error").Type() {
			return reflect.TypeOf((*error)(nil)).Elem()
		}
	case *types.Slice:
		if e := unnamedReflect(t.Elem()); e != nil {
			return reflect.SliceOf(e)
		}
	case *types.Map:
		k, e := unnamedReflect(t.Key()), unnamedReflect(t.Elem())
		if k != nil && e != nil {
			return reflect.MapOf(k, e)
		}
	case *types.Array:
		if e := unnamedReflect(t.Elem()); e != nil && t.Len() >= 0 {
			return reflect.ArrayOf(int(t.Len()), e)
		}
	}
	return nil
}

var basicReflect = map[types.BasicKind]reflect.Type{
	types.Bool: reflect.TypeOf(false), types.String: reflect.TypeOf(""),
	types.Int: reflect.TypeOf(int(0)), types.Int8: reflect.TypeOf(int8(0)), types.Int16: reflect.TypeOf(int16(0)),
	types.Int32: reflect.TypeOf(int32(0)), types.Int64: reflect.TypeOf(int64(0)),
	types.Uint: reflect.TypeOf(uint(0)), types.Uint8: reflect.TypeOf(uint8(0)), types.Uint16: reflect.TypeOf(uint16(0)),
	types.Uint32: reflect.TypeOf(uint32(0)), types.Uint64: reflect.TypeOf(uint64(0)), types.Uintptr: reflect.TypeOf(uintptr(0)),
	types.Float32: reflect.TypeOf(float32(0)), types.Float64: reflect.TypeOf(float64(0)),
	types.Complex64: reflect.TypeOf(complex64(0)), types.Complex128: reflect.TypeOf(complex128(0)),
}

// distinct reports whether values of the session type n have a reflect type of their
// own at run time. A type of an earlier cell is asked of the interpreter; one this
// cell declares (or a function's local type) will take a pool type if the pool has a
// free slot for every type the cell declares.
func (x *cell) distinct(n *types.Named) bool {
	under := poolUnder(n)
	if under == nil || x.r.i == nil || n.TypeParams().Len() > 0 || n.TypeArgs().Len() > 0 {
		return false
	}
	obj := n.Obj()
	global := obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope()
	if global && !declaresType(x.roots, obj.Name()) {
		known, distinct := x.r.i.NamedTypeIdentity(obj.Name())
		return known && distinct
	}
	declared := 0
	for _, r := range x.roots {
		ast.Inspect(r, func(n ast.Node) bool {
			if _, ok := n.(*ast.TypeSpec); ok {
				declared++
			}
			return true
		})
	}
	return namedpool.Free(under) > declared
}

// repr is reprKey with the types that have a run-time identity named as themselves.
func (x *cell) repr(t types.Type) string { return reprKeyOf(t, x.distinct) }

// isLossy reports whether values of t lose their type at run time.
func (x *cell) isLossy(t types.Type) bool { return x.repr(t) != types.TypeString(t, nil) }
