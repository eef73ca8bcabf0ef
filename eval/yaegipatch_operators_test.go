package eval

import "testing"

// Tests of the yaegi patches about operators, constants and range over strings
// (eval/third_party/yaegi/PATCHES.md): || and && on operations that start with a
// literal, ++ and -- of a uintptr, the types of shift counts, real and imag of
// constants, and the byte positions of a range over a string. Expected outputs are
// what `go run` prints for the same programs.

// Patch 103: in a || or && whose left operand is an operation that starts with a node
// running nothing (S{} == S{} starts at the literal S{}), that node was made the branch:
// it read its own frame slot as the bool, "reflect: call of reflect.Value.Bool on int
// Value", or a wrong bool.
func TestPatchLogicalOperatorOnCompositeComparison(t *testing.T) {
	const body = `
import "fmt"

type S struct{ F2 string; F3 bool }

func f() (v S) {
	func() int {
		if (S{F2: ""} == S{}) || v.F3 {
			fmt.Println("A")
		}
		if (S{F3: true} == S{}) && !v.F3 {
			fmt.Println("B")
		}
		return 1
	}()
	return v
}

func main() {
	fmt.Println(f())
	a := true
	fmt.Println(S{} == S{} || a, (S{} != S{}) && a, (a) && !a)
}
`
	const want = "A\n{ false}\ntrue false false\n"
	if got := yaegiStdout(t, "package main\n"+body); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 80: ++ and -- of a uintptr. inc and dec had no code for the uintptr kind: the
// statement panicked with "internal error: no code generated for incDecStmt" (patch 1),
// which, in a goroutine, ended the session (Go's test/gcgort.go).
func TestPatchUintptrIncDec(t *testing.T) {
	checkCorpusProgramBare(t, "gs_uintptr_incdec")
	checkCorpusProgram(t, "gs_uintptr_incdec")
}

// Patch 90: a shift count that is a non-constant shift of an untyped constant
// (1 << (1 << x)) keeps the type its code computes. The count's type was changed to uint
// after its code was made for an int, and reading it panicked ("reflect: call of
// reflect.Value.Uint on int Value"). Found by Go's test/fixedbugs/bug180.go and
// issue12133.go.
func TestPatchShiftCountThatIsAShift(t *testing.T) {
	checkCorpusProgramBare(t, "gs_shift_count_shift")
	checkCorpusProgram(t, "gs_shift_count_shift")
}

// Patch 107: the count of a shift took the shifted operand's type before its own was
// known, so its untyped constants did too: x << ((uint8(13) / (b | 1)) & 127) with x an
// N1 failed "mismatched types uint8 and main.N1".
func TestPatchShiftCountKeepsItsType(t *testing.T) {
	const body = `
import "fmt"

type N1 int32

func main() {
	v3 := []uint8{7}
	var v19 N1 = (N1(-8) >> ((uint8(13) / (v3[0] | 1)) & 127))
	var g28 uint = 5
	g29 := []uint8{(uint8(16) << ((uint(17) % (g28 | 1)) & 63)), uint8(2)}
	var w int8 = 3
	w += ((int8(-1) / ((int8(4) | w) | 1)) << ((uint64(19) % (uint64(w) | 1)) & 127))
	fmt.Println(v19, g29, w)
}
`
	const want = "-4 [64 2] 3\n"
	if got := yaegiStdout(t, "package main\n"+body); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 72: real and imag of an untyped constant operand, which panicked while compiling
// where the operand was a literal (`return real(2i), ...`).
func TestPatchRealImagOfConstant(t *testing.T) {
	src := `package main

import "fmt"

func parts() (float64, float64) { return real(2i), imag(2i) }

func main() {
	const c = 5 + 6i
	var z float32 = real(c)
	fmt.Println(parts())
	fmt.Println(z, imag(c), real(3+4i))
}`
	const want = "0 2\n5 6 3\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, src); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
}

// Patch 32: range over a string gives the byte position of each rune and decodes an
// invalid byte as one RuneError of width 1, as Go does; yaegi ranged over []rune(s) and
// computed positions from the runes re-encoded (an invalid byte counted 3) and, in the
// key-only form, gave rune indexes instead of byte positions. The string is evaluated once.
func TestPatchRangeStringPositions(t *testing.T) {
	src := `package main

import "fmt"

type Word string

func main() {
	s := "a\xffé世"
	for i, r := range s {
		fmt.Print(i, ":", r, " ")
	}
	fmt.Println()
	for i := range s {
		fmt.Print(i, " ")
	}
	fmt.Println()
	n := 0
	for range s {
		n++
	}
	fmt.Println(n)
	t := "xyz"
	for i, r := range t {
		t = "changed"
		fmt.Print(i, string(r))
	}
	fmt.Println(" ", t)
	for i := range Word("héj") {
		fmt.Print(i, " ")
	}
	fmt.Println()
	var w any = "ok"
	for i, r := range w.(string) {
		if r == 'k' {
			break
		}
		fmt.Println(i, r)
	}
	for _, r := range "" {
		fmt.Println("never", r)
	}
}
`
	want := `0:97 1:65533 2:233 4:19990 
0 1 2 4 
4
0x1y2z  changed
0 1 3 
0 111
`
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}
