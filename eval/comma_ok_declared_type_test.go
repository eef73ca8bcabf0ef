package eval

import "testing"

// Patch 163: `var a, b any = any(nil).(bool)` at the top level made the interpreter
// panic while compiling ("nil type", Go's test fixedbugs/issue53619.go), and so did
// `var v, ok = m["x"]`; once compiled, the top-level comma-ok forms of a map index and a
// receive never stored their variables (silently zero), the variables declared with a
// type were of the expression's types, a failed assertion left nil in an `any` where Go
// stores the zero value asserted to, and a package variable using them was initialized
// before them. The expected output is go run's.
func TestCommaOkDeclaredWithType(t *testing.T) {
	checkCorpusProgramBare(t, "comma_ok_declared_type")
	checkCorpusProgram(t, "comma_ok_declared_type")
}
