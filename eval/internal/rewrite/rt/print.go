package rt

import (
	"io"
	"reflect"
	"strconv"
	"strings"
)

// Print writes args as the builtin print (line false) or println (line true) does: the
// interpreted builtins write to standard output in fmt's format, Go's to standard error
// in the runtime's (floats in their shortest form, pointers in hex, println
// separates operands by spaces). The rewriter sends the cells' calls of print and println here.
func Print(w io.Writer, line bool, args ...any) {
	var b strings.Builder
	for i, a := range args {
		if line && i > 0 {
			b.WriteByte(' ')
		}
		printValue(&b, reflect.ValueOf(a))
	}
	if line {
		b.WriteByte('\n')
	}
	_, _ = io.WriteString(w, b.String())
}

// Iface is an operand of print or println whose type is an interface: the runtime prints
// such an operand as its two words, "(0x0,0x0)" when it is nil (a pointer to its type and
// one to its value otherwise), never as the value it holds. The rewriter passes it (through
// the prelude's _pb_print_iface and PrintIface, whose `any` parameter makes a nil interface
// of any type nil: a nil interface with methods declared in a cell is no nil in compiled
// code).
type Iface struct {
	V any // the operand, nil when it is nil
}

// PrintIface wraps an interface operand of print or println (see Iface).
func PrintIface(v any) any { return Iface{V: v} }

// PrintParam is an operand v of print or println whose type is a type parameter, p a nil
// pointer to that type (the prelude's _pb_print_param): in an instance where the type
// argument is an interface, the operand is printed as an interface (Iface); in one where
// it is another type, as that type's value, as Go prints each instance.
func PrintParam(p, v any) any {
	if t := reflect.TypeOf(p); t != nil && t.Kind() == reflect.Pointer {
		if e := t.Elem(); e.Kind() == reflect.Interface || e.String() == valueInterfaceName {
			return Iface{V: v}
		}
	}
	return v
}

func printValue(b *strings.Builder, v reflect.Value) {
	if !v.IsValid() {
		b.WriteString("(0x0,0x0)") // a nil interface
		return
	}
	if i, ok := v.Interface().(Iface); ok && v.Type() == reflect.TypeOf(Iface{}) {
		printIface(b, i.V)
		return
	}
	if v.Type().String() == valueInterfaceName {
		// A value of a cell type with methods, which the interpreter passes to an
		// `any` parameter with its type: the value is printed ("(interp.valueInterface)"
		// was printed for println(m) with m of such a type).
		inner, _ := valueInterfaceParts(v)
		printValue(b, inner)
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		b.WriteString(strconv.FormatBool(v.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		b.WriteString(strconv.FormatInt(v.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		b.WriteString(strconv.FormatUint(v.Uint(), 10))
	case reflect.Float32, reflect.Float64:
		// Go 1.26's runtime prints the shortest representation (2.5, 1e+100).
		b.WriteString(strconv.FormatFloat(v.Float(), 'g', -1, v.Type().Bits()))
	case reflect.Complex64, reflect.Complex128:
		b.WriteString(strconv.FormatComplex(v.Complex(), 'g', -1, v.Type().Bits()))
	case reflect.String:
		b.WriteString(v.String())
	case reflect.Pointer, reflect.Chan, reflect.Map, reflect.Func, reflect.UnsafePointer:
		b.WriteString("0x" + strconv.FormatUint(uint64(v.Pointer()), 16))
	case reflect.Slice:
		b.WriteString("[" + strconv.Itoa(v.Len()) + "/" + strconv.Itoa(v.Cap()) + "]0x" + strconv.FormatUint(uint64(v.Pointer()), 16))
	default:
		// Go refuses other operands (structs, arrays) at compile time; the rewriter
		// only passes what go/types accepted.
		b.WriteString("(" + v.Type().String() + ")")
	}
}

// printIface writes an interface operand as the runtime does: its type word and its data
// word, in hex. The words of a non-nil operand are its dynamic type's address and its
// value's (its pointer for pointer-shaped values, a copy's otherwise), as arbitrary as the
// runtime's.
func printIface(b *strings.Builder, x any) {
	if x == nil {
		b.WriteString("(0x0,0x0)")
		return
	}
	v := reflect.ValueOf(x)
	data := uintptr(0)
	switch v.Kind() {
	case reflect.Pointer, reflect.Chan, reflect.Map, reflect.Func, reflect.UnsafePointer:
		data = v.Pointer()
	default:
		p := reflect.New(v.Type())
		p.Elem().Set(v)
		data = p.Pointer()
	}
	b.WriteString("(0x" + strconv.FormatUint(uint64(reflect.ValueOf(v.Type()).Pointer()), 16) + ",0x" + strconv.FormatUint(uint64(data), 16) + ")")
}
