package eval

import "testing"

// Patch 203: a struct type holding an instance of a generic type made of a pointer to
// itself (type T struct{ b *Box[*T] }). While T was being made it had no name, so the
// instance was named Box[*struct {}], one instance for every such type (a U's box held
// a *T: "undefined selector: n"), and the instance's methods were compiled before T had
// its fields; a map[*T]bool field kept the interpreter's stand-in key type (reflect.Set
// panics). The program prints %T of the boxes' values, which a bare interpreter writes
// otherwise: it runs as a cell, and compiles bare. The expected output is go run's.
func TestStructHoldingItsOwnInstance(t *testing.T) {
	compilesBare(t, "struct_holding_own_instance")
	checkCorpusProgram(t, "struct_holding_own_instance")
}
