package rt

import (
	"fmt"
	"reflect"
	"strconv"
	"sync"
)

// fmt's own methods of cell types. fmt looks for two more methods than String and
// Error on the values it prints (fmt's handleMethods): Format(fmt.State, rune), which
// takes over every verb, and GoString() string, which %#v prints as it is. yaegi's
// values of cell types do not carry them, so the cell registers them with
// RegisterFmt, and the printer (format.go) calls them where fmt would: on operands,
// and on nested values fmt reaches by reflection and can interface (not through
// unexported fields).

// FmtMethods are a method set's GoString, Format and LogValue methods, as functions of
// the receiver (invalid when absent): func(T) string, func(T, fmt.State, rune) and
// func(T) slog.Value.
type FmtMethods struct {
	GoString, Format, LogValue reflect.Value
}

// fmtRegistry holds the FmtMethods of the value (key) and pointer ("*" + key) method
// sets of the session's named types.
var fmtRegistry = struct {
	sync.RWMutex
	m map[string]*FmtMethods
}{m: map[string]*FmtMethods{}}

// RegisterFmt records the GoString, Format and LogValue methods of a named session
// type, for its value (vm) and pointer (pm) method sets: {func(T) string,
// func(T, fmt.State, rune), func(T) slog.Value}, nil where absent.
func RegisterFmt(session, name string, vm, pm [3]any) {
	fmtRegistry.Lock()
	defer fmtRegistry.Unlock()
	k := key(session, name)
	for i, fs := range [][3]any{vm, pm} {
		m := &FmtMethods{GoString: funcValue(fs[0]), Format: funcValue(fs[1]), LogValue: funcValue(fs[2])}
		if i == 1 {
			k = "*" + k
		}
		if !m.GoString.IsValid() && !m.Format.IsValid() && !m.LogValue.IsValid() {
			delete(fmtRegistry.m, k)
			continue
		}
		fmtRegistry.m[k] = m
	}
}

func fmtMethodsOf(k string) *FmtMethods {
	fmtRegistry.RLock()
	defer fmtRegistry.RUnlock()
	return fmtRegistry.m[k]
}

// forgetFmt drops the methods of a session's types (see Forget).
func forgetFmt(prefix string) {
	fmtRegistry.Lock()
	defer fmtRegistry.Unlock()
	deleteSessionKeys(fmtRegistry.m, prefix)
}

// methodKey is the registry key of the method set of a described type ("" if it has
// none: only named types and pointers to them have methods).
func methodKey(t *Type) string {
	switch t.Kind {
	case Named:
		return key(t.Session, t.Name)
	case Pointer:
		if t.Elem != nil && t.Elem.Kind == Named {
			return "*" + key(t.Elem.Session, t.Elem.Name)
		}
	}
	return ""
}

// fmtMethods calls the Format method of the value's type for any verb, or its GoString
// method for %#v, as fmt's handleMethods does; it reports whether one was called.
func (p *printer) fmtMethods(v reflect.Value, t *Type) bool {
	if p.ro {
		return false
	}
	k := methodKey(t)
	if k == "" {
		return false
	}
	m := fmtMethodsOf(k)
	if m == nil {
		return false
	}
	fits := func(f reflect.Value) bool {
		want := f.Type().In(0)
		return v.Type() == want || v.Type().ConvertibleTo(want)
	}
	switch {
	case m.Format.IsValid() && fits(m.Format):
		if p.dry {
			return true // ShowSharp's dry run calls no method of the cell
		}
		p.catch(v, "Format", func() {
			callMethod(m.Format, receiver(m.Format, v), reflect.ValueOf(&p.st).Elem(), reflect.ValueOf(p.verb))
		})
		return true
	case p.sharpV && m.GoString.IsValid() && fits(m.GoString):
		if p.dry {
			return true
		}
		p.catch(v, "GoString", func() {
			s := callMethod(m.GoString, receiver(m.GoString, v))[0].String()
			p.fmtS(s)
		})
		return true
	}
	return false
}

