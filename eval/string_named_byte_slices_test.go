package eval

import "testing"

// Patch 156: Go converts strings to and from slices of named bytes and runes
// (`string([]MyByte{...})`, `[]MyRune(s)`, Go's tests fixedbugs/issue23536.go and
// fixedbugs/issue23814.go); a type declared in a cell is a named reflect type, which
// reflect does not convert, and the interpreter refused them ("cannot convert
// expression of type []main.MyByte to type string"). The expected output is go run's
// (the bare interpreter prints the pool's type names for %T: only the cell is
// compared).
func TestStringConversionsOfNamedByteSlices(t *testing.T) {
	compilesBare(t, "string_named_byte_slices")
	checkCorpusProgram(t, "string_named_byte_slices")
}
