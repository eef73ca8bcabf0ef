package rt

import (
	"fmt"
	"reflect"
	"strings"
)

// The fields of cell struct types through reflect (see reflect.go): Go names, tags,
// promotion through embedded structs, read-only unexported fields.

// structInfo returns the registered description of a cell struct type, nil for a
// struct type that is not a cell's. It panics for a cell struct type the session did
// not register (a type declared in a function): the Go names of its fields are unknown.
func structInfo(session string, t reflect.Type, what string) *reflectInfo {
	name, ok := cellName(t)
	if !ok || t.Kind() != reflect.Struct {
		return nil
	}
	info := reflectInfoOf(session, t)
	if info == nil || len(info.fields) != t.NumField() || len(info.embedded) != t.NumField() || len(info.tags) != t.NumField() {
		panic(fmt.Sprintf("peerbook: %s of type %s is not supported in cells: the fields of a struct type declared in a function are not known to reflect (declare the type at the top level of a cell)", what, name))
	}
	return info
}

// ReflectTypeField is t.Field(i) as Go answers for cell struct types: the field's Go
// name, PkgPath "main" for an unexported one, Anonymous for an embedded one, the tag
// as the cell wrote it.
func ReflectTypeField(session string, t reflect.Type, i int) reflect.StructField {
	if t != nil && t.Kind() != reflect.Struct {
		panic("reflect: Field of non-struct type " + goTypeName(t))
	}
	refuseCellInterface(t, "reflect.Type.Field")
	f := t.Field(i)
	info := structInfo(session, t, "reflect.Type.Field")
	if info == nil {
		return f
	}
	f.Name = info.fields[i]
	f.Anonymous = info.embedded[i]
	f.PkgPath = ""
	if !isExported(f.Name) {
		f.PkgPath = "main"
	}
	f.Tag = reflect.StructTag(info.tags[i])
	return f
}

func isExported(name string) bool {
	return name != "" && strings.ToUpper(name[:1]) == name[:1] && strings.ToLower(name[:1]) != name[:1]
}

// ReflectTypeFieldByIndex is t.FieldByIndex(index) as Go answers for cell types.
func ReflectTypeFieldByIndex(session string, t reflect.Type, index []int) reflect.StructField {
	var f reflect.StructField
	for depth, i := range index {
		if depth > 0 {
			if t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct {
				t = t.Elem()
			}
		}
		f = ReflectTypeField(session, t, i)
		t = f.Type
	}
	return f
}

// ReflectTypeFieldByName is t.FieldByName(name) as Go answers for cell types.
func ReflectTypeFieldByName(session string, t reflect.Type, name string) (reflect.StructField, bool) {
	if t.Kind() != reflect.Struct {
		panic("reflect: FieldByName of non-struct type " + goTypeName(t))
	}
	return fieldByNameFunc(session, t, func(s string) bool { return s == name })
}

// ReflectTypeFieldByNameFunc is t.FieldByNameFunc(match) as Go answers for cell types.
func ReflectTypeFieldByNameFunc(session string, t reflect.Type, match func(string) bool) (reflect.StructField, bool) {
	if t.Kind() != reflect.Struct {
		panic("reflect: FieldByNameFunc of non-struct type " + goTypeName(t))
	}
	return fieldByNameFunc(session, t, match)
}

