package eval

import "testing"

// Patch 153: a struct type with two blank fields (`struct{ _ int; a int; _ [2]byte }`,
// padding as in Go's tests fixedbugs/bug442.go and fixedbugs/issue21048.go) made the
// interpreter panic while compiling: reflect.StructOf "duplicate field X_". Each blank
// field gets a reflect name of its own; cells print and reflect them as Go does (the
// bare interpreter prints its X-names, as for every unexported field, so only the cell
// is compared). The expected output is go run's.
func TestStructWithSeveralBlankFields(t *testing.T) {
	compilesBare(t, "struct_blank_fields")
	checkCorpusProgram(t, "struct_blank_fields")
}
