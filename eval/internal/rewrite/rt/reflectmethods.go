package rt

import (
	"fmt"
	"reflect"

	"github.com/peerbook/peerbook/eval/internal/namedpool"
)

// The methods of cell types through reflect (see reflect.go): the exported method sets
// the cells registered, bound methods that call the interpreted ones, Implements.

// methodSet returns the registered exported methods of a cell type t (or of a pointer
// to one), and whether t is a cell type at all.
func methodSet(session string, t reflect.Type) ([]reflectMethod, bool) {
	if t == nil {
		return nil, false
	}
	refuseCellInterface(t, "the methods")
	set := 0
	base := t
	if t.Kind() == reflect.Pointer {
		if _, ok := cellName(t.Elem()); ok {
			base, set = t.Elem(), 1
		}
	}
	name, ok := cellName(base)
	if !ok {
		return nil, false
	}
	info := reflectInfoOf(session, base)
	if info != nil {
		for _, m := range info.methods[set] {
			if !m.fn.IsValid() || m.fn.Kind() != reflect.Func || m.fn.IsNil() {
				panic(fmt.Sprintf("peerbook: the methods of type %s are not supported by reflect in cells: the method %s has a type a cell cannot write", name, m.name))
			}
		}
	}
	if info == nil {
		if base.Kind() == reflect.Struct || namedpool.Is(base) {
			// A type declared in a function has no methods.
			return nil, true
		}
		panic(fmt.Sprintf("peerbook: the methods of type %s are not known to reflect in cells", name))
	}
	return info.methods[set], true
}

// methodOf builds the reflect.Method of a registered method: its type takes the receiver
// first, as Go's Type.Method gives it.
func methodOf(m reflectMethod, i int) reflect.Method {
	return reflect.Method{Name: m.name, Type: m.fn.Type(), Func: m.fn, Index: i}
}

// ReflectTypeNumMethod is t.NumMethod() as Go answers for cell types.
func ReflectTypeNumMethod(session string, t reflect.Type) int {
	if ms, ok := methodSet(session, t); ok {
		return len(ms)
	}
	return t.NumMethod()
}

// ReflectTypeMethod is t.Method(i) as Go answers for cell types.
func ReflectTypeMethod(session string, t reflect.Type, i int) reflect.Method {
	if ms, ok := methodSet(session, t); ok {
		if i < 0 || i >= len(ms) {
			panic("reflect: Method index out of range")
		}
		return methodOf(ms[i], i)
	}
	return t.Method(i)
}

// ReflectTypeMethodByName is t.MethodByName(name) as Go answers for cell types.
func ReflectTypeMethodByName(session string, t reflect.Type, name string) (reflect.Method, bool) {
	if ms, ok := methodSet(session, t); ok {
		for i, m := range ms {
			if m.name == name {
				return methodOf(m, i), true
			}
		}
		return reflect.Method{}, false
	}
	return t.MethodByName(name)
}

