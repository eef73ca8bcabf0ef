package rt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"reflect"
)

// log/slog. A handler looks at the values it logs the way Go's slog does: LogValue of a
// slog.LogValuer (slog.AnyValue, Value.Resolve), then, for a value of kind Any, the text
// handler formats it with fmt's %+v (String, Error and Format called by fmt) and the JSON
// handler calls Error of an error or encodes it with encoding/json. yaegi's values of cell
// types carry none of those methods, and in an interface they are yaegi's wrapper. The
// rewriter passes the arguments of slog's functions that take an any through SlogValue,
// which gives slog a compiled value with the methods the cell's type has.

// SlogValue returns v, the argument of a log/slog function of the described static type
// (by id), as slog must see it: a LogValuer for a type with a LogValue method, an error
// for a type with an Error method, else a value that prints as fmt's %+v prints it in a
// cell and encodes as json.Marshal does in a cell. Compiled values are returned out of
// yaegi's interface wrappers, as they are (an int stays an int for slog's kinds).
func SlogValue(v any, id int) any {
	t := typeByID(id)
	if t == nil {
		return v
	}
	rv := reflect.ValueOf(v)
	if isInterface(t) {
		dv, dt := dynamic(rv, t.Session)
		if !dv.IsValid() {
			return nil
		}
		if dt == nil {
			if bs, ok := byteSlice(dv); ok {
				return bs
			}
			if runtimeDesc(dv.Type(), t.Session) == nil {
				// A compiled value (an int, *errors.errorString, time.Time).
				if dv.CanInterface() {
					return dv.Interface()
				}
				return v
			}
			// A container holding interfaces or cell types ([]any): printed with the
			// cell's rules.
			return slogAny{shown{v: rv, t: t}}
		}
		rv, t = dv, dt
	}
	if t.Kind == Plain {
		return v
	}
	rv = unwrapInterp(rv)
	if !rv.IsValid() {
		return nil
	}
	k := methodKey(t)
	if f := fmtMethodsOf(k); k != "" && f != nil && f.LogValue.IsValid() {
		return slogValuer{shown: shown{v: rv, t: t}, f: f.LogValue}
	}
	if bs, ok := byteSlice(rv); ok {
		// slog's text handler quotes a []byte of any named type before calling methods.
		return bs
	}
	s := shown{v: rv, t: t}
	mj, mt := slogJSONMethods(t)
	if m := methodsOf(k); k != "" && m != nil && m.Error.IsValid() {
		e := slogError{shown: s, f: m.Error}
		switch {
		case mj && mt.IsValid():
			return slogErrorJSONText{slogErrorJSON{e}, mt}
		case mj:
			return slogErrorJSON{e}
		case mt.IsValid():
			return slogErrorText{e, mt}
		}
		return e
	}
	if mt.IsValid() {
		return slogText{slogAny{s}, mt}
	}
	return slogAny{s}
}

// slogJSONMethods reports whether the method set of t has MarshalJSON, and returns its
// MarshalText (invalid when absent), as registered for encoding/json (jsonmethods.go).
func slogJSONMethods(t *Type) (marshalJSON bool, marshalText reflect.Value) {
	named, ptr := t, false
	if t.Kind == Pointer {
		named, ptr = t.Elem, true
	}
	sets := jsonSetsOf(named)
	if sets == nil {
		return false, reflect.Value{}
	}
	m := sets.val
	if ptr {
		m = sets.ptr
	}
	if m == nil {
		return false, reflect.Value{}
	}
	return m.MarshalJSON.IsValid(), m.MarshalText
}

// marshalText calls a registered MarshalText method on the value of s.
func marshalText(s shown, f reflect.Value) ([]byte, error) {
	out := callMethod(f, receiver(f, unwrapInterp(s.v)))
	b, _ := out[0].Interface().([]byte)
	err, _ := out[1].Interface().(error)
	return b, err
}

// slogText is a slogAny of a type with a MarshalText method (mt): the text handler
// writes what it returns.
type slogText struct {
	slogAny
	mt reflect.Value
}

// MarshalText calls the value's MarshalText method.
func (x slogText) MarshalText() ([]byte, error) { return marshalText(x.shown, x.mt) }

// slogErrorJSON is a slogError of a type with a MarshalJSON method, which the JSON
// handler prefers to Error.
type slogErrorJSON struct{ slogError }

// MarshalJSON encodes the value as json.Marshal does in a cell.
func (e slogErrorJSON) MarshalJSON() ([]byte, error) { return slogAny{e.shown}.MarshalJSON() }

