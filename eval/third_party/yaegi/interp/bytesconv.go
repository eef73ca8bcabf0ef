package interp

import (
	"reflect"
	"unicode/utf8"
)

// Conversions between strings and slices of named bytes or runes (peerbook patch 156).
//
// Go converts a string to and from any slice whose element type has the underlying
// type byte or rune: `string([]MyByte{...})`, `[]MyRune("♫")` (Go's tests
// fixedbugs/issue23536.go, fixedbugs/issue23814.go). A named type declared in a cell
// is a named reflect type of the pool (patch 53), and reflect converts only slices of
// unnamed bytes and runes: the type check refused the conversion ("cannot convert
// expression of type []main.MyByte to type string"). Such conversions are made here.

// stringSliceKind returns the kind of the elements of t where t is a slice of bytes or
// of runes, named or not (reflect.Uint8 or reflect.Int32), and reflect.Invalid
// otherwise.
func stringSliceKind(t reflect.Type) reflect.Kind {
	if t == nil || t.Kind() != reflect.Slice {
		return reflect.Invalid
	}
	switch k := t.Elem().Kind(); k {
	case reflect.Uint8, reflect.Int32:
		return k
	}
	return reflect.Invalid
}

// isStringSliceConversion reports whether converting a value of type from to type to
// is one between a string and a slice of bytes or runes that reflect does not make.
func isStringSliceConversion(from, to reflect.Type) bool {
	if from == nil || to == nil || from.ConvertibleTo(to) {
		return false
	}
	switch {
	case from.Kind() == reflect.String:
		return stringSliceKind(to) != reflect.Invalid
	case to.Kind() == reflect.String:
		return stringSliceKind(from) != reflect.Invalid
	}
	return false
}

// convertStringSlice converts v to type to, a conversion isStringSliceConversion
// accepts.
func convertStringSlice(v reflect.Value, to reflect.Type) reflect.Value {
	if to.Kind() == reflect.String {
		var s string
		if stringSliceKind(v.Type()) == reflect.Uint8 {
			b := make([]byte, v.Len())
			for i := range b {
				b[i] = byte(v.Index(i).Uint())
			}
			s = string(b)
		} else {
			r := make([]rune, v.Len())
			for i := range r {
				r[i] = rune(v.Index(i).Int())
			}
			s = string(r)
		}
		return reflect.ValueOf(s).Convert(to)
	}
	s := v.String()
	if stringSliceKind(to) == reflect.Uint8 {
		out := reflect.MakeSlice(to, len(s), len(s))
		for i := 0; i < len(s); i++ {
			out.Index(i).SetUint(uint64(s[i]))
		}
		return out
	}
	out := reflect.MakeSlice(to, utf8.RuneCountInString(s), utf8.RuneCountInString(s))
	i := 0
	for _, r := range s {
		out.Index(i).SetInt(int64(r))
		i++
	}
	return out
}
