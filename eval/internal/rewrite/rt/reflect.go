package rt

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/peerbook/peerbook/eval/internal/namedpool"
)

// reflect on values of cell types, answered as Go answers.
//
// The cell keeps the real reflect values (compiled code takes them as they are), but
// yaegi's reflect type of a cell type is not the type Go has: a struct type is an
// unnamed reflect.StructOf type whose first field's tag names it (`yaegi:"main.Point"`,
// PATCHES.md patch 5), with unexported fields renamed (age is Xage) and no methods; a
// named non-struct type is a pool type (namedpool.Float64_3, patch 53). The rewriter
// sends the cells' calls of the methods of reflect.Type and reflect.Value that would
// show this (Name, String, PkgPath, Field, FieldByName, Method, Implements...) to the
// functions below, which answer for cell types from what the cell registered of them
// (RegisterReflect: the Go names of the fields, the exported methods) and pass others
// on to reflect.

// The functions of this file join Symbols (kept apart from symbols.go's list).
func init() {
	for name, v := range map[string]reflect.Value{
		"RegisterReflect":             reflect.ValueOf(RegisterReflect),
		"ReflectTypeName":             reflect.ValueOf(ReflectTypeName),
		"ReflectTypeString":           reflect.ValueOf(ReflectTypeString),
		"ReflectTypePkgPath":          reflect.ValueOf(ReflectTypePkgPath),
		"ReflectTypeField":            reflect.ValueOf(ReflectTypeField),
		"ReflectTypeFieldByIndex":     reflect.ValueOf(ReflectTypeFieldByIndex),
		"ReflectTypeFieldByName":      reflect.ValueOf(ReflectTypeFieldByName),
		"ReflectTypeFieldByNameFunc":  reflect.ValueOf(ReflectTypeFieldByNameFunc),
		"ReflectTypeNumMethod":        reflect.ValueOf(ReflectTypeNumMethod),
		"ReflectTypeMethod":           reflect.ValueOf(ReflectTypeMethod),
		"ReflectTypeMethodByName":     reflect.ValueOf(ReflectTypeMethodByName),
		"ReflectTypeImplements":       reflect.ValueOf(ReflectTypeImplements),
		"ReflectTypeAssignableTo":     reflect.ValueOf(ReflectTypeAssignableTo),
		"ReflectTypeConvertibleTo":    reflect.ValueOf(ReflectTypeConvertibleTo),
		"ReflectVisibleFields":        reflect.ValueOf(ReflectVisibleFields),
		"ReflectTypeKind":             reflect.ValueOf(ReflectTypeKind),
		"ReflectValueKind":            reflect.ValueOf(ReflectValueKind),
		"ReflectValueElem":            reflect.ValueOf(ReflectValueElem),
		"ReflectValueField":           reflect.ValueOf(ReflectValueField),
		"ReflectValueFieldByIndex":    reflect.ValueOf(ReflectValueFieldByIndex),
		"ReflectValueFieldByIndexErr": reflect.ValueOf(ReflectValueFieldByIndexErr),
		"ReflectValueFieldByName":     reflect.ValueOf(ReflectValueFieldByName),
		"ReflectValueFieldByNameFunc": reflect.ValueOf(ReflectValueFieldByNameFunc),
		"ReflectValueNumMethod":       reflect.ValueOf(ReflectValueNumMethod),
		"ReflectValueMethod":          reflect.ValueOf(ReflectValueMethod),
		"ReflectValueMethodByName":    reflect.ValueOf(ReflectValueMethodByName),
		"ReflectValueString":          reflect.ValueOf(ReflectValueString),
		"ReflectDataShown":            reflect.ValueOf(ReflectDataShown),
		"ReflectTypeText":             reflect.ValueOf(ReflectTypeText),
		"ReflectValueShown":           reflect.ValueOf(ReflectValueShown),
	} {
		Symbols[ImportPath+"/rt"][name] = v
	}
}

// reflectInfo is what a session registered of one of its types.
type reflectInfo struct {
	name     string   // main.Point
	fields   []string // Go names of the struct's fields, in order
	embedded []bool   // whether each field is embedded
	tags     []string // the fields' tags as the cell wrote them
	methods  [2][]reflectMethod
}

// reflectMethod is an exported method of a cell type's method set (value or pointer),
// as a function taking the receiver first.
type reflectMethod struct {
	name string
	fn   reflect.Value
}

var reflectRegistry = struct {
	sync.RWMutex
	bySession map[string]map[reflect.Type]*reflectInfo
}{bySession: map[string]map[reflect.Type]*reflectInfo{}}