// slogErrorText is a slogError of a type with a MarshalText method (mt), which the text
// handler prefers to fmt.
type slogErrorText struct {
	slogError
	mt reflect.Value
}

// MarshalText calls the value's MarshalText method.
func (e slogErrorText) MarshalText() ([]byte, error) { return marshalText(e.shown, e.mt) }

// slogErrorJSONText is a slogErrorJSON with a MarshalText method (mt).
type slogErrorJSONText struct {
	slogErrorJSON
	mt reflect.Value
}

// MarshalText calls the value's MarshalText method.
func (e slogErrorJSONText) MarshalText() ([]byte, error) { return marshalText(e.shown, e.mt) }

// SlogAll is SlogValue for each element of a slice spread into a slog function with ...;
// id describes the element type.
func SlogAll(s any, id int) []any {
	rv := reflect.ValueOf(s)
	if rv.Kind() != reflect.Slice {
		return []any{s}
	}
	out := make([]any, rv.Len())
	for i := range out {
		e := rv.Index(i)
		if !e.CanInterface() {
			continue
		}
		out[i] = SlogValue(e.Interface(), id)
	}
	return out
}

// SlogUnwrap returns the value SlogValue gave slog for v (what a cell's
// (slog.Value).Any returns), v itself for any other value.
func SlogUnwrap(v any) any {
	var held reflect.Value
	switch w := v.(type) {
	case slogAny:
		held = w.v
	case slogText:
		held = w.v
	case slogError:
		held = w.v
	case slogErrorJSON:
		held = w.v
	case slogErrorText:
		held = w.v
	case slogErrorJSONText:
		held = w.v
	case slogValuer:
		held = w.v
	default:
		return v
	}
	if !held.IsValid() || !held.CanInterface() {
		return v
	}
	return held.Interface()
}

// byteSlice returns the bytes of a slice of bytes (of any named type), as slog's
// byteSlice does.
func byteSlice(v reflect.Value) ([]byte, bool) {
	v = unwrapInterp(v)
	if !v.IsValid() || v.Kind() != reflect.Slice || v.Type().Elem().Kind() != reflect.Uint8 {
		return nil, false
	}
	return v.Bytes(), true
}

// slogValuer is a value of a cell type with a LogValue method (f); it formats as the
// value (slog.Value's String of an unresolved value prints it with fmt).
type slogValuer struct {
	shown
	f reflect.Value
}

// LogValue implements slog.LogValuer: it calls the value's LogValue method.
func (l slogValuer) LogValue() slog.Value {
	out := callMethod(l.f, receiver(l.f, l.v))[0]
	if sv, ok := out.Interface().(slog.Value); ok {
		return sv
	}
	return slog.Value{}
}

// slogAny is a value of a cell type (or a composite holding them) without LogValue or
// Error: the text handler formats it with %+v, the JSON handler encodes it.
type slogAny struct{ shown }

// MarshalJSON encodes the value as json.Marshal does in a cell (the MarshalJSON and
// MarshalText methods of cell types called, see jsonmarshal.go), without HTML escaping,
// like slog's JSON handler.
func (a slogAny) MarshalJSON() ([]byte, error) {
	v := unwrapInterp(a.v)
	if !v.IsValid() || !v.CanInterface() {
		return []byte("null"), nil
	}
	c, err := jsonEncodableType(v.Interface(), a.t)
	if err == nil {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err = enc.Encode(c); err == nil {
			return bytes.TrimRight(b.Bytes(), "\n"), nil
		}
	}
	// encoding/json would report the error wrapped in one naming this wrapper's type
	// (error calling MarshalJSON for type rt.slogAny: ...), where Go names the cell's.
	panic(fmt.Sprintf("peerbook: an encoding error of a value logged by log/slog's JSON handler is not supported in cells: %v", jsonMarshalError(err)))
}

// slogError is a value of a cell type with an Error method (f): the JSON handler writes
// what Error returns, the text handler formats it with %+v (Format, else Error).
type slogError struct {
	shown
	f reflect.Value
}

// Error calls the value's Error method. A nil pointer receiver that panics gives
// "<nil>", as slog writes it.
func (e slogError) Error() (s string) {
	v := unwrapInterp(e.v)
	defer func() {
		if r := recover(); r != nil {
			if v.Kind() == reflect.Pointer && v.IsNil() {
				s = "<nil>"
				return
			}
			panic(r)
		}
	}()
	return callMethod(e.f, receiver(e.f, v))[0].String()
}

// The text handler formats with fmt: the values must be fmt.Formatters.
var (
	_ fmt.Formatter = slogAny{}
	_ fmt.Formatter = slogError{}
	_ fmt.Formatter = slogValuer{}
)
