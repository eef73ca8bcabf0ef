package eval

import "testing"

// Tests of the yaegi patches found by the hunter3 branch's corpus programs
// (eval/third_party/yaegi/PATCHES.md, from 42), each on a bare interpreter (yaegiStdout)
// with the expected output taken from go run.

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

// Patch 45: a multiple assignment or definition with a composite literal, a call or a
// receive among its values assigns all of them. The frame-slot optimizations of those
// values skipped the statement's code, which assigned the others: `q, r := pt{5}, 1`
// and `h, k = two(), 3` left r and k at zero, with status ok.
func TestPatchMultiAssignKeepsEveryValue(t *testing.T) {
	src := `package main

import (
	"fmt"
	"strings"
)

type pt struct{ X int }

func two() int { return 2 }

func main() {
	q, r := pt{5}, 1
	fmt.Println(q, r)
	a, b := 1, pt{6}
	fmt.Println(a, b)
	c, d := []int{1}, two()
	fmt.Println(c, d)
	var e, g = pt{7}, "x"
	fmt.Println(e, g)
	var h, k int
	h, k = two(), 3
	fmt.Println(h, k)
	ch := make(chan int, 3)
	ch <- 9
	ch <- 10
	ch <- 11
	m, n := <-ch, 4
	fmt.Println(m, n)
	m, n = <-ch, <-ch
	fmt.Println(m, n)
	s, u := two(), pt{8}
	fmt.Println(s, u)
	name, age := strings.TrimSpace("  ada "), 36
	fmt.Println(name, age)
	x, y := 1, 2
	x, y = y, two()+x
	fmt.Println(x, y)
	p := &pt{1}
	p.X, y = 40, two()
	fmt.Println(p.X, y)
	mp := map[string]int{}
	mp["a"], y = two(), 0
	fmt.Println(mp, y)
}`
	want := "{5} 1\n1 {6}\n[1] 2\n{7} x\n2 3\n9 4\n10 11\n2 {8}\nada 36\n2 3\n40 2\nmap[a:2] 0\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}