// RegisterReflect records, for reflect in the cells of a session, a named type a cell
// declares: its name (main.Point), a zero value (for yaegi's reflect type of it), the
// Go names of its fields, whether each is embedded and their tags as written (for a
// struct: yaegi's carry its identity key, the rewriter's json:"-"), and its exported
// methods, sorted by name, for the value (vnames, vfuncs) and for the pointer (pnames,
// pfuncs), each as a function taking the receiver first.
func RegisterReflect(session, name string, zero any, fields []string, embedded []bool, tags []string, vnames []string, vfuncs []any, pnames []string, pfuncs []any) {
	z := unwrapInterp(reflect.ValueOf(zero))
	if !z.IsValid() {
		return
	}
	info := &reflectInfo{name: name, fields: fields, embedded: embedded, tags: tags}
	for i, set := range []struct {
		names []string
		funcs []any
	}{{vnames, vfuncs}, {pnames, pfuncs}} {
		for j, n := range set.names {
			if j < len(set.funcs) {
				info.methods[i] = append(info.methods[i], reflectMethod{name: n, fn: reflect.ValueOf(set.funcs[j])})
			}
		}
	}
	reflectRegistry.Lock()
	defer reflectRegistry.Unlock()
	m := reflectRegistry.bySession[session]
	if m == nil {
		m = map[reflect.Type]*reflectInfo{}
		reflectRegistry.bySession[session] = m
	}
	m[z.Type()] = info
}

// forgetReflect drops what a session registered.
func forgetReflect(session string) {
	reflectRegistry.Lock()
	defer reflectRegistry.Unlock()
	delete(reflectRegistry.bySession, session)
}

func reflectInfoOf(session string, t reflect.Type) *reflectInfo {
	if t == nil {
		return nil
	}
	reflectRegistry.RLock()
	defer reflectRegistry.RUnlock()
	return reflectRegistry.bySession[session][t]
}

// cellName returns the Go name of a cell type's reflect type (main.Point) and true, or
// false for a type that is not a cell's named type.
func cellName(t reflect.Type) (string, bool) {
	if t == nil {
		return "", false
	}
	if name, ok := namedpool.Name(t); ok {
		return name, true
	}
	if t.Kind() == reflect.Struct && t.Name() == "" && t.NumField() > 0 {
		if name, ok := t.Field(0).Tag.Lookup("yaegi"); ok {
			if strings.HasPrefix(name, ".") {
				name = "main" + name // a type declared in a function
			}
			return name, true
		}
	}
	return "", false
}

// isCellInterface reports whether t is yaegi's stand-in for an interface type declared
// in a cell: one struct type for all of them, with no name or methods of its own.
func isCellInterface(t reflect.Type) bool {
	return t != nil && t.String() == valueInterfaceName
}

// refuseCellInterface panics with a peerbook error where reflect would show yaegi's
// stand-in for an interface type declared in a cell.
func refuseCellInterface(t reflect.Type, what string) {
	if isCellInterface(t) {
		panic("peerbook: " + what + " of an interface type declared in a cell is not supported in cells: the interpreter has no reflect type for it (it would be a struct named interp.valueInterface)")
	}
}

// ReflectTypeName is t.Name() as Go answers for cell types.
func ReflectTypeName(session string, t reflect.Type) string {
	if name, ok := cellName(t); ok {
		// main.Point is Point, main.Pair[main.ID,int] is Pair[main.ID,int].
		base := name
		if i := strings.IndexByte(base, '['); i >= 0 {
			base = base[:i]
		}
		return name[strings.LastIndexByte(base, '.')+1:]
	}
	refuseCellInterface(t, "reflect.Type.Name")
	return t.Name()
}

// ReflectTypeKind is t.Kind(), refused for the interpreter's stand-in for interface types
// declared in cells (a struct where Go has an interface).
func ReflectTypeKind(session string, t reflect.Type) reflect.Kind {
	refuseCellInterface(t, "reflect.Type.Kind")
	return t.Kind()
}

// ReflectValueKind is v.Kind(), refused for a value of the interpreter's stand-in for
// interface types declared in cells (see ReflectTypeKind).
func ReflectValueKind(session string, v reflect.Value) reflect.Kind {
	if v.IsValid() {
		refuseCellInterface(v.Type(), "reflect.Value.Kind")
	}
	return v.Kind()
}

// ReflectTypeString is t.String() as Go answers for cell types.
func ReflectTypeString(session string, t reflect.Type) string {
	return goTypeName(t)
}

// ReflectTypePkgPath is t.PkgPath() as Go answers for cell types.
func ReflectTypePkgPath(session string, t reflect.Type) string {
	if _, ok := cellName(t); ok {
		return "main"
	}
	refuseCellInterface(t, "reflect.Type.PkgPath")
	return t.PkgPath()
}

