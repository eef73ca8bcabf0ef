package rt

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// JSON errors: encoding/json names the struct of a field it could not decode by the
// struct's reflect name (UnmarshalTypeError.Struct), which is empty for the types a cell
// declares. The rewriter turns json.Unmarshal(data, v) into JSONUnmarshal(data, v, id)
// and dec.Decode(v) into JSONDecode(dec.Decode, v, id), id describing v's static type; the
// error gets the name of the cell struct back.

// JSONUnmarshal is json.Unmarshal(data, v) for a v of the described type (by id).
func JSONUnmarshal(data []byte, v any, id int) error {
	return jsonDecode(func(p any) error { return json.Unmarshal(data, p) }, v, typeByID(id), jsonNesting(data))
}

// JSONDecode is decode(v), decode being the method value dec.Decode of a json.Decoder,
// for a v of the described type (by id).
func JSONDecode(decode func(any) error, v any, id int) error {
	return jsonDecode(decode, v, typeByID(id), decodeJSONLevels)
}

// jsonDecode decodes into v, of described type t: through a proxy where the type has
// unmarshaling methods (jsondecode.go), with the error naming types as Go does. levels:
// how many levels of a recursive type the document may fill.
func jsonDecode(decode func(any) error, v any, t *Type, levels int) error {
	v, t = jsonTargetType(v, t)
	if p, err, ok := jsonDecodeInto(decode, v, t, levels); ok {
		return fixJSONError(err, p, t)
	}
	return fixJSONError(decode(v), v, t)
}

// fixJSONError sets the Struct of an *json.UnmarshalTypeError that lacks it: the name
// of the struct holding the field, found by following the error's field path through
// the description of v's static type and v's reflect type together. An error naming a
// type of the session (by yaegi's reflect type, or a box's) becomes the same error
// naming it as Go does (UnmarshalTypeError, InvalidUnmarshalError of this package).
func fixJSONError(err error, v any, t *Type) error {
	var ute *json.UnmarshalTypeError
	var iue *json.InvalidUnmarshalError
	switch {
	case t == nil || v == nil:
	case errors.As(err, &iue):
		if iue.Type != nil && wrongTypeName(t, iue.Type, iue.Type) {
			if err == error(iue) && !isInterface(t) {
				return &InvalidUnmarshalError{Type: t.Name, Nil: iue.Type.Kind() == reflect.Pointer}
			}
			panic(fmt.Sprintf("peerbook: json.InvalidUnmarshalError of a %s is not supported in cells: encoding/json cannot name a type declared in a cell (yaegi's %s)", t.Name, iue.Type.Kind()))
		}
	case errors.As(err, &ute):
		at, art := t, reflect.TypeOf(v)
		if ute.Field != "" {
			path := strings.Split(ute.Field, ".")
			name, ft, frt, ok := jsonStructName(t, art, path)
			if !ok {
				break
			}
			if ute.Struct == "" {
				ute.Struct = name
			}
			at, art = ft, frt
		}
		if ute.Type == nil {
			break
		}
		if name, ok := jsonTypeName(at, art, ute.Type); ok && name != ute.Type.String() {
			if err == error(ute) {
				return &UnmarshalTypeError{Value: ute.Value, Type: name, Offset: ute.Offset, Struct: ute.Struct, Field: ute.Field}
			}
			panic(fmt.Sprintf("peerbook: a json.UnmarshalTypeError (JSON %s into a %s) wrapped by another error is not supported in cells: encoding/json cannot name a type declared in a cell", ute.Value, name))
		}
		if wrongTypeName(at, art, ute.Type) {
			panic(fmt.Sprintf("peerbook: a json.UnmarshalTypeError (JSON %s into a %s) is not supported in cells: encoding/json cannot name a type declared in a cell (yaegi's %s)", ute.Value, t.Name, ute.Type.Kind()))
		}
	}
	return err
}

// UnmarshalTypeError is json.UnmarshalTypeError naming a type declared in a cell, which
// the reflect.Type of json's error cannot.
type UnmarshalTypeError struct {
	Value  string // the JSON value: "bool", "array", "number -5"
	Type   string // the Go type as Go names it (main.T)
	Offset int64
	Struct string
	Field  string
}

// Error is encoding/json's text for the error.
func (e *UnmarshalTypeError) Error() string {
	if e.Struct != "" || e.Field != "" {
		return "json: cannot unmarshal " + e.Value + " into Go struct field " + e.Struct + "." + e.Field + " of type " + e.Type
	}
	return "json: cannot unmarshal " + e.Value + " into Go value of type " + e.Type
}

// InvalidUnmarshalError is json.InvalidUnmarshalError naming a type declared in a cell.
type InvalidUnmarshalError struct {
	Type string // the type of the argument as Go names it
	Nil  bool   // a nil pointer (else not a pointer)
}

// Error is encoding/json's text for the error.
func (e *InvalidUnmarshalError) Error() string {
	if e.Nil {
		return "json: Unmarshal(nil " + e.Type + ")"
	}
	return "json: Unmarshal(non-pointer " + e.Type + ")"
}

