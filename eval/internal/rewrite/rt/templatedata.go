package rt

import (
	"fmt"
	"reflect"
	"strings"
)

// TemplateData is the data argument of a template's Execute or ExecuteTemplate in a cell
// when its static type holds an interface (map[string]any, []any, a field of type any),
// so that the rewriter could not tell at compile time what it holds. text/template and
// html/template read the data by reflection and do not see the methods of types declared
// in cells: a value of such a type with methods, held in one of those interfaces, reaches
// them as the interpreter's wrapper (printed {node:… value:…}) or as a plain struct
// without its methods (a *Person in an []any printed as an address, its String method
// not called). The rewriter names the session's types with methods in withMethods
// (comma separated). TemplateData walks what data holds and panics with a peerbook error
// naming the type when it finds a value of one of them, or one the interpreter wrapped;
// other data it returns as it is.
func TemplateData(data any, withMethods string) any {
	w := dataWalker{seen: map[visit]bool{}, methods: map[string]bool{}}
	for _, n := range strings.Split(withMethods, ",") {
		if n != "" {
			w.methods[n] = true
		}
	}
	if name, ok := w.find(reflect.ValueOf(data)); ok {
		panic(fmt.Sprintf("peerbook: executing a template on data holding a value of %s is not supported in cells: templates do not see the methods of types declared in cells (a String method would not be called, a method used in the template would fail as a missing field)", typeText(name)))
	}
	return data
}

// visit is a pointer, map or slice already walked, with its type (a struct and its
// first field share an address).
type visit struct {
	ptr uintptr
	typ reflect.Type
}

type dataWalker struct {
	seen    map[visit]bool
	methods map[string]bool // names of the session's types with methods (Person)
}

// hasMethods reports whether the cell type named name ("main.Box[int]") has methods.
func (w dataWalker) hasMethods(name string) bool {
	name, _, _ = strings.Cut(name, "[")
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	return w.methods[name]
}

// find returns the name of the first cell type wrapped by the interpreter that v holds.
func (w dataWalker) find(v reflect.Value) (string, bool) {
	if !v.IsValid() {
		return "", false
	}
	if v.Type().String() == valueInterfaceName {
		_, name := valueInterfaceParts(v)
		if name == "" {
			name = "a type declared in a cell"
		}
		return name, true
	}
	if inner, _, ok := heldByWrapper(v); ok {
		if dv := unwrapInterp(inner); dv.IsValid() {
			return goTypeString(dv.Type()), true
		}
		return "a type declared in a cell", true
	}
	if name, ok := cellName(v.Type()); ok && w.hasMethods(name) {
		return name, true
	}
	if v.Kind() == reflect.Pointer {
		if name, ok := cellName(v.Type().Elem()); ok && w.hasMethods(name) {
			return "*" + name, true
		}
	}
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return "", false
		}
		return w.find(v.Elem())
	case reflect.Pointer:
		if v.IsNil() || w.visited(v) {
			return "", false
		}
		return w.find(v.Elem())
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if name, ok := w.find(v.Field(i)); ok {
				return name, true
			}
		}
	case reflect.Slice:
		if v.IsNil() || w.visited(v) {
			return "", false
		}
		fallthrough
	case reflect.Array:
		if !holdsInterface(v.Type().Elem()) {
			return "", false
		}
		for i := 0; i < v.Len(); i++ {
			if name, ok := w.find(v.Index(i)); ok {
				return name, true
			}
		}
	case reflect.Map:
		if v.IsNil() || w.visited(v) {
			return "", false
		}
		if !holdsInterface(v.Type().Key()) && !holdsInterface(v.Type().Elem()) {
			return "", false
		}
		it := v.MapRange()
		for it.Next() {
			if name, ok := w.find(it.Key()); ok {
				return name, true
			}
			if name, ok := w.find(it.Value()); ok {
				return name, true
			}
		}
	}
	return "", false
}

// visited reports whether the pointer, map or slice v was walked before, and marks it.
func (w dataWalker) visited(v reflect.Value) bool {
	k := visit{v.Pointer(), v.Type()}
	if w.seen[k] {
		return true
	}
	w.seen[k] = true
	return false
}

// holdsInterface reports whether values of type t may hold an interface value (an
// interface, or a pointer, struct, slice, array or map with one inside), where a wrapped
// cell value could hide.
func holdsInterface(t reflect.Type) bool {
	return holdsInterfaceSeen(t, map[reflect.Type]bool{})
}

func holdsInterfaceSeen(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return holdsInterfaceSeen(t.Elem(), seen)
	case reflect.Map:
		return holdsInterfaceSeen(t.Key(), seen) || holdsInterfaceSeen(t.Elem(), seen)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if holdsInterfaceSeen(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}