// goTypeName is reflect's String of t with cell types written as Go writes them.
func goTypeName(t reflect.Type) string {
	if t == nil {
		return "<nil>"
	}
	if name, ok := cellName(t); ok {
		return name
	}
	refuseCellInterface(t, "the reflect type")
	if t.Name() != "" {
		return namedpool.TypeString(t)
	}
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + goTypeName(t.Elem())
	case reflect.Slice:
		return "[]" + goTypeName(t.Elem())
	case reflect.Array:
		return "[" + strconv.Itoa(t.Len()) + "]" + goTypeName(t.Elem())
	case reflect.Map:
		return "map[" + goTypeName(t.Key()) + "]" + goTypeName(t.Elem())
	case reflect.Chan:
		switch t.ChanDir() {
		case reflect.RecvDir:
			return "<-chan " + goTypeName(t.Elem())
		case reflect.SendDir:
			return "chan<- " + goTypeName(t.Elem())
		}
		if t.Elem().Kind() == reflect.Chan && t.Elem().ChanDir() == reflect.RecvDir {
			return "chan (" + goTypeName(t.Elem()) + ")"
		}
		return "chan " + goTypeName(t.Elem())
	case reflect.Func:
		var b strings.Builder
		b.WriteString("func(")
		for i := 0; i < t.NumIn(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			if t.IsVariadic() && i == t.NumIn()-1 {
				b.WriteString("..." + goTypeName(t.In(i).Elem()))
			} else {
				b.WriteString(goTypeName(t.In(i)))
			}
		}
		b.WriteString(")")
		switch t.NumOut() {
		case 0:
		case 1:
			b.WriteString(" " + goTypeName(t.Out(0)))
		default:
			b.WriteString(" (")
			for i := 0; i < t.NumOut(); i++ {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(goTypeName(t.Out(i)))
			}
			b.WriteString(")")
		}
		return b.String()
	case reflect.Struct:
		if t.NumField() == 0 {
			return "struct {}"
		}
		var b strings.Builder
		b.WriteString("struct { ")
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if i > 0 {
				b.WriteString("; ")
			}
			if !f.Anonymous {
				b.WriteString(f.Name + " ")
			}
			b.WriteString(goTypeName(f.Type))
			if f.Tag != "" {
				b.WriteString(" " + strconv.Quote(string(f.Tag)))
			}
		}
		b.WriteString(" }")
		return b.String()
	}
	return t.String()
}

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

// ReflectValueString is v.String() as Go answers for cell types: "<main.Celsius Value>"
// for a value that is not a string.
func ReflectValueString(session string, v reflect.Value) string {
	if !v.IsValid() {
		return "<invalid Value>"
	}
	if v.Kind() == reflect.String {
		return v.String()
	}
	return "<" + goTypeName(v.Type()) + " Value>"
}

// ReflectTypeText is a reflect.Type operand of a printing function: it prints the
// type's name as Go writes it (main.Point, not yaegi's struct type).
func ReflectTypeText(t reflect.Type) any {
	if t == nil {
		return nil
	}
	return reflectTypeText{t}
}

// reflectTypeText prints a reflect.Type as Go's fmt does, with cell types named as in Go.
type reflectTypeText struct{ t reflect.Type }

// Format implements fmt.Formatter: the verbs fmt applies to a type's String method
// print the Go name, others print the type as fmt would.
func (tt reflectTypeText) Format(f fmt.State, verb rune) {
	switch verb {
	case 'v', 's', 'q', 'x', 'X':
		if verb == 'v' && f.Flag('#') {
			break
		}
		fmt.Fprintf(f, fmt.FormatString(f, verb), goTypeName(tt.t))
		return
	}
	fmt.Fprintf(f, fmt.FormatString(f, verb), tt.t)
}

// String is the type's name as Go writes it.
func (tt reflectTypeText) String() string { return goTypeName(tt.t) }

// ReflectValueShown is a reflect.Value operand of a printing function: what fmt prints
// for it, the value it holds, printed as Go prints it (with the String methods and field
// names of cell types), or v itself when it cannot be interfaced (fmt prints those
// without methods).
func ReflectValueShown(session string, v reflect.Value) any {
	if !v.IsValid() || !v.CanInterface() {
		return v
	}
	if v.Kind() == reflect.Interface && !v.IsNil() && v.Elem().Kind() == reflect.Pointer && !v.Elem().IsNil() {
		// fmt prints the pointer an interface value holds as an address (it is one level
		// down), unless the pointer has a String or Error method, which it calls.
		if !hasPrintingMethod(v.Elem().Type()) {
			return asFmtPrints{v}
		}
	}
	if d := describe(session, v.Type(), 0); d != nil {
		return shown{v: v, t: d}
	}
	return v.Interface()
}