// fieldByNameFunc is reflect's breadth-first search of a struct and its embedded
// structs for a field name, over the fields as Go sees them: the shallowest depth with
// a match decides, and two matches there mean none.
func fieldByNameFunc(session string, t reflect.Type, match func(string) bool) (reflect.StructField, bool) {
	type scan struct {
		typ   reflect.Type
		index []int
	}
	current := []scan{}
	next := []scan{{typ: t}}
	var nextCount map[reflect.Type]int
	visited := map[reflect.Type]bool{}
	for len(next) > 0 {
		current, next = next, current[:0]
		count := nextCount
		nextCount = nil
		var result reflect.StructField
		found := false
		for _, sc := range current {
			st := sc.typ
			if visited[st] {
				continue
			}
			visited[st] = true
			for i := 0; i < st.NumField(); i++ {
				f := ReflectTypeField(session, st, i)
				var ntyp reflect.Type
				fname := f.Name
				if f.Anonymous {
					ntyp = f.Type
					if ntyp.Kind() == reflect.Pointer {
						ntyp = ntyp.Elem()
					}
				}
				if match(fname) {
					if count[st] > 1 || found {
						return reflect.StructField{}, false
					}
					result = f
					result.Index = append(append([]int(nil), sc.index...), i)
					found = true
					continue
				}
				if found || ntyp == nil || ntyp.Kind() != reflect.Struct {
					continue
				}
				if nextCount[ntyp] > 0 {
					nextCount[ntyp] = 2
					continue
				}
				if nextCount == nil {
					nextCount = map[reflect.Type]int{}
				}
				nextCount[ntyp] = 1
				if count[st] > 1 {
					nextCount[ntyp] = 2
				}
				next = append(next, scan{typ: ntyp, index: append(append([]int(nil), sc.index...), i)})
			}
		}
		if found {
			return result, true
		}
	}
	return reflect.StructField{}, false
}

// ReflectVisibleFields is reflect.VisibleFields(t) as Go answers for cell types.
func ReflectVisibleFields(session string, t reflect.Type) []reflect.StructField {
	if t == nil {
		panic("reflect: VisibleFields(nil)")
	}
	if t.Kind() != reflect.Struct {
		panic("reflect.VisibleFields of non-struct type " + goTypeName(t))
	}
	type entry struct {
		f     reflect.StructField
		depth int
	}
	var all []entry
	visiting := map[reflect.Type]bool{}
	var walk func(t reflect.Type, index []int, depth int)
	walk = func(t reflect.Type, index []int, depth int) {
		if visiting[t] {
			return
		}
		visiting[t] = true
		defer delete(visiting, t)
		for i := 0; i < t.NumField(); i++ {
			f := ReflectTypeField(session, t, i)
			f.Index = append(append([]int(nil), index...), i)
			all = append(all, entry{f, depth})
			if f.Anonymous {
				ft := f.Type
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() == reflect.Struct {
					walk(ft, f.Index, depth+1)
				}
			}
		}
	}
	walk(t, nil, 0)
	minDepth := map[string]int{}
	atMin := map[string]int{}
	for _, e := range all {
		d, ok := minDepth[e.f.Name]
		switch {
		case !ok || e.depth < d:
			minDepth[e.f.Name] = e.depth
			atMin[e.f.Name] = 1
		case e.depth == d:
			atMin[e.f.Name]++
		}
	}
	var out []reflect.StructField
	for _, e := range all {
		if e.depth == minDepth[e.f.Name] && atMin[e.f.Name] == 1 {
			out = append(out, e.f)
		}
	}
	return out
}

// readOnlyField returns the field value f as Go gives a field that is unexported: it
// reads, but cannot be set or interfaced. An addressable field stays addressable.
func readOnlyField(f reflect.Value) reflect.Value {
	if f.CanAddr() {
		return reflect.ValueOf(roBox{f.Addr().Interface()}).Field(0).Elem().Elem()
	}
	if !f.CanInterface() {
		return f
	}
	return reflect.ValueOf(roBox{f.Interface()}).Field(0).Elem()
}

// ReflectValueElem is v.Elem() as Go answers: for an interface value holding a value of
// a cell type, the value itself, not the interpreter's wrapper of it
// (interp.valueInterface, stdlib._fmt_Stringer), as yaegi stores such values in []any,
// map[string]any and fields of type any.
func ReflectValueElem(session string, v reflect.Value) reflect.Value {
	e := v.Elem()
	if v.Kind() != reflect.Interface {
		return e
	}
	e = heldValue(e)
	if e.IsValid() && v.CanInterface() && e.CanInterface() {
		// A fresh value, as Go's Elem of an interface gives: not addressable.
		e = reflect.ValueOf(e.Interface())
	}
	return e
}