// jsonTypeName names target as Go does, where it is the reflect type of a value of
// described type t and reflect type rt, or of one of its elements, or a box type.
func jsonTypeName(t *Type, rt, target reflect.Type) (string, bool) {
	if sl := slotOfBox(target); sl != nil {
		return sl.name, true
	}
	if target.Kind() == reflect.Pointer {
		if sl := slotOfBox(target.Elem()); sl != nil {
			return "*" + sl.name, true
		}
	}
	for depth := 0; t != nil && rt != nil && depth < 32; depth++ {
		if rt == target {
			return t.Name, t.Kind != Plain
		}
		switch t.Kind {
		case Named:
			t = t.Elem
		case Pointer, Slice, Array, Map:
			switch rt.Kind() {
			case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
				t, rt = t.Elem, rt.Elem()
			default:
				return "", false
			}
		default:
			return "", false
		}
	}
	return "", false
}

// wrongTypeName reports whether encoding/json names the type of the value it could not
// decode (target, somewhere in a value of described type t and reflect type rt: itself
// or an element) differently from Go: a type of the session (or one built from it)
// loses its name at run time.
func wrongTypeName(t *Type, rt, target reflect.Type) bool {
	if strings.Contains(target.String(), `yaegi:"`) {
		return true
	}
	for depth := 0; t != nil && rt != nil && depth < 32; depth++ {
		if rt == target && t.Kind != Plain {
			return true
		}
		switch t.Kind {
		case Named:
			t = t.Elem
		case Pointer, Slice, Array, Map:
			switch rt.Kind() {
			case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
				t, rt = t.Elem, rt.Elem()
			default:
				return false
			}
		default:
			return false
		}
	}
	return false
}

// jsonStructName follows the json keys of path from a value of described type t and
// reflect type rt: the name (without package) of the struct type holding the last
// key, as encoding/json's errorContext has it ("" for a struct literal type), and the
// description and reflect type of that last field.
func jsonStructName(t *Type, rt reflect.Type, path []string) (string, *Type, reflect.Type, bool) {
	name := ""
	embedded := false
	for _, k := range path {
		var n string
		var ok bool
		t, rt, n, ok = toStruct(t, rt)
		if !ok {
			return "", nil, nil, false
		}
		if !embedded {
			name = n
		}
		// A field promoted from an embedded struct: the path names the embedded
		// field, and the struct stays the outer one.
		if et, ert, ok := embeddedField(t, rt, k); ok {
			t, rt, embedded = et, ert, true
			continue
		}
		t, rt, ok = jsonField(t, rt, k)
		if !ok {
			return "", nil, nil, false
		}
		embedded = false
	}
	return name, t, rt, true
}

// embeddedField is the embedded field named k of struct t without a json name.
func embeddedField(t *Type, rt reflect.Type, k string) (*Type, reflect.Type, bool) {
	for i, f := range t.Fields {
		sf := rt.Field(i)
		if key, _, _ := strings.Cut(sf.Tag.Get("json"), ","); f.Embedded && key == "" && sf.Tag.Get("json") != "-" && sf.Name == k {
			return f.Type, sf.Type, true
		}
	}
	return nil, nil, false
}

// toStruct goes through named types, pointers and containers (json's field path does
// not name indexes nor map keys) down to a struct: its description, reflect type and
// the name of the named type it is the underlying type of ("" for a struct literal
// type).
func toStruct(t *Type, rt reflect.Type) (*Type, reflect.Type, string, bool) {
	name := ""
	for t != nil && rt != nil {
		switch t.Kind {
		case Named:
			name = shortName(t.Name)
			t = t.Elem
			continue
		case Pointer, Slice, Array, Map:
			switch rt.Kind() {
			case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			default:
				return nil, nil, "", false
			}
			t, rt, name = t.Elem, rt.Elem(), ""
			continue
		case Struct:
			if rt.Kind() != reflect.Struct || rt.NumField() != len(t.Fields) {
				return nil, nil, "", false
			}
			return t, rt, name, true
		}
		return nil, nil, "", false
	}
	return nil, nil, "", false
}

// jsonField finds the field of struct t (reflect type rt) that decodes the json key k,
// through embedded structs without a json name, as encoding/json does (an exact name
// first, then a case-insensitive one).
func jsonField(t *Type, rt reflect.Type, k string) (*Type, reflect.Type, bool) {
	for _, fold := range []bool{false, true} {
		if ft, frt, ok := jsonFieldMatch(t, rt, k, fold, 0); ok {
			return ft, frt, true
		}
	}
	return nil, nil, false
}

func jsonFieldMatch(t *Type, rt reflect.Type, k string, fold bool, depth int) (*Type, reflect.Type, bool) {
	if depth > 8 {
		return nil, nil, false
	}
	for i, f := range t.Fields {
		sf := rt.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		key, _, _ := strings.Cut(tag, ",")
		if key == "" && f.Embedded {
			if st, srt, _, ok := toStruct(f.Type, sf.Type); ok {
				if ft, frt, ok := jsonFieldMatch(st, srt, k, fold, depth+1); ok {
					return ft, frt, true
				}
			}
			continue
		}
		if key == "" {
			if !sf.IsExported() || f.Name == "" || f.Name[0] < 'A' || f.Name[0] > 'Z' {
				continue
			}
			key = f.Name
		}
		if key == k || fold && strings.EqualFold(key, k) {
			return f.Type, sf.Type, true
		}
	}
	return nil, nil, false
}

// shortName is a type's name without its package, as reflect's Name has it:
// main.Box[main.T] is Box[main.T].
func shortName(s string) string {
	head, _, _ := strings.Cut(s, "[")
	if i := strings.LastIndex(head, "."); i >= 0 {
		return s[i+1:]
	}
	return s
}
