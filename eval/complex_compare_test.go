package eval

import "testing"

// Yaegi patch 96: a complex64 compared with an untyped complex constant compares with
// the constant converted to complex64, as Go does: the constant kept complex128's
// precision, so `c64 == C` was false for the rounded value (Go's test ken/cplx2.go).
// Expected output from go run.
func TestComplex64ComparedWithConstant(t *testing.T) {
	got := cellStdout(t, `import "fmt"

const Cd = (10 + 6i) / (5 + 12i)

func main() {
	var f float32 = 0.1
	fmt.Println(f == 0.1, f != 0.1)
	var c complex64 = Cd
	fmt.Println(c == Cd, c != Cd)
	var c5, c6 complex64 = 10 + 6i, 5 + 12i
	cd := c5 / c6
	fmt.Println(cd == Cd, cd != Cd, cd)
	x := complex64(Cd)
	fmt.Println(x == Cd)
}`)
	want := `true false
true false
true false (0.7218935-0.5325444i)
true
`
	if got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}