// callMethod calls a registered method function. A function whose last result is an
// any returns in it what the method panicked with (recovered in the interpreter): the
// panic goes on from here, for fmt's or slog's report; the other results are returned.
func callMethod(f reflect.Value, in ...reflect.Value) []reflect.Value {
	out := f.Call(in)
	if n := len(out); n > 0 && f.Type().Out(n-1) == anyType {
		if r := out[n-1]; !r.IsNil() {
			panic(panicValue(r.Interface()))
		}
		out = out[:n-1]
	}
	return out
}

// receiver converts v to the receiver parameter of a registered method function.
func receiver(f, v reflect.Value) reflect.Value {
	want := f.Type().In(0)
	if v.Type() != want && v.Type().ConvertibleTo(want) {
		return v.Convert(want)
	}
	return v
}

// fmtS writes s as fmt's fmtS does: cut to the precision, padded to the width.
func (p *printer) fmtS(s string) {
	verb := "%"
	if p.minus {
		verb += "-"
	}
	if p.zero {
		verb += "0"
	}
	if p.hasWidth {
		verb += strconv.Itoa(p.width)
	}
	if p.hasPrec {
		verb += "." + strconv.Itoa(p.prec)
	}
	fmt.Fprintf(p.st, verb+"s", s)
}

// catch runs a call of the value's method, and writes a panic of it as fmt's
// catchPanic does: <nil> for a nil pointer receiver, else %!verb(PANIC=Method method: value).
func (p *printer) catch(v reflect.Value, method string, call func()) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if isProgramExit(r) {
			panic(r) // os.Exit or a stack overflow in the method ends the program, as in Go
		}
		if v.Kind() == reflect.Pointer && v.IsNil() {
			p.write("<nil>") // unpadded, as fmt writes it
			return
		}
		fmt.Fprintf(p.st, "%%!%c(PANIC=%s method: %v)", p.verb, method, panicValue(r))
	}()
	call()
}

// panicValue is the value a method of a cell panicked with, out of the interpreter's
// wrappers.
func panicValue(r any) any {
	v := unwrapInterp(reflect.ValueOf(r))
	if !v.IsValid() || !v.CanInterface() {
		return r
	}
	return v.Interface()
}

// formatBox is a boxed error (BoxError) of a type with a Format method: fmt calls it
// on the box, for its operands and for the %w operand of fmt.Errorf (with verb v), as
// it does on the value in Go.
func formatBox(b boxedError, unwrapAll bool) error {
	if unwrapAll {
		return formattedErrors{boxedErrors{b}}
	}
	return formattedError{b}
}

// formattedError is a boxedError whose type has a Format method.
type formattedError struct{ boxedError }

// Format implements fmt.Formatter: it calls the value's Format method.
func (b formattedError) Format(f fmt.State, verb rune) {
	defer exitPastFmt()
	b.boxedError.format(f, verb)
}

// formattedErrors is a boxedErrors whose type has a Format method.
type formattedErrors struct{ boxedErrors }

// Format implements fmt.Formatter: it calls the value's Format method.
func (b formattedErrors) Format(f fmt.State, verb rune) {
	defer exitPastFmt()
	b.boxedError.format(f, verb)
}

func (b boxedError) format(f fmt.State, verb rune) {
	p := &printer{st: f, verb: verb}
	p.flags()
	t := lookupName(b.session, b.name)
	if t == nil || !p.fmtMethods(unwrapInterp(reflect.ValueOf(b.v)), t) {
		fmt.Fprintf(f, p.plainVerb, b.Error())
	}
}

// runtimeDesc describes a type found at run time inside an interface: a type of the
// session, or a container type that holds interfaces or types of the session ([]any,
// map[string]any, map[Color]any, []P, nested), so that the values print as Go prints them
// (yaegi's wrappers would print as {node:… value:…}, renamed fields as Xname); nil for any
// other type, which fmt prints as it is.
func runtimeDesc(rt reflect.Type, session string) *Type {
	d := &Type{Name: typeString(rt), Session: session}
	if rt.Kind() == reflect.Interface {
		d.Kind = Interface
		return d
	}
	if _, dt := dynamic(reflect.Zero(rt), session); dt != nil {
		return dt // a type of the session (type Color int, a cell struct)
	}
	if rt.Name() != "" {
		return nil
	}
	switch rt.Kind() {
	case reflect.Slice, reflect.Array:
		d.Kind, d.Elem = Slice, runtimeDesc(rt.Elem(), session)
		if rt.Kind() == reflect.Array {
			d.Kind = Array
		}
		if d.Elem == nil {
			return nil
		}
	case reflect.Map:
		d.Kind, d.Key, d.Elem = Map, runtimeDesc(rt.Key(), session), runtimeDesc(rt.Elem(), session)
		if d.Key == nil && d.Elem == nil {
			return nil
		}
		if d.Key == nil {
			d.Key = &Type{Kind: Plain, Name: typeString(rt.Key()), Session: session}
		}
		if d.Elem == nil {
			d.Elem = &Type{Kind: Plain, Name: typeString(rt.Elem()), Session: session}
		}
	default:
		return nil
	}
	return d
}

