package eval

import "testing"

// The rewrite of an assertion to an interface declared in the session tries the
// session's types one by one; it left out the instances of generic types, so a
// *A[string] held in an any failed x.(getter[string]) in a cell (typeparam/genembed.go
// of Go's test suite, issue 29). The instances the cell uses are tried too. The
// expected output is go run's.
func TestGenericInstanceAssertedToSessionInterface(t *testing.T) {
	checkCorpusProgram(t, "generic_instance_in_session_iface")
}
