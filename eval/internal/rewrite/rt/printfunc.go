package rt

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Printing functions whose format or operands the rewriter cannot see: a format that is
// not a constant (fmt.Printf(format, args...) in a logging helper), and a printing
// function used as a value (f := fmt.Printf, defer-free callbacks). The rewriter calls
// them through PrintFunc, which shows their operands and, knowing the format when it runs,
// gives %T the type name of a cell type and %p and %w the operand itself.

// PrintFunc returns f, a printing function of fmt or log, wrapped: its variadic operands
// are shown (Show, with the type described by id for those not shown yet), and when
// format >= 0 (the index of its format parameter) the format is read when it runs.
func PrintFunc(f any, format, id int) any {
	fv := reflect.ValueOf(f)
	if fv.Kind() != reflect.Func || fv.IsNil() || !fv.Type().IsVariadic() {
		return f
	}
	t := typeByID(id)
	return reflect.MakeFunc(fv.Type(), func(in []reflect.Value) []reflect.Value {
		last := in[len(in)-1]
		args := make([]any, last.Len())
		for i := range args {
			e := last.Index(i)
			if !e.CanInterface() {
				continue
			}
			args[i] = e.Interface()
			if _, ok := args[i].(shown); !ok && t != nil {
				args[i] = showElem(reflect.ValueOf(args[i]), t)
			}
		}
		if format >= 0 && format < len(in)-1 {
			s, out := formatArgs(in[format].String(), args)
			in[format] = reflect.ValueOf(s).Convert(in[format].Type())
			args = out
		}
		in[len(in)-1] = reflect.ValueOf(args)
		return fv.CallSlice(in)
	}).Interface()
}

// formatArgs adapts shown operands to the verbs of format as fmt will read them: a %T
// operand becomes its type name (printed with %s), the operands of %p, %w and of a *
// width or precision are given to fmt as they are. Without argument indexes each operand
// is replaced where it is; with them (an operand may serve several verbs) the adapted
// operands are appended and every verb gets an explicit index.
func formatArgs(format string, args []any) (string, []any) {
	ds, ok := directives(format, len(args))
	reordered := false
	for _, d := range ds {
		reordered = reordered || d.indexed
	}
	if !ok {
		return format, args
	}
	if reordered {
		for _, d := range ds {
			if d.widthArg >= len(args) || d.precArg >= len(args) {
				// fmt reports the bad width; appended operands would be read instead.
				return format, args
			}
		}
	}
	out := append([]any(nil), args...)
	adapt := func(n int, verb byte) (any, bool) {
		if n < 0 || n >= len(args) {
			return nil, false
		}
		sh, isShown := args[n].(shown)
		if !isShown || !sh.v.IsValid() || !sh.v.CanInterface() {
			return nil, false
		}
		switch verb {
		case 'T':
			return typeNameFor(sh.v.Interface(), sh.t), true
		case 'w':
			// fmt.Errorf's %w needs an error: a value of a cell type with an Error
			// method is boxed, as the rewriter boxes a static one.
			if e, ok := sh.v.Interface().(error); ok {
				return e, true // a box already, or yaegi's error wrapper
			}
			if dv, dt := dynamic(sh.v, sh.t.Session); dt != nil {
				if b := boxErrorValue(dv, dt.Name, dt.Session); b != nil {
					return b, true
				}
			}
		}
		if u := unwrapInterp(sh.v); u.IsValid() && u.CanInterface() {
			return u.Interface(), true
		}
		return nil, true
	}
	var b strings.Builder
	last := 0
	indexes := false // the format written has an argument index
	for _, d := range ds {
		b.WriteString(format[last:d.start])
		last = d.end
		verb := d.verb
		if reordered && (d.arg >= len(args) || d.badIndex) {
			// What fmt writes, written here: an index would read an appended operand.
			why := "MISSING"
			if d.badIndex {
				why = "BADINDEX"
			}
			b.WriteString("%%!" + string(verb) + "(" + why + ")")
			continue
		}
		// Each operand of the directive: the * width, the * precision, the verb's.
		idx := [3]int{d.widthArg, d.precArg, d.arg}
		for k, n := range idx {
			want := byte('*')
			if k == 2 {
				want = verb
				if verb != 'T' && verb != 'p' && verb != 'w' {
					continue
				}
			}
			if n < 0 {
				continue
			}
			if v, ok := adapt(n, want); ok {
				if reordered {
					out = append(out, v)
					idx[k] = len(out) - 1
				} else {
					out[n] = v
				}
				if want == 'T' {
					verb = 's'
				}
			}
		}
		if !reordered {
			b.WriteString(format[d.start:d.verbAt])
			b.WriteByte(verb)
			continue
		}
		ix := func(n int) string { return "[" + strconv.Itoa(n+1) + "]" }
		b.WriteString("%" + d.flags)
		if d.widthArg >= 0 {
			b.WriteString(ix(idx[0]) + "*")
		} else {
			b.WriteString(d.width)
		}
		if d.hasPrec {
			b.WriteString(".")
			if d.precArg >= 0 {
				b.WriteString(ix(idx[1]) + "*")
			} else {
				b.WriteString(d.prec)
			}
		}
		b.WriteString(ix(idx[2]))
		b.WriteByte(verb)
		indexes = true
	}
	b.WriteString(format[last:])
	if reordered && !indexes {
		out = nil // fmt reports no extra operands after an index
	}
	if !reordered {
		if used := operandsUsed(ds); used < len(args) {
			// fmt's report of extra operands names their types: the cell's.
			b.WriteString(strings.ReplaceAll(extra(args[used:]), "%", "%%"))
			out = out[:used]
		}
	}
	return b.String(), out
}

