package rt

import (
	"bytes"
	"encoding/xml"
	"reflect"
	"strings"
)

// encoding/xml names the element of a value by its type's name where nothing else
// names it (no XMLName field, no field tag): reflect cannot make named types, so the
// types cells declare have none at run time (a struct's reflect type is unnamed and
// encoding/xml refuses it; a defined number type gets the name of a pool type). The
// rewriter passes the name Go would use (the type's name without its type arguments)
// to these functions, which name the element so.

// XMLMarshal is xml.Marshal(v), the element named name.
func XMLMarshal(v any, name string) ([]byte, error) {
	var b bytes.Buffer
	if err := xmlMarshal(xml.NewEncoder(&b), v, name); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// XMLMarshalIndent is xml.MarshalIndent(v, prefix, indent), the element named name.
func XMLMarshalIndent(v any, prefix, indent, name string) ([]byte, error) {
	var b bytes.Buffer
	enc := xml.NewEncoder(&b)
	enc.Indent(prefix, indent)
	if err := xmlMarshal(enc, v, name); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// xmlMarshal encodes v as xml.Marshal does (Encode, then Close), the element named name.
func xmlMarshal(enc *xml.Encoder, v any, name string) error {
	if err := XMLEncode(enc, v, name); err != nil {
		return err
	}
	return enc.Close()
}

// XMLEncode is enc.Encode(v), the element named name; with name "" (v's static type is
// an interface), named as Go names it by v's dynamic type where that is a cell type.
func XMLEncode(enc *xml.Encoder, v any, name string) error {
	if name == "" {
		return xmlEncodeDynamic(enc, v)
	}
	return enc.EncodeElement(unwrap(v), xml.StartElement{Name: xml.Name{Local: name}})
}

// xmlEncodeDynamic encodes v, held in an interface, as encoding/xml does: a slice or array
// (not of bytes; a defined one too) element by element, each named by its own dynamic
// type; a value of a cell
// type (or a pointer to one) in an element named as Go names the type; anything else
// as encoding/xml encodes it.
func xmlEncodeDynamic(enc *xml.Encoder, v any) error {
	u := unwrap(v)
	rv := reflect.ValueOf(u)
	if !rv.IsValid() {
		return enc.Encode(u)
	}
	base := rv
	if base.Kind() == reflect.Pointer && !base.IsNil() {
		base = base.Elem()
	}
	switch base.Kind() {
	case reflect.Slice, reflect.Array:
		if base.Type().Elem().Kind() == reflect.Uint8 {
			break // encoded whole
		}
		for i := 0; i < base.Len(); i++ {
			e := base.Index(i)
			if !e.CanInterface() {
				return enc.Encode(u)
			}
			if err := xmlEncodeDynamic(enc, e.Interface()); err != nil {
				return err
			}
		}
		return nil
	}
	if name, ok := xmlCellName(base.Type()); ok {
		return enc.EncodeElement(u, xml.StartElement{Name: xml.Name{Local: name}})
	}
	return enc.Encode(u)
}

// xmlCellName returns the element name Go gives a value of the cell type t (its name
// without package or type arguments), false for other types and for a struct with an
// XMLName field (encoding/xml names the element by it).
func xmlCellName(t reflect.Type) (string, bool) {
	name, ok := cellName(t)
	if !ok {
		return "", false
	}
	if t.Kind() == reflect.Struct {
		if _, has := t.FieldByName("XMLName"); has {
			return "", false
		}
	}
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	return name[strings.LastIndexByte(name, '.')+1:], true
}
