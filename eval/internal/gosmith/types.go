package gosmith

import (
	"strconv"
	"strings"
)

// Kind is what a type is made of: a predeclared type, or a composite.
type Kind int

// The kinds of the generator's types. Named types have the kind of their underlying
// type and a Name.
const (
	KBool Kind = iota
	KInt
	KInt8
	KInt16
	KInt32
	KInt64
	KUint
	KUint8
	KUint16
	KUint32
	KUint64
	KFloat32
	KFloat64
	KString
	KSlice
	KArray
	KMap
	KPtr
	KStruct
	KIface
	KFunc
	KChan
	KParam  // a type parameter inside a generic function or type
	KOpaque // a value the generator only passes to its own methods (strings.Builder)
)

var basicNames = map[Kind]string{
	KBool: "bool", KInt: "int", KInt8: "int8", KInt16: "int16", KInt32: "int32", KInt64: "int64",
	KUint: "uint", KUint8: "uint8", KUint16: "uint16", KUint32: "uint32", KUint64: "uint64",
	KFloat32: "float32", KFloat64: "float64", KString: "string",
}

// bits is the size of an integer kind (int and uint are 64 bits on the platforms Go's
// reference runs on here).
func (k Kind) bits() int {
	switch k {
	case KInt8, KUint8:
		return 8
	case KInt16, KUint16:
		return 16
	case KInt32, KUint32, KFloat32:
		return 32
	}
	return 64
}

func (k Kind) isInt() bool      { return k >= KInt && k <= KUint64 }
func (k Kind) isSigned() bool   { return k >= KInt && k <= KInt64 }
func (k Kind) isUnsigned() bool { return k >= KUint && k <= KUint64 }
func (k Kind) isFloat() bool    { return k == KFloat32 || k == KFloat64 }
func (k Kind) isNumeric() bool  { return k.isInt() || k.isFloat() }
func (k Kind) isBasic() bool    { return k <= KString }

// Field is a struct field; Embedded fields are written by their type's name.
type Field struct {
	Name     string
	Type     *Type
	Embedded bool
}

// Method is a method of a named type or of an interface.
type Method struct {
	Name    string
	Params  []*Type
	Results []*Type
	PtrRecv bool    // declared on *T
	origin  *Method // an instance's method: the generic type's
}

// Constraint is what a type parameter allows.
type Constraint struct {
	Name    string // how it is written ("any", "comparable", "Number", "cmp.Ordered")
	Kinds   []Kind // the union of underlying kinds (~k); nil: any type
	Compare bool   // == and != allowed
	Order   bool   // < <= > >= allowed
	Arith   bool   // + - * allowed
	Ints    bool   // every kind is an integer: % & | ^ << >> allowed
	Methods []*Method
}

// Type is a Go type of a generated program.
type Type struct {
	Kind    Kind
	Name    string // named types: the declared name (with type arguments for an instance)
	Elem    *Type  // slice, array, pointer, map value, chan
	Key     *Type  // map key
	Len     int    // array length
	Fields  []Field
	Methods []*Method // named types and interfaces
	Params  []*Type   // func
	Results []*Type   // func
	Cons    *Constraint
	// Generic is the generic type an instance was made from, and Args its type arguments.
	Generic *GenericType
	Args    []*Type
	// MayHoldPointer marks an empty interface whose values came out of a named interface
	// (`x, ok := v.(any)`): it may hold a pointer, which fmt prints as an address, one
	// that differs from run to run, so values of it are not printed.
	MayHoldPointer bool
}

// GenericType is a generic type declaration: type Name[P C] struct{...}.
type GenericType struct {
	Name   string
	Param  *Type // the type parameter, kind KParam
	Make   func(arg *Type) *Type
	Insts  map[string]*Type
	Fields []Field // written with Param
}

var basics = func() map[Kind]*Type {
	m := map[Kind]*Type{}
	for k := range basicNames {
		m[k] = &Type{Kind: k}
	}
	return m
}()

// Basic returns the predeclared type of kind k.
func Basic(k Kind) *Type { return basics[k] }

