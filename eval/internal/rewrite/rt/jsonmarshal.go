package rt

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// Encoding values of cell types to JSON. The rewriter turns json.Marshal(v),
// json.MarshalIndent(v, prefix, indent) and enc.Encode(v) into JSONMarshal,
// JSONMarshalIndent and JSONEncode with a description of v's static type. These give
// encoding/json a copy of v in which the values whose type has a json method (registered
// by RegisterJSON) are boxes whose MarshalJSON or MarshalText calls the method, where Go's
// encoding/json would call it (a pointer method only on an addressable value), and the
// fields whose omitempty or omitzero option depends on such a type are decided here.
// Everything else (field names, tags, embedding, HTML escaping, indentation, sorting of
// map keys, the compaction of a MarshalJSON result) stays encoding/json's.

// JSONMarshal is json.Marshal(v) for a v of the described type (by id).
func JSONMarshal(v any, id int) ([]byte, error) {
	c, err := jsonEncodable(v, id)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(c)
	return b, jsonMarshalError(err)
}

// JSONMarshalIndent is json.MarshalIndent(v, prefix, indent) for a v of the described
// type (by id).
func JSONMarshalIndent(v any, prefix, indent string, id int) ([]byte, error) {
	c, err := jsonEncodable(v, id)
	if err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(c, prefix, indent)
	return b, jsonMarshalError(err)
}

// JSONEncode is encode(v), encode being the method value enc.Encode of a json.Encoder,
// for a v of the described type (by id).
func JSONEncode(encode func(any) error, v any, id int) error {
	c, err := jsonEncodable(v, id)
	if err != nil {
		return err
	}
	return jsonMarshalError(encode(c))
}

// jsonEncodable is v ready for encoding/json: a copy where v's type needs one.
func jsonEncodable(v any, id int) (out any, err error) {
	return jsonEncodableType(v, typeByID(id))
}

// jsonEncodableType is jsonEncodable for the description t (slog's JSON handler, slog.go).
func jsonEncodableType(v any, t *Type) (out any, err error) {
	if t == nil {
		return JSONValue(v), nil
	}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(jsonEncodeError)
			if !ok {
				panic(r)
			}
			out, err = nil, e.err
		}
	}()
	e := &jsonEncoder{session: t.Session, needs: map[*Type]bool{}, types: map[jsonStructKey]*jsonStruct{},
		busy: map[jsonStructKey]bool{}}
	if !e.need(t) {
		return JSONValue(v), nil
	}
	c := e.conv(unwrapInterp(reflect.ValueOf(v)), t, false, 0)
	if !c.IsValid() {
		return nil, nil
	}
	return c.Interface(), nil
}

// jsonEncodeError carries an error of the conversion (a map key's MarshalText) out of it.
type jsonEncodeError struct{ err error }

// MarshalerError is the error of a MarshalJSON or MarshalText method of a cell type,
// as encoding/json's MarshalerError writes it (whose Type cannot be a cell type).
type MarshalerError struct {
	Type   string // main.T
	Method string // MarshalJSON or MarshalText
	Err    error
}

// Error is encoding/json's text for the error.
func (e *MarshalerError) Error() string {
	return "json: error calling " + e.Method + " for type " + e.Type + ": " + e.Err.Error()
}

// Unwrap returns the method's error.
func (e *MarshalerError) Unwrap() error { return e.Err }

// jsonMarshalError replaces encoding/json's error for a box by the error Go gives.
func jsonMarshalError(err error) error {
	var me *json.MarshalerError
	if errors.As(err, &me) {
		var ce *MarshalerError
		if errors.As(me.Err, &ce) {
			return ce
		}
	}
	return err
}

// jsonBox encodes a value of a cell type with its MarshalJSON method.
type jsonBox struct {
	fn, recv reflect.Value
	name     string
}

// MarshalJSON calls the cell's method; its result is checked here, where the type's
// name is known, as encoding/json checks it.
func (b jsonBox) MarshalJSON() ([]byte, error) {
	out := b.fn.Call([]reflect.Value{b.recv})
	data, _ := out[0].Interface().([]byte)
	if err, _ := out[1].Interface().(error); err != nil {
		return nil, &MarshalerError{Type: b.name, Method: "MarshalJSON", Err: err}
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, data); err != nil {
		return nil, &MarshalerError{Type: b.name, Method: "MarshalJSON", Err: err}
	}
	return data, nil
}

// textBox encodes a value of a cell type with its MarshalText method.
type textBox struct {
	fn, recv reflect.Value
	name     string
}

// MarshalText calls the cell's method.
func (b textBox) MarshalText() ([]byte, error) {
	out := b.fn.Call([]reflect.Value{b.recv})
	data, _ := out[0].Interface().([]byte)
	if err, _ := out[1].Interface().(error); err != nil {
		return nil, &MarshalerError{Type: b.name, Method: "MarshalText", Err: err}
	}
	return data, nil
}

var (
	_ json.Marshaler         = jsonBox{}
	_ encoding.TextMarshaler = textBox{}
)

// jsonErrorTarget reports whether err is an error of this package standing for one of
// encoding/json's (whose reflect.Type cannot name a cell type) and the target of
// errors.As (tried by try) is of encoding/json's type, which cannot stand for it.
func jsonErrorTarget(err error, try func(any) bool) bool {
	switch err.(type) {
	case *MarshalerError:
		return try(&json.MarshalerError{})
	case *UnmarshalTypeError:
		return try(&json.UnmarshalTypeError{})
	case *InvalidUnmarshalError:
		return try(&json.InvalidUnmarshalError{})
	}
	return false
}

// JSONErrorCheck is err, the operand of a type assertion or switch to one of
// encoding/json's error types naming a type: it panics when err is this package's
// error standing for one, which the assertion would not match where Go's matches.
func JSONErrorCheck(err error) error {
	switch err.(type) {
	case *MarshalerError, *UnmarshalTypeError, *InvalidUnmarshalError:
		panic(fmt.Sprintf("peerbook: a type assertion of a json error naming a type declared in a cell to a %s is not supported in cells: its Type field cannot be a type declared in a cell (the error's text is Go's: %v)", strings.Replace(fmt.Sprintf("%T", err), "rt.", "json.", 1), err))
	}
	return err
}