// ReflectTypeImplements is t.Implements(u) as Go answers for cell types: the cell
// type's method set against the methods of the (compiled) interface u.
func ReflectTypeImplements(session string, t, u reflect.Type) bool {
	if u == nil {
		panic("reflect: nil type passed to Type.Implements")
	}
	refuseCellInterface(u, "reflect.Type.Implements")
	if u.Kind() != reflect.Interface {
		panic("reflect: non-interface type passed to Type.Implements")
	}
	ms, ok := methodSet(session, t)
	if !ok {
		return t.Implements(u)
	}
	for i := 0; i < u.NumMethod(); i++ {
		um := u.Method(i)
		if um.PkgPath != "" {
			return false // an unexported method of a compiled interface
		}
		found := false
		for _, m := range ms {
			if m.name == um.Name && sameSignatureAfterReceiver(m.fn.Type(), um.Type) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// sameSignatureAfterReceiver reports whether the function type f, without its first
// parameter (the receiver), is the function type g.
func sameSignatureAfterReceiver(f, g reflect.Type) bool {
	if f.NumIn() != g.NumIn()+1 || f.NumOut() != g.NumOut() || f.IsVariadic() != g.IsVariadic() {
		return false
	}
	for i := 0; i < g.NumIn(); i++ {
		if f.In(i+1) != g.In(i) {
			return false
		}
	}
	for i := 0; i < g.NumOut(); i++ {
		if f.Out(i) != g.Out(i) {
			return false
		}
	}
	return true
}

// ReflectTypeAssignableTo is t.AssignableTo(u) as Go answers for cell types.
func ReflectTypeAssignableTo(session string, t, u reflect.Type) bool {
	if u != nil && u.Kind() == reflect.Interface {
		if _, ok := methodSet(session, t); ok {
			return ReflectTypeImplements(session, t, u)
		}
	}
	refuseCellInterface(u, "reflect.Type.AssignableTo")
	return t.AssignableTo(u)
}

// ReflectTypeConvertibleTo is t.ConvertibleTo(u) as Go answers for cell types.
func ReflectTypeConvertibleTo(session string, t, u reflect.Type) bool {
	if u != nil && u.Kind() == reflect.Interface {
		if _, ok := methodSet(session, t); ok {
			return ReflectTypeImplements(session, t, u)
		}
	}
	refuseCellInterface(u, "reflect.Type.ConvertibleTo")
	return t.ConvertibleTo(u)
}

// valueMethodSet is methodSet for the type of v (an interface's dynamic value for an
// interface value).
func valueMethodSet(session string, v reflect.Value) ([]reflectMethod, bool) {
	if !v.IsValid() {
		panic(&reflect.ValueError{Method: "reflect.Value.Method", Kind: reflect.Invalid})
	}
	return methodSet(session, v.Type())
}

// ReflectValueNumMethod is v.NumMethod() as Go answers for cell types.
func ReflectValueNumMethod(session string, v reflect.Value) int {
	if ms, ok := valueMethodSet(session, v); ok {
		return len(ms)
	}
	return v.NumMethod()
}

// ReflectValueMethod is v.Method(i) as Go answers for cell types: the method bound to v.
func ReflectValueMethod(session string, v reflect.Value, i int) reflect.Value {
	if ms, ok := valueMethodSet(session, v); ok {
		if i < 0 || i >= len(ms) {
			panic("reflect: Method index out of range")
		}
		return boundMethod(v, ms[i])
	}
	return v.Method(i)
}

// ReflectValueMethodByName is v.MethodByName(name) as Go answers for cell types.
func ReflectValueMethodByName(session string, v reflect.Value, name string) reflect.Value {
	if ms, ok := valueMethodSet(session, v); ok {
		for _, m := range ms {
			if m.name == name {
				return boundMethod(v, m)
			}
		}
		return reflect.Value{}
	}
	return v.MethodByName(name)
}

// boundMethod is the method m bound to the receiver v: a function of the method's
// parameters that calls the interpreted method.
func boundMethod(v reflect.Value, m reflectMethod) reflect.Value {
	if v.Kind() != reflect.Interface && !v.CanInterface() {
		panic("reflect: " + m.name + " of unexported field") // Go: a method of a value read through an unexported field cannot be called
	}
	ft := m.fn.Type()
	in := make([]reflect.Type, ft.NumIn()-1)
	for i := range in {
		in[i] = ft.In(i + 1)
	}
	out := make([]reflect.Type, ft.NumOut())
	for i := range out {
		out[i] = ft.Out(i)
	}
	recv := v
	return reflect.MakeFunc(reflect.FuncOf(in, out, ft.IsVariadic()), func(args []reflect.Value) []reflect.Value {
		all := append([]reflect.Value{recv}, args...)
		if ft.IsVariadic() {
			return m.fn.CallSlice(all)
		}
		return m.fn.Call(all)
	})
}