// heldValue takes off the interpreter's wrappers of a value held in an interface:
// interp.valueInterface, the stdlib wrappers of compiled interfaces (stdlib._fmt_Stringer)
// and the boxed errors of errors.go. It returns the invalid Value for a nil interface.
func heldValue(v reflect.Value) reflect.Value {
	for v.IsValid() {
		if v.Kind() == reflect.Interface {
			if v.IsNil() {
				return reflect.Value{}
			}
			v = v.Elem()
			continue
		}
		if isCellInterface(v.Type()) {
			v, _ = valueInterfaceParts(v)
			continue
		}
		if inner, _, ok := heldByWrapper(v); ok {
			v = inner
			continue
		}
		if v.CanInterface() {
			if b, ok := v.Interface().(interface{ box() boxedError }); ok {
				v = reflect.ValueOf(b.box().v)
				continue
			}
		}
		break
	}
	return v
}

// ReflectValueField is v.Field(i) as Go answers for cell struct types: an unexported
// field can be read but not set nor interfaced.
func ReflectValueField(session string, v reflect.Value, i int) reflect.Value {
	f := v.Field(i)
	if v.Kind() != reflect.Struct {
		return f
	}
	info := structInfo(session, v.Type(), "reflect.Value.Field")
	if info == nil || isExported(info.fields[i]) {
		return f
	}
	return readOnlyField(f)
}

// ReflectValueFieldByIndex is v.FieldByIndex(index) as Go answers for cell types.
func ReflectValueFieldByIndex(session string, v reflect.Value, index []int) reflect.Value {
	if len(index) == 1 {
		return ReflectValueField(session, v, index[0])
	}
	if v.Kind() != reflect.Struct {
		panic(&reflect.ValueError{Method: "reflect.Value.FieldByIndex", Kind: v.Kind()})
	}
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer && v.Type().Elem().Kind() == reflect.Struct {
			if v.IsNil() {
				panic("reflect: indirection through nil pointer to embedded struct")
			}
			v = v.Elem()
		}
		v = ReflectValueField(session, v, x)
	}
	return v
}

// ReflectValueFieldByIndexErr is v.FieldByIndexErr(index) as Go answers for cell types.
func ReflectValueFieldByIndexErr(session string, v reflect.Value, index []int) (reflect.Value, error) {
	if len(index) == 1 {
		return ReflectValueField(session, v, index[0]), nil
	}
	if v.Kind() != reflect.Struct {
		panic(&reflect.ValueError{Method: "reflect.Value.FieldByIndexErr", Kind: v.Kind()})
	}
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer && v.Type().Elem().Kind() == reflect.Struct {
			if v.IsNil() {
				return reflect.Value{}, fmt.Errorf("reflect: indirection through nil pointer to embedded struct field %s", ReflectTypeName(session, v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = ReflectValueField(session, v, x)
	}
	return v, nil
}

// ReflectValueFieldByName is v.FieldByName(name) as Go answers for cell types.
func ReflectValueFieldByName(session string, v reflect.Value, name string) reflect.Value {
	if v.Kind() != reflect.Struct {
		panic(&reflect.ValueError{Method: "reflect.Value.FieldByName", Kind: v.Kind()})
	}
	if f, ok := ReflectTypeFieldByName(session, v.Type(), name); ok {
		return ReflectValueFieldByIndex(session, v, f.Index)
	}
	return reflect.Value{}
}

// ReflectValueFieldByNameFunc is v.FieldByNameFunc(match) as Go answers for cell types.
func ReflectValueFieldByNameFunc(session string, v reflect.Value, match func(string) bool) reflect.Value {
	if v.Kind() != reflect.Struct {
		panic(&reflect.ValueError{Method: "reflect.Value.FieldByNameFunc", Kind: v.Kind()})
	}
	if f, ok := ReflectTypeFieldByNameFunc(session, v.Type(), match); ok {
		return ReflectValueFieldByIndex(session, v, f.Index)
	}
	return reflect.Value{}
}
