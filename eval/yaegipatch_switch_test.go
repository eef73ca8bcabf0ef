package eval

import "testing"

// Tests of the yaegi patches about switch statements and labels
// (eval/third_party/yaegi/PATCHES.md): case lists evaluated left to right until one
// matches, cases compared as Go's == does, a switch's init statement and tag, and
// labels in the bodies of case and select clauses. Expected outputs are what `go run`
// prints for the same programs.

// Patch 42: a case of a switch without a tag lists several conditions (case a, b: runs
// when any of them is true). Only the first was evaluated, the others were dropped:
// `case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':` did not match 'Z'.
func TestPatchTaglessSwitchCaseList(t *testing.T) {
	src := `package main

import "fmt"

func c2(r rune) string {
	switch {
	case r == 'a', r == 'Z', r == '!':
		return "listed"
	}
	return "other"
}

func d(x int) string {
	switch {
	default:
		return "default"
	case x < 0, x > 10:
		return "out"
	case x == 5:
		return "five"
	}
}

func main() {
	fmt.Println(c2('a'), c2('Z'), c2('!'), c2('1'))
	fmt.Println(d(-1), d(11), d(5), d(3))
	n := 0
	f := func(b bool) bool { n++; return b }
	switch {
	case f(false), f(true), f(true):
		fmt.Println("hit", n)
	}
	x := 5
	switch {
	case x < 0, x > 3:
		fmt.Println("out")
		fallthrough
	case x == 100, x == 200:
		fmt.Println("fell")
	default:
		fmt.Println("in")
	}
}`
	want := "listed listed listed other\nout out five default\nhit 2\nout\nfell\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 43: the expressions of a case list in a switch with a tag are evaluated left to
// right until one matches. Only the first was in the control flow: a later call or
// index expression was never evaluated and its zero value compared instead, so
// `case 1, id(2):` did not match 2, with status ok. Evaluation stops at the first match,
// as in Go: xs[9] after a matching xs[0] does not panic.
func TestPatchTaggedSwitchCaseListEvaluated(t *testing.T) {
	src := `package main

import "fmt"

func id(n int) int { return n }

func main() {
	calls := 0
	f := func(n int) int { calls++; return n }
	x := 2
	switch x {
	case f(1), f(2), f(3):
		fmt.Println("A matched after", calls)
	}
	switch x {
	case 1, id(2):
		fmt.Println("B matched")
	}
	switch x {
	case id(3), id(4):
		fmt.Println("C wrong")
	default:
		fmt.Println("C default")
	}
	s := "go"
	switch s + "!" {
	case "rust!", s + "?", s + "!":
		fmt.Println("D matched")
	}
	var v any = 7
	switch v {
	case "7", id(7):
		fmt.Println("E matched")
	}
	xs := []int{5, 6}
	switch 6 {
	case xs[0], xs[1]:
		fmt.Println("F matched")
		fallthrough
	case id(100), id(200):
		fmt.Println("G fell")
	}
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		switch 5 {
		case xs[0], xs[9]:
			fmt.Println("H matched first, xs[9] not evaluated")
		}
		switch 1 {
		case xs[0], xs[9]:
			fmt.Println("unreached")
		}
	}()
}`
	want := "A matched after 2\nB matched\nC default\nD matched\nE matched\nF matched\nG fell\nH matched first, xs[9] not evaluated\nrecovered: runtime error: index out of range [9] with length 2\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 87: a switch compares its cases as Go's == does: an untyped constant case takes
// the tag's type (case 1e16 of a uint64 tag compared as float64s, and 1e16+1 matched,
// status ok), and a channel tag matches a case of the other direction's type (it did not,
// or panicked in reflect's Convert). Found by Go's test/fixedbugs/issue43480.go and
// issue67190.go.
func TestPatchSwitchComparesAsEquality(t *testing.T) {
	checkCorpusProgramBare(t, "gs_switch_constant_cases")
	checkCorpusProgram(t, "gs_switch_constant_cases")
}

// Patch 104: a switch with an init statement and a tag (switch y := 1; y + 1) compared
// the cases with the tag's slot before the tag was evaluated (it took default), and an
// empty switch ran neither its init statement nor its tag.
func TestPatchSwitchInitAndTag(t *testing.T) {
	const body = `
import "fmt"

func f() int { fmt.Println("f ran"); return 1 }

func main() {
	switch y := 1; y + 1 {
	case 2:
		fmt.Println("two")
	default:
		fmt.Println("default")
	}
	switch x := f(); x * 10 {
	case 10, 20:
		fmt.Println("ten")
	}
	switch _ = f(); true {
	}
	switch _ = f(); {
	}
	switch f() {
	}
	for i := 0; i < 3; i++ {
		switch j := i * 2; j - 1 {
		case 1:
			fmt.Println("i=1")
		case 3:
			continue
		}
		fmt.Println("end", i)
	}
}
`
	const want = "two\nf ran\nten\nf ran\nf ran\nf ran\nend 0\ni=1\nend 1\n"
	if got := yaegiStdout(t, "package main\n"+body); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 106: a forward goto to a label of a case clause's or a select clause's body
// was "undefined" (labels were defined before the statements only in blocks); the
// rewriter's break out of a select inside a switch case is such a goto.
func TestPatchLabelsInClauseBodies(t *testing.T) {
	const body = `
import "fmt"

func main() {
	switch true {
	case true:
		if true {
			goto end
		}
		fmt.Println("not here")
	end:
		fmt.Println("after")
	}
	c := make(chan int, 1)
	c <- 1
	select {
	case x := <-c:
		if x == 1 {
			goto done
		}
		fmt.Println("not here")
	done:
		fmt.Println("done", x)
	}
}
`
	const want = "after\ndone 1\n"
	if got := yaegiStdout(t, "package main\n"+body); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
	got := cellStdout(t, `import "fmt"

func main() {
	switch true {
	case true:
		c := make(chan float64, 1)
		select {
		case c <- 0.5:
			if len(c) > 0 {
				break
			}
			fmt.Println("not here")
		}
		fmt.Println("after select", len(c))
	}
}`)
	if want := "after select 1\n"; got != want {
		t.Errorf("break in a select in a case: got %q, want (go run) %q", got, want)
	}
}
