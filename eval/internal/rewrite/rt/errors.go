package rt

import (
	"fmt"
	"reflect"
	"strings"
)

// Errors. yaegi hands a value of a cell's type to an error variable inside a wrapper
// that hides the value (its IValue holds the struct's last field, not the struct), so
// type assertions, type switches and errors.As cannot find it, and errors.Is cannot
// follow its Unwrap method. The rewriter converts such values to error with BoxError
// instead: a compiled error that keeps the value, calls its Error method, and unwraps
// and compares it like Go does.

// BoxError returns v (a value of a session type, as the interpreter passes it in an
// interface) as an error. The box is a comparable value holding the value itself, so
// that two conversions of the same pointer (or of equal values) compare equal, as in
// Go. Its Error and Unwrap methods call the type's methods, registered by the cell
// that declared them. A value whose type is not known is returned as e, yaegi's own
// conversion.
//
// A nil pointer of a session type makes a non-nil error, as in Go (yaegi's own
// conversion makes it a nil error).
func BoxError(v any, e error, session string) error {
	inner, name := typeNameOf(v)
	if b := boxErrorValue(inner, name, session); b != nil {
		return b
	}
	return e
}

// boxErrorValue is BoxError of a value of the named session type name (nil if the type has no
// Error method).
func boxErrorValue(inner reflect.Value, name, session string) error {
	if name == "" || !inner.IsValid() || !inner.CanInterface() {
		return nil
	}
	k := key(session, name)
	if strings.HasPrefix(name, "*") {
		k = "*" + key(session, name[1:])
	}
	m := methodsOf(k)
	if m == nil || !m.Error.IsValid() {
		return nil
	}
	b := boxedError{v: inner.Interface(), key: k, name: name, session: session}
	if f := fmtMethodsOf(k); f != nil && f.Format.IsValid() {
		return formatBox(b, m.UnwrapAll.IsValid())
	}
	if m.UnwrapAll.IsValid() {
		return boxedErrors{b}
	}
	return b
}

// boxedError is a value of a session type converted to error.
type boxedError struct {
	v             any    // the value (yaegi's representation, without methods)
	key           string // the registry key of its type
	name, session string // its type's name (main.T, *main.T) and session
}

func (b boxedError) call(f reflect.Value) reflect.Value {
	return callMethod(f, argFor(f, b.v))[0]
}

// Error calls the value's Error method.
func (b boxedError) Error() string {
	defer exitPastFmt()
	m := methodsOf(b.key)
	if m == nil || !m.Error.IsValid() {
		return fmt.Sprint(b.v)
	}
	return b.call(m.Error).String()
}

// Unwrap calls the value's Unwrap() error method, if it has one.
func (b boxedError) Unwrap() error {
	m := methodsOf(b.key)
	if m == nil || !m.Unwrap.IsValid() {
		return nil
	}
	out := b.call(m.Unwrap)
	if !out.IsValid() || out.IsNil() {
		return nil
	}
	err, _ := out.Interface().(error)
	return err
}

// Is calls the value's Is(error) bool method, if it has one.
func (b boxedError) Is(target error) bool {
	m := methodsOf(b.key)
	if m == nil || !m.Is.IsValid() {
		return false
	}
	t := reflect.ValueOf(&target).Elem()
	return m.Is.Call([]reflect.Value{argFor(m.Is, b.v), t})[0].Bool()
}

func (b boxedError) box() boxedError { return b }

// boxedErrors is a boxed value with an Unwrap() []error method.
type boxedErrors struct{ boxedError }

// Unwrap calls the value's Unwrap() []error method.
func (b boxedErrors) Unwrap() []error {
	m := methodsOf(b.key)
	if m == nil || !m.UnwrapAll.IsValid() {
		return nil
	}
	out := b.call(m.UnwrapAll)
	if !out.IsValid() || out.IsNil() {
		return nil
	}
	errs, _ := out.Interface().([]error)
	return errs
}

// argFor converts a boxed value to the parameter type of a registered method function.
func argFor(f reflect.Value, v any) reflect.Value {
	in := unwrapInterp(reflect.ValueOf(v))
	want := f.Type().In(0)
	if in.IsValid() && in.Type() != want && in.Type().ConvertibleTo(want) {
		in = in.Convert(want)
	}
	if !in.IsValid() {
		in = reflect.Zero(want)
	}
	return in
}

// typeNameOf returns the value inside a yaegi interface value and the name of its
// type, when it carries one.
func typeNameOf(v any) (reflect.Value, string) {
	rv := reflect.ValueOf(v)
	if rv.IsValid() && rv.Type().String() == valueInterfaceName {
		inner, name := valueInterfaceParts(rv)
		return inner, name
	}
	return rv, ""
}

// ErrorsAs is errors.As with the target test done by the interpreter: try is called
// with each error of err's tree (values of session types out of their boxes) until it
// returns true.
func ErrorsAs(err error, try func(any) bool) bool {
	for err != nil {
		if b, ok := err.(interface{ box() boxedError }); ok {
			if try(b.box().v) {
				return true
			}
		} else if try(err) {
			return true
		} else if jsonErrorTarget(err, try) {
			panic(fmt.Sprintf("peerbook: errors.As of a json error naming a type declared in a cell into a %s is not supported in cells: its Type field cannot be a type declared in a cell (the error's text is Go's)", strings.Replace(fmt.Sprintf("%T", err), "rt.", "json.", 1)))
		} else if inner, _, ok := heldByWrapper(reflect.ValueOf(err)); ok && inner.IsValid() && inner.CanInterface() && try(inner.Interface()) {
			// yaegi's error wrapper (an error-typed value of a cell type, such as the
			// binding of "case error:") holds the value the target may match.
			return true
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				if ErrorsAs(e, try) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
	return false
}

// GoString is %#v of the boxed value: what Go writes for the value of the session type,
// not the box (rt.boxedError{...}).
func (b boxedError) GoString() string {
	if t := lookupFor(b.session, b.name, reflect.TypeOf(b.v)); t != nil {
		return fmt.Sprintf("%#v", shown{v: reflect.ValueOf(b.v), t: t})
	}
	return fmt.Sprintf("%#v", b.v)
}
