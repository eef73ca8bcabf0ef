package eval

import "testing"

// A value of a generic struct type's instance that registered no methods (it has none,
// or only generic code makes it) reached the printer without its static type (through
// a printing function used as a value, a deferred call the rewrite collected, a
// goroutine) as a plain struct of an unnamed reflect type, which the printer could not
// tell from any other: its fields printed without their String methods (random program
// seed 18455). Its identity tag names it; the generic type describes it. The expected
// output is go run's.
func TestGenericStructInstancePrintPaths(t *testing.T) {
	checkCorpusProgram(t, "generic_struct_instance_print_paths")
}
