package rt

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
)

// yaegi keeps a value of an interface type a cell declares (type Shape interface{...})
// as an interp.valueInterface, a struct without exported fields: encoding/json would
// write {} for it. JSONValue gives json.Marshal, MarshalIndent and Encoder.Encode a
// copy of their operand where those are replaced by the values they hold, in types
// built to match (a []Shape becomes a []any, a struct field of type Shape an any).

var anyType = reflect.TypeFor[any]()

var jsonTypes = struct {
	sync.Mutex
	conv   map[reflect.Type]reflect.Type // type -> the type of its copy (itself if none)
	fields map[reflect.Type][]int        // struct copy type -> source field indexes
	busy   map[reflect.Type]bool         // types being converted (recursive types)
}{conv: map[reflect.Type]reflect.Type{}, fields: map[reflect.Type][]int{}, busy: map[reflect.Type]bool{}}

// JSONValue returns v, or a copy of it that encoding/json can encode when v holds
// values of interface types declared in cells.
func JSONValue(v any) any {
	if v == nil {
		return nil
	}
	rv := reflect.ValueOf(v)
	jsonTypes.Lock()
	target := jsonConvType(rv.Type())
	jsonTypes.Unlock()
	if target == rv.Type() && !jsonDeep(rv.Type()) {
		return v
	}
	out := jsonConvert(rv, target, 0)
	if !out.IsValid() || !out.CanInterface() {
		return nil
	}
	return out.Interface()
}

var (
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// jsonConvType is the type of t's copy: interfaces (and yaegi's valueInterface) become
// any, containers and structs holding them are rebuilt. Called with jsonTypes held.
func jsonConvType(t reflect.Type) reflect.Type {
	if c, ok := jsonTypes.conv[t]; ok {
		return c
	}
	if t.String() == valueInterfaceName || t.Kind() == reflect.Interface {
		return anyType
	}
	if t.Implements(jsonMarshalerType) || t.Implements(textMarshalerType) ||
		reflect.PointerTo(t).Implements(jsonMarshalerType) || reflect.PointerTo(t).Implements(textMarshalerType) {
		jsonTypes.conv[t] = t
		return t
	}
	if jsonTypes.busy[t] {
		// A recursive type: its copy would have to refer to itself, which reflect
		// cannot build. It is kept when it holds no interface (see below).
		return t
	}
	jsonTypes.busy[t] = true
	defer delete(jsonTypes.busy, t)
	c := t
	switch t.Kind() {
	case reflect.Pointer:
		if e := jsonConvType(t.Elem()); e != t.Elem() {
			c = reflect.PointerTo(e)
		}
	case reflect.Slice:
		if e := jsonConvType(t.Elem()); e != t.Elem() {
			c = reflect.SliceOf(e)
		}
	case reflect.Array:
		if e := jsonConvType(t.Elem()); e != t.Elem() {
			c = reflect.ArrayOf(t.Len(), e)
		}
	case reflect.Map:
		if e := jsonConvType(t.Elem()); e != t.Elem() {
			c = reflect.MapOf(t.Key(), e)
		}
	case reflect.Struct:
		var fields []reflect.StructField
		var index []int
		changed := false
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() && !f.Anonymous {
				changed = true // encoding/json skips it: the copy leaves it out
				continue
			}
			if !f.IsExported() {
				return jsonRefuse(t, "an unexported embedded field")
			}
			if ft := jsonConvType(f.Type); ft != f.Type {
				if f.Anonymous {
					return jsonRefuse(t, "an embedded field holding an interface")
				}
				f.Type, changed = ft, true
			}
			f.Index, f.Offset = nil, 0
			fields = append(fields, f)
			index = append(index, i)
		}
		if changed && jsonHolds(t, false, map[reflect.Type]bool{}) {
			c = reflect.StructOf(fields)
			jsonTypes.fields[c] = index
		}
	}
	if c != t && jsonRecursive(t) {
		if jsonHolds(t, true, map[reflect.Type]bool{}) {
			return jsonRefuse(t, "a recursive type holding an interface declared in a cell")
		}
		c = t // compiled interfaces only: encoded as they are
	}
	jsonTypes.conv[t] = c
	return c
}

