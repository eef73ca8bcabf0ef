package rt

import (
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
