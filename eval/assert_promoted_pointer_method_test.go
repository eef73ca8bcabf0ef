package eval

import (
	"strings"
	"testing"
)

// Patch 256: an assertion to a struct type whose method is promoted from an embedded
// pointer (struct{ *T } with func (*T) M()) was refused, "impossible type assertion:
// main.S does not implement main.I as "M" method has a pointer receiver", where gc
// compiles it: the method is in the struct's own method set (gosmith seeds 13464 and
// 18097, issue 29; a cell's rewrite now asserts on the unwrapped value, so only the
// bare interpreter still met it). The expected output is go run's.
func TestAssertPromotedPointerMethod(t *testing.T) {
	checkCorpusProgramBare(t, "smith_assert_promoted_pointer_method")
	checkCorpusProgram(t, "smith_assert_promoted_pointer_method")
}

// An embedded value's pointer method is not in the struct's method set: gc refuses
// `i.(S)` with S struct{ T } ("impossible type assertion: i.(S)\n\tS does not implement
// I (method M has pointer receiver)"), and the interpreter must still refuse it.
func TestAssertValueEmbeddedPointerMethodRefused(t *testing.T) {
	const src = `package main

type T struct{ N int }

func (t *T) M() string { return "T" }

type S struct{ T }

type I interface{ M() string }

func main() {
	var i I = &S{}
	_, ok := i.(S)
	println(ok)
}
`
	err := yaegiCompileError(src)
	if err == nil || !strings.Contains(err.Error(), "impossible type assertion") {
		t.Fatalf("compile error = %v, want an impossible type assertion", err)
	}
}