// jsonHolds reports whether t holds an interface (a copy is needed, not only for
// unexported fields), or with cellOnly an interface type declared in a cell.
func jsonHolds(t reflect.Type, cellOnly bool, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Interface:
		return !cellOnly
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return jsonHolds(t.Elem(), cellOnly, seen)
	case reflect.Struct:
		if t.String() == valueInterfaceName {
			return true
		}
		for i := 0; i < t.NumField(); i++ {
			if f := t.Field(i); (f.IsExported() || f.Anonymous) && jsonHolds(f.Type, cellOnly, seen) {
				return true
			}
		}
	}
	return false
}

// jsonDeep reports whether values of t must be walked: t holds interfaces (whose values
// may be yaegi's) and encodes itself through no marshaling method.
func jsonDeep(t reflect.Type) bool {
	if t.Kind() == reflect.Interface || t.String() == valueInterfaceName {
		return true
	}
	if t.Implements(jsonMarshalerType) || t.Implements(textMarshalerType) ||
		reflect.PointerTo(t).Implements(jsonMarshalerType) || reflect.PointerTo(t).Implements(textMarshalerType) {
		return false
	}
	return jsonHolds(t, false, map[reflect.Type]bool{})
}

// jsonRecursive reports whether t refers to itself.
func jsonRecursive(t reflect.Type) bool {
	var walk func(u reflect.Type, seen map[reflect.Type]bool) bool
	walk = func(u reflect.Type, seen map[reflect.Type]bool) bool {
		if seen[u] {
			return u == t
		}
		seen[u] = true
		switch u.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			return walk(u.Elem(), seen)
		case reflect.Struct:
			for i := 0; i < u.NumField(); i++ {
				if walk(u.Field(i).Type, seen) {
					return true
				}
			}
		}
		return false
	}
	seen := map[reflect.Type]bool{}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return walk(t.Elem(), seen)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if walk(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}

func jsonRefuse(t reflect.Type, why string) reflect.Type {
	panic(fmt.Sprintf("peerbook: encoding a %s holding an interface type declared in a cell to JSON is not supported in cells: %s", t.Kind(), why))
}

// jsonConvert copies v into a value of type target (jsonConvType of v's type).
func jsonConvert(v reflect.Value, target reflect.Type, depth int) reflect.Value {
	if depth > 1000 {
		panic("peerbook: encoding a value to JSON nested more than 1000 deep is not supported in cells (a cycle?)")
	}
	if !v.IsValid() {
		return reflect.Zero(target)
	}
	if v.Type().String() == valueInterfaceName || v.Kind() == reflect.Interface {
		inner := unwrapInterp(v)
		if !inner.IsValid() {
			return reflect.Zero(target)
		}
		jsonTypes.Lock()
		it := jsonConvType(inner.Type())
		jsonTypes.Unlock()
		out := reflect.New(target).Elem()
		out.Set(jsonConvert(inner, it, depth+1))
		return out
	}
	if v.Type() == target && !jsonDeep(target) {
		return v
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return reflect.Zero(target)
		}
		p := reflect.New(target.Elem())
		p.Elem().Set(jsonConvert(v.Elem(), target.Elem(), depth+1))
		return p
	case reflect.Slice:
		if v.IsNil() {
			return reflect.Zero(target)
		}
		s := reflect.MakeSlice(target, v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			s.Index(i).Set(jsonConvert(v.Index(i), target.Elem(), depth+1))
		}
		return s
	case reflect.Array:
		a := reflect.New(target).Elem()
		for i := 0; i < v.Len(); i++ {
			a.Index(i).Set(jsonConvert(v.Index(i), target.Elem(), depth+1))
		}
		return a
	case reflect.Map:
		if v.IsNil() {
			return reflect.Zero(target)
		}
		m := reflect.MakeMapWithSize(target, v.Len())
		it := v.MapRange()
		for it.Next() {
			m.SetMapIndex(it.Key(), jsonConvert(it.Value(), target.Elem(), depth+1))
		}
		return m
	case reflect.Struct:
		s := reflect.New(target).Elem()
		if v.Type() == target {
			// Same type: interface fields may hold values to replace.
			s.Set(v)
			for i := 0; i < target.NumField(); i++ {
				if f := target.Field(i); f.IsExported() && jsonDeep(f.Type) {
					s.Field(i).Set(jsonConvert(v.Field(i), f.Type, depth+1))
				}
			}
			return s
		}
		jsonTypes.Lock()
		index := jsonTypes.fields[target]
		jsonTypes.Unlock()
		for i, src := range index {
			s.Field(i).Set(jsonConvert(v.Field(src), target.Field(i).Type, depth+1))
		}
		return s
	}
	return v
}