// String returns the type as Go spells it.
func (t *Type) String() string {
	if t.Name != "" {
		return t.Name
	}
	if t.Kind.isBasic() {
		return basicNames[t.Kind]
	}
	switch t.Kind {
	case KSlice:
		return "[]" + t.Elem.String()
	case KArray:
		return "[" + strconv.Itoa(t.Len) + "]" + t.Elem.String()
	case KMap:
		return "map[" + t.Key.String() + "]" + t.Elem.String()
	case KPtr:
		return "*" + t.Elem.String()
	case KChan:
		return "chan " + t.Elem.String()
	case KFunc:
		return "func" + signature(t.Params, t.Results)
	case KStruct:
		var b strings.Builder
		b.WriteString("struct{")
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteString("; ")
			}
			if f.Embedded {
				b.WriteString(f.Type.String())
			} else {
				b.WriteString(f.Name + " " + f.Type.String())
			}
		}
		b.WriteString("}")
		return b.String()
	case KIface:
		if len(t.Methods) == 0 {
			return "any"
		}
		var b strings.Builder
		b.WriteString("interface{ ")
		for i, m := range t.Methods {
			if i > 0 {
				b.WriteString("; ")
			}
			b.WriteString(m.Name + signature(m.Params, m.Results))
		}
		b.WriteString(" }")
		return b.String()
	}
	return "?"
}

func signature(params, results []*Type) string {
	var b strings.Builder
	b.WriteString("(")
	for i, p := range params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.String())
	}
	b.WriteString(")")
	switch len(results) {
	case 0:
	case 1:
		b.WriteString(" " + results[0].String())
	default:
		b.WriteString(" (")
		for i, r := range results {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(r.String())
		}
		b.WriteString(")")
	}
	return b.String()
}

// same reports whether a and b are identical types.
func same(a, b *Type) bool { return a == b || a.String() == b.String() }

// comparable reports whether values of t can be compared with ==.
func (t *Type) comparable() bool {
	switch t.Kind {
	case KSlice, KMap, KFunc, KOpaque:
		return false
	case KArray:
		return t.Elem.comparable()
	case KStruct:
		for _, f := range t.Fields {
			if !f.Type.comparable() {
				return false
			}
		}
		return true
	case KParam:
		return t.Cons.Compare
	}
	return true
}

// printable reports whether fmt prints values of t the same way every run: no
// addresses (pointers, funcs, chans), no maps whose key order fmt can't fix.
func (t *Type) printable() bool {
	switch t.Kind {
	case KPtr, KFunc, KChan, KOpaque:
		return false
	case KSlice, KArray:
		return t.Elem.printable()
	case KMap:
		return t.Key.Kind.isBasic() && !t.Key.Kind.isFloat() && t.Elem.printable()
	case KStruct:
		for _, f := range t.Fields {
			if !f.Type.printable() {
				return false
			}
		}
		return true
	case KIface:
		// any and error hold only values fmt prints the same way every run; a named
		// interface may hold a pointer, which fmt prints as an address inside a composite.
		return len(t.Methods) == 0 && !t.MayHoldPointer || t.Name == "error"
	}
	return true
}

// holdsIface reports whether values of t hold interface values (whose dynamic values
// %#v may print as addresses: an error made by errors.New is a pointer).
func (t *Type) holdsIface() bool {
	switch t.Kind {
	case KIface:
		return true
	case KSlice, KArray, KPtr, KChan:
		return t.Elem.holdsIface()
	case KMap:
		return t.Key.holdsIface() || t.Elem.holdsIface()
	case KStruct:
		for _, f := range t.Fields {
			if f.Type.holdsIface() {
				return true
			}
		}
	}
	return false
}

// hasMethod returns t's method named name (promoted ones included), if any.
func (t *Type) method(name string) *Method {
	for _, m := range t.Methods {
		if m.Name == name {
			return m
		}
	}
	if t.Kind == KStruct {
		for _, f := range t.Fields {
			if f.Embedded {
				et := f.Type
				if et.Kind == KPtr {
					et = et.Elem
				}
				if m := et.method(name); m != nil {
					return m
				}
			}
		}
	}
	return nil
}

// implements reports whether a value of t (ptr: of *t) has every method of the
// interface iface.
func implements(t *Type, iface *Type, ptr bool) bool {
	if t.Kind == KIface {
		return false
	}
	for _, im := range iface.Methods {
		m := t.method(im.Name)
		if m == nil || (m.PtrRecv && !ptr) || !sameSig(m, im) {
			return false
		}
	}
	return true
}

func sameSig(a, b *Method) bool {
	if len(a.Params) != len(b.Params) || len(a.Results) != len(b.Results) {
		return false
	}
	for i := range a.Params {
		if !same(a.Params[i], b.Params[i]) {
			return false
		}
	}
	for i := range a.Results {
		if !same(a.Results[i], b.Results[i]) {
			return false
		}
	}
	return true
}
