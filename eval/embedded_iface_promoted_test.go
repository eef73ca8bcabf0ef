package eval

import "testing"

// Patch 144: a method promoted from an embedded interface field two or more levels
// down (c.m2() with C embedding B1 embedding an interface A2) panicked "invalid
// interface value": the run-time search looked one level deep, through fields reflect
// marks as embedded, which no interface with methods is (typeparam/issue44688.go of
// Go's test suite, issue 29). The field's path is found when compiling. The expected
// output is go run's.
func TestEmbeddedInterfaceMethodPromotedDeep(t *testing.T) {
	checkCorpusProgramBare(t, "embedded_iface_promoted_deep")
	checkCorpusProgram(t, "embedded_iface_promoted_deep")
}
