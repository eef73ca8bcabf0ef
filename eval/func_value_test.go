package eval

import "testing"

// Yaegi patch 93: a function declared in a cell, used as a value where an interface or a
// function is wanted (an argument, a result, an append, a conversion to any), is its
// function value. It was the *node of its declaration: %T printed *interp.node and an
// assertion to its func type failed, silently, once a `return g` into an interface had
// changed the type's node (Go's test typeswitch.go); a `return g` of a func type failed in
// reflect.Set.
// The program: eval/testdata/corpus/func_decl_as_value.go.
func TestDeclaredFunctionAsValue(t *testing.T) {
	checkCorpusProgram(t, "func_decl_as_value")
}