// describe makes the printer's description (format.go) of the reflect type t of a cell's
// value: its named cell types as the session registered them, composites of them, an
// interface's dynamic value; nil where fmt prints the value as it is.
func describe(session string, t reflect.Type, depth int) *Type {
	if depth > 8 {
		return nil
	}
	if name, ok := cellName(t); ok {
		return lookupName(session, name)
	}
	var elem *Type
	switch t.Kind() {
	case reflect.Interface:
		return &Type{Kind: Interface, Name: goTypeName(t), Session: session}
	case reflect.Pointer, reflect.Slice, reflect.Array:
		if elem = describe(session, t.Elem(), depth+1); elem == nil {
			return nil
		}
		kind := map[reflect.Kind]Kind{reflect.Pointer: Pointer, reflect.Slice: Slice, reflect.Array: Array}[t.Kind()]
		return &Type{Kind: kind, Name: goTypeName(t), Session: session, Elem: elem}
	case reflect.Map:
		key, el := describe(session, t.Key(), depth+1), describe(session, t.Elem(), depth+1)
		if key == nil && el == nil {
			return nil
		}
		if key == nil {
			key = &Type{Kind: Plain, Name: goTypeName(t.Key())}
		}
		if el == nil {
			el = &Type{Kind: Plain, Name: goTypeName(t.Elem())}
		}
		return &Type{Kind: Map, Name: goTypeName(t), Session: session, Key: key, Elem: el}
	}
	return nil
}

// heldReflectValue returns the reflect.Value that v holds (through interfaces), if any.
func heldReflectValue(v reflect.Value) (reflect.Value, bool) {
	for v.IsValid() && v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	if !v.IsValid() || v.Type() != reflectValueType || !v.CanInterface() {
		return reflect.Value{}, false
	}
	return v.Interface().(reflect.Value), true
}

// asFmtPrints is a reflect.Value that fmt prints itself, past the printer of cell values.
type asFmtPrints struct{ v reflect.Value }

// Format implements fmt.Formatter.
func (a asFmtPrints) Format(f fmt.State, verb rune) {
	fmt.Fprintf(f, fmt.FormatString(f, verb), a.v)
}

// hasPrintingMethod reports whether values of t have a String or Error method that fmt
// would call: the registered methods of a cell type, reflect's for others.
func hasPrintingMethod(t reflect.Type) bool {
	reflectRegistry.RLock()
	defer reflectRegistry.RUnlock()
	base, set := t, 0
	if t.Kind() == reflect.Pointer {
		base, set = t.Elem(), 1
	}
	if _, ok := cellName(base); ok {
		for _, infos := range reflectRegistry.bySession {
			if info := infos[base]; info != nil {
				for _, m := range info.methods[set] {
					if m.name == "String" || m.name == "Error" {
						return true
					}
				}
			}
		}
		return false
	}
	_, s := t.MethodByName("String")
	_, e := t.MethodByName("Error")
	return s || e
}

// ReflectDataShown is a reflect.StructField, reflect.Method, or a slice of them, operand
// of a printing function: a value that prints as fmt prints it (%v, %+v), with the Type
// fields written with Go's names.
func ReflectDataShown(x any) any {
	switch x := x.(type) {
	case reflect.StructField:
		return structFieldText{x.Name, x.PkgPath, reflectTypeText{x.Type}, x.Tag, x.Offset, x.Index, x.Anonymous}
	case reflect.Method:
		return methodText{x.Name, x.PkgPath, reflectTypeText{x.Type}, valueText{x.Func}, x.Index}
	case []reflect.StructField:
		if x == nil {
			return []structFieldText(nil)
		}
		out := make([]structFieldText, len(x))
		for i, f := range x {
			out[i] = ReflectDataShown(f).(structFieldText)
		}
		return out
	case []reflect.Method:
		if x == nil {
			return []methodText(nil)
		}
		out := make([]methodText, len(x))
		for i, m := range x {
			out[i] = ReflectDataShown(m).(methodText)
		}
		return out
	}
	return x
}

// structFieldText is a reflect.StructField as fmt prints it (the same fields, in order).
type structFieldText struct {
	Name      string
	PkgPath   string
	Type      reflectTypeText
	Tag       reflect.StructTag
	Offset    uintptr
	Index     []int
	Anonymous bool
}

// methodText is a reflect.Method as fmt prints it (the same fields, in order).
type methodText struct {
	Name    string
	PkgPath string
	Type    reflectTypeText
	Func    valueText
	Index   int
}

// valueText prints a reflect.Value as fmt prints a reflect.Value field: by its String
// method, with Go's type names.
type valueText struct{ v reflect.Value }

// String is v.String() with Go's type names.
func (t valueText) String() string { return ReflectValueString("", t.v) }
