package eval

import "testing"

// Patch 143: a method called on the conversion of a value to an interface of the
// interpreter, Stringer(v).String(), found the bare value where it looks for a
// valueInterface (reflect's "call of reflect.Value.NumField on int Value":
// typeparam/boundmethod.go of Go's test suite, issue 29). The conversion holds the
// value with its type, as an assignment to the interface does. The expected output is
// go run's.
func TestInterfaceConversionMethodCall(t *testing.T) {
	checkCorpusProgram(t, "iface_conversion_method_call")
}
