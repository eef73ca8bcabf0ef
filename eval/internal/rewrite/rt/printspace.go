package rt

import (
	"fmt"
	"reflect"
	"strings"
)

// ShowPrint is Show for an operand of a printing function without a format that adds
// spaces between operands (fmt.Print, Sprint, Fprint, Append; log.Print, Fatal,
// Panic): these put a space between two operands when neither is a string, a value of
// kind string (named or not, fmt's doPrint). Show's wrapper is no string, so a value of
// a string type of a cell (`type Name string`) got spaces Go does not print ("N:ann 1"
// for Go's "N:ann1"). Such a value is printed now, as %v prints it (all these functions
// print every operand so), and passed as the string it prints as; other values are
// wrapped as Show wraps them.
func ShowPrint(v any, id int) any {
	s := Show(v, id)
	if sh, ok := s.(shown); ok && isStringKind(sh) {
		return fmt.Sprint(s)
	}
	return s
}

// ShowAllPrint is ShowAll for the operands spread into such a function (fmt.Print(vals...)).
func ShowAllPrint(s any, id int) []any {
	out := ShowAll(s, id)
	for i, o := range out {
		if sh, ok := o.(shown); ok && isStringKind(sh) {
			out[i] = fmt.Sprint(o)
		}
	}
	return out
}

// isStringKind reports whether the value a wrapper holds is of kind string, as fmt sees
// it: the dynamic value of an interface, the value inside the interpreter's wrappers.
func isStringKind(sh shown) bool {
	if !sh.v.IsValid() {
		return false
	}
	dv, _ := dynamic(sh.v, sh.t.Session)
	return dv.IsValid() && dv.Kind() == reflect.String
}

// Extra is the text fmt's Printf family appends for operands no verb of a constant format
// used, `%!(EXTRA main.Label=extra, int=2)`, for the rewriter to append to the format in
// their place: fmt names each by its reflect type, which for a value of a cell type is
// the interpreter's stand-in (namedpool.String_1, an unnamed struct). pairs are the
// operands, each followed by the id of its static type's description.
func Extra(pairs ...any) string {
	var b strings.Builder
	for i := 0; i+1 < len(pairs); i += 2 {
		if i > 0 {
			b.WriteString(", ")
		}
		v, id := pairs[i], pairs[i+1].(int)
		if v == nil {
			b.WriteString("<nil>")
			continue
		}
		b.WriteString(TypeName(v, id))
		b.WriteByte('=')
		b.WriteString(fmt.Sprint(Show(v, id)))
	}
	return b.String()
}
