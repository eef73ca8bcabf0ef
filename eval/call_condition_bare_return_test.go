package eval

import "testing"

// A call used as a condition branches on its result; when the false branch is a bare
// return that ends the function (`if f() { ... } else { return }`), its code is nil and
// the interpreter took the true branch whatever the call returned (seed 7339 of the
// random programs printed a select's line where Go returned). Yaegi patch 222 branches
// whenever the call has a false branch. The corpus program covers declared, literal,
// compiled, method and generic callees, a loop condition and a switch case.
func TestCallConditionWithBareReturnBranch(t *testing.T) {
	got := cellStdout(t, `import "fmt"

var g bool

func f() bool { return g }

func a() {
	if f() {
		fmt.Println("then")
	} else {
		return
	}
	fmt.Println("after")
}

func main() {
	a()
	fmt.Println("end")
}`)
	if want := "end\n"; got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
	}
	checkCorpusProgram(t, "call_condition_bare_return")
	checkCorpusProgramBare(t, "call_condition_bare_return")
}
