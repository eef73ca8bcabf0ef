package eval

import "testing"

// Patch 146: a failed assertion x.(U) to a type parameter's concrete type, with x of an
// interface type with methods, panicked naming "interface {}" where the runtime names
// x's static type ("interface { T() main.T } is nil, not main.T":
// typeparam/mdempsky/16.go of Go's test suite, issue 29, checks it: a silent wrong
// answer there). The expected output is go run's.
func TestAssertionMessageNamesStaticInterface(t *testing.T) {
	checkCorpusProgramBare(t, "assert_message_static_iface")
	checkCorpusProgram(t, "assert_message_static_iface")
}
