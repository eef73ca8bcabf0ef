package rt

import (
	"bytes"
	"encoding/xml"
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

// XMLEncode is enc.Encode(v), the element named name.
func XMLEncode(enc *xml.Encoder, v any, name string) error {
	return enc.EncodeElement(unwrap(v), xml.StartElement{Name: xml.Name{Local: name}})
}
