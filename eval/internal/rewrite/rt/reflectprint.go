package rt

import (
	"fmt"
	"reflect"
	"strings"
)

// Printing reflect values in cells (see reflect.go): types with Go's names, values as
// fmt prints them.

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
		return lookupFor(session, name, t)
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

// Sprint is fmt.Sprint(v) as a cell that printed v would write it, for a value a cell
// produced (its last expression, which the notebook shows): the methods of the session's
// types (String, Error, Format) are called and its field names are Go's, where the
// compiled fmt would not see them (a []Money whose Money has a Format method, a
// map[string]S whose S has a String method). ok is false where fmt prints v as it is.
// A value the printer refuses (a panic naming the limit) is err.
func Sprint(v any, session string) (s string, ok bool, err error) {
	rv := reflect.ValueOf(v)
	if inner, _, wrapped := heldByWrapper(rv); wrapped {
		rv = inner
	}
	dv, t := dynamic(rv, session)
	if t == nil && dv.IsValid() {
		t = describe(session, dv.Type(), 0)
	}
	if t == nil || !dv.IsValid() {
		return "", false, nil
	}
	defer func() {
		if r := recover(); r != nil {
			if isProgramExit(r) {
				panic(r)
			}
			s, ok, err = "", false, fmt.Errorf("%v", r)
		}
	}()
	// Printed here rather than through fmt.Sprint, which would turn a refusal (a panic)
	// into text.
	var st textState
	p := &printer{st: &st, verb: 'v'}
	p.flags()
	p.value(dv, t, 0)
	return st.String(), true, nil
}

// textState is the fmt.State of Sprint: %v without flags, width or precision.
type textState struct{ strings.Builder }

func (*textState) Width() (int, bool)     { return 0, false }
func (*textState) Precision() (int, bool) { return 0, false }
func (*textState) Flag(int) bool          { return false }
