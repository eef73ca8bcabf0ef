package eval

import "testing"

// Patch 162: a built-in called with the results of a call (copy(f(a)), delete(h(m)),
// print(f()), println(f()), complex(f()), append(f())) read one operand per argument:
// copy(f(a)), complex(f()) and append(f()) made the interpreter panic while compiling
// (index out of range, Go's tests fixedbugs/issue15992.go and fixedbugs/issue5793.go),
// print(f()) printed f's first result only, and in a cell
// print(f()) was refused ("cannot use func() (int16, float64, string) as type any",
// fixedbugs/issue35576.go). The expected output is go run's; the bare interpreter's
// builtin print writes as yaegi's does (cells rewrite it), so it is only compiled there.
func TestBuiltinCalledWithCallResults(t *testing.T) {
	compilesBare(t, "builtin_call_results_args")
	checkCorpusProgram(t, "builtin_call_results_args")
	s := newSession(t)
	_, rec := mustExec(t, s, "func three() (int16, float64, string) { return -42, 42.0, \"x\" }\nprint(three())\nprintln(three())")
	// go run prints "-4242x-42 42 x\n" to standard error.
	if got, want := rec.stream("stderr"), "-4242x-42 42 x\n"; got != want {
		t.Errorf("print(f()), println(f()): stderr %q, want %q", got, want)
	}
}
