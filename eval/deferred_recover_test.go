package eval

import "testing"

// recover() called by a deferred method stops the panic, as in Go: `defer t.M()` with
// `func (T) M() { fmt.Println(recover()) }` printed <nil> and the panic went on (the
// rewriter defers a function literal calling M, and yaegi's recover looked for the panic
// in the frame the literal's frame descends from). Yaegi patch 221 gives a deferred
// call's frame the frame of its defer statement, and a literal the rewriter made for a
// method call hands it to the method. The corpus program checks every form of deferred
// call (method values and expressions, promoted, interface and generic methods,
// function values and closures through variables, range-over-func bodies) and the calls
// whose recover() must still get nil (not called directly by the deferred function).
func TestRecoverInDeferredMethods(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type T struct{ n int }

func (T) M() { fmt.Println("rec:", recover()) }

func f() {
	t := T{}
	defer t.M()
	panic("boom")
}

func main() {
	f()
	fmt.Println("after")
}`)
	if want := "rec: boom\nafter\n"; got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
	}
	// Cells only: the bare interpreter has no range-over-func loops (the rewriter makes
	// them).
	checkCorpusProgram(t, "deferred_method_recover")
	checkCorpusProgram(t, "deferred_recover_callee_forms")
}

// A function literal deferred in a loop sees the variables of its pass when it assigns
// them: the rewriter passes the loop's variables a deferred literal only reads as
// arguments, and a literal that writes one kept it captured, but yaegi ran a deferred
// literal on its function's frame as the loop left it, the last pass's variable (seed
// 7273 of the random programs printed `8`, the last rune, for Go's `6f`). Yaegi patch 221
// runs it on a copy of the frame made at the defer statement, as a literal's value does.
func TestDeferredLiteralSeesItsPassVariables(t *testing.T) {
	got := cellStdout(t, `import "fmt"

func main() {
	for _, r := range "ho" {
		defer func() {
			fmt.Printf("%x\n", r)
			if false {
				r = 5
			}
		}()
	}
}`)
	if want := "6f\n68\n"; got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
	}
	// Cells only: a bare interpreter shares a loop's variables between passes (the
	// rewriter declares them per pass, as Go 1.22 does).
	checkCorpusProgram(t, "deferred_literal_loop_variable")
	checkCorpusProgram(t, "deferred_literal_sees_later_changes")
}