// operandsUsed is the number of operands the directives of a format without argument
// indexes read.
func operandsUsed(ds []directive) int {
	n := 0
	for _, d := range ds {
		n = max(n, d.arg+1, d.widthArg+1, d.precArg+1)
	}
	return n
}

// extra writes fmt's report of operands a format did not use: %!(EXTRA type=value, ...).
func extra(args []any) string {
	var b strings.Builder
	b.WriteString("%!(EXTRA ")
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		switch a := a.(type) {
		case nil:
			b.WriteString("<nil>")
		case shown:
			b.WriteString(typeNameFor(a.v.Interface(), a.t) + "=" + fmt.Sprint(a))
		default:
			b.WriteString(reflect.TypeOf(a).String() + "=" + fmt.Sprint(a))
		}
	}
	b.WriteString(")")
	return b.String()
}

// directive is one %-directive of a format with a single-byte verb other than %%, and
// the operands it reads (-1 for none).
type directive struct {
	start, verbAt, end     int // the directive is format[start:end], its verb at verbAt
	flags, width, prec     string
	hasPrec, indexed       bool // indexed: the directive has an argument index
	verbIndexed            bool // the index right before the verb
	badIndex               bool // an index selects no operand
	widthArg, precArg, arg int
	verb                   byte
}

// directives lists the directives of format and the operands they read as fmt reads
// them. ok is false for a format fmt would report errors in (a bad argument index, a
// verb that is not one byte), which formatArgs leaves as it is.
func directives(format string, numArgs int) (ds []directive, ok bool) {
	argNum := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		d := directive{start: i, widthArg: -1, precArg: -1, arg: -1}
		i++
		fs := i
		for i < len(format) && strings.IndexByte("+-# 0", format[i]) >= 0 {
			i++
		}
		d.flags = format[fs:i]
		index := func() bool {
			n, ok, found := argIndexAt(format, &i)
			if !found {
				return true
			}
			d.indexed = true
			if n >= numArgs {
				// fmt's argNumber: a bad index leaves the operand as it was.
				d.badIndex = true
				return ok
			}
			argNum = n
			return ok
		}
		if !index() {
			return nil, false
		}
		if i < len(format) && format[i] == '*' {
			d.widthArg = argNum
			argNum++
			i++
		} else {
			ws := i
			for i < len(format) && format[i] >= '0' && format[i] <= '9' {
				i++
			}
			d.width = format[ws:i]
		}
		if i < len(format) && format[i] == '.' {
			d.hasPrec = true
			i++
			if !index() {
				return nil, false
			}
			if i < len(format) && format[i] == '*' {
				d.precArg = argNum
				argNum++
				i++
			} else {
				ps := i
				for i < len(format) && format[i] >= '0' && format[i] <= '9' {
					i++
				}
				d.prec = format[ps:i]
			}
		}
		before := d.indexed
		d.indexed = false
		if !index() {
			return nil, false
		}
		d.verbIndexed, d.indexed = d.indexed, d.indexed || before
		if i >= len(format) {
			return nil, false
		}
		if format[i] == '%' {
			if d.widthArg >= 0 || d.precArg >= 0 || d.indexed {
				return nil, false
			}
			continue
		}
		if format[i] >= 0x80 {
			return nil, false
		}
		d.verbAt, d.end, d.verb, d.arg = i, i+1, format[i], argNum
		if !d.badIndex && argNum < numArgs {
			argNum++ // fmt moves on only after printing an operand
		}
		ds = append(ds, d)
	}
	return ds, true
}

// argIndexAt reads an explicit argument index [n] at *i: the operand it selects, whether
// it is well formed, and whether there is one.
func argIndexAt(format string, i *int) (n int, ok, found bool) {
	if *i >= len(format) || format[*i] != '[' {
		return 0, true, false
	}
	j := *i + 1
	for j < len(format) && format[j] >= '0' && format[j] <= '9' {
		n = n*10 + int(format[j]-'0')
		j++
	}
	if j >= len(format) || format[j] != ']' || j == *i+1 || n < 1 {
		return 0, false, true
	}
	*i = j + 1
	return n - 1, true, true
}

// showElem is an operand of a printing function, of the described type, shown for the
// printer; a compiled value held in an interface (a string, an int) is given to fmt as it
// is, as Print's spacing between operands depends on which are strings.
func showElem(v reflect.Value, t *Type) any {
	if isInterface(t) {
		dv, dt := dynamic(v, t.Session)
		if !dv.IsValid() {
			return nil
		}
		if dt == nil && runtimeDesc(dv.Type(), t.Session) == nil && dv.CanInterface() {
			if _, _, wrapped := heldByWrapper(dv); !wrapped {
				return dv.Interface()
			}
		}
	}
	return shown{v: v, t: t}
}