// CheckWrap panics with the reason when err, the %w operand of fmt.Errorf, is yaegi's
// wrapper of a value of a cell type with a Format method: fmt would format it through
// the wrapper's Error method, not Format. (A value converted to error by the rewriter is
// a box, which has the method.)
func CheckWrap(err error, session string) {
	inner, _, ok := heldByWrapper(reflect.ValueOf(&err).Elem())
	if !ok {
		return
	}
	_, dt := dynamic(inner, session)
	if dt == nil {
		return
	}
	if m := fmtMethodsOf(methodKey(dt)); m != nil && m.Format.IsValid() {
		panic(fmt.Sprintf("peerbook: %%w of this error value of type %s is not supported in cells: it is held as the interpreter's error wrapper, and fmt would not call its Format method (a value recovered from a panic or matched by case error is held so: format it with %%v, or keep the error it was made as)", dt.Name))
	}
}

// exitPastFmt is deferred by the methods that the compiled fmt calls on the printer's
// values (Format, Error): os.Exit or a stack overflow in a cell's method ends the program
// (a ProgramExit panic, which no recover stops), but fmt recovers a panic in such a method
// and prints it (%!v(PANIC=Format method: ...)), and the program went on. The exit is
// raised again inside a value whose Error method raises it once more: fmt lets a panic
// raised while it prints a panic value leave it ("nested panics"), so the exit passes fmt
// and nothing of the line is written. Other panics go on as they were.
func exitPastFmt() {
	if r := recover(); r != nil {
		if isProgramExit(r) {
			panic(exitThroughFmt{r})
		}
		if pr, ok := r.(printRefusal); ok {
			// A refusal that passed a nested fmt: through the next one too.
			panic(refusalThroughFmt(pr))
		}
		panic(r)
	}
}

// refusalThroughFmt carries a refusal of the printer (a panic raised while fmt calls the
// printer's Format) through fmt's recover, as exitThroughFmt carries an exit: fmt prints
// the panic value, whose Error method panics with the refusal, and fmt lets that nested
// panic leave it. Without it, fmt would print the refusal into the output
// (%!v(PANIC=Format method: ...)) and the cell would go on.
type refusalThroughFmt string

// Error raises the refusal, from inside fmt's printing of the panic value.
func (r refusalThroughFmt) Error() string { panic(printRefusal(r)) }

// printRefusal is the panic value of a refusal of the printer once it left fmt.
type printRefusal string

// Error is the refusal's message.
func (r printRefusal) Error() string { return string(r) }

// exitThroughFmt carries a ProgramExit through fmt's recover (see exitPastFmt). Where no
// fmt is between (an interpreted call of a boxed error's Error method), it is a
// ProgramExit itself, and the session takes the exit out of it (PeerbookExitCause).
type exitThroughFmt struct{ exit any }

// Error raises the exit again, from inside fmt's printing of the panic value.
func (e exitThroughFmt) Error() string { panic(e.exit) }

// PeerbookProgramExit makes exitThroughFmt an interp.ProgramExit.
func (exitThroughFmt) PeerbookProgramExit() {}

// PeerbookExitCause is the exit it carries.
func (e exitThroughFmt) PeerbookExitCause() any { return e.exit }

// isProgramExit reports whether the panic value r ends the program rather than being a
// panic (os.Exit in a cell, a stack overflow: interp.ProgramExit), which no recover stops.
func isProgramExit(r any) bool {
	_, ok := r.(interface{ PeerbookProgramExit() })
	return ok
}
