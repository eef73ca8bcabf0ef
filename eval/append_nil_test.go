package eval

import "testing"

// Patch 125: append(b, nil) with b a slice of a compiled pointer type
// ([]*strings.Builder) appended the nil of interface{}, and reflect.Append panicked
// ("value of type interface {} is not assignable to type *strings.Builder"). The nil is
// the element type's now. The expected output is go run's.
func TestAppendNil(t *testing.T) {
	checkCorpusProgramBare(t, "smith_append_nil")
	checkCorpusProgram(t, "smith_append_nil")
}
