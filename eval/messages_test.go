package eval

import (
	"regexp"
	"strings"
	"testing"
)

// A function launched as a kernel without its gpu.Thread parameter gets a hint naming the
// signature it needs.
func TestLaunchOfAPlainFunctionSaysWhatMakesAKernel(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, `import "peerbook/gpu"`)
	_, e, _ := run(t, s, "func fill5(x []float32) {\n\tx[0] = 5\n}\nb, _ := gpu.Dev(0).Alloc(gpu.Float32, 4)\nfill5.Launch(gpu.Dev(0), 1, 4, b)")
	if e == nil || e.Name != NameCompile {
		t.Fatalf("want a compile error, got %+v", e)
	}
	want := "fill5 is a Go function, not a kernel; a Go kernel's first parameter is a gpu.Thread: func fill5(t gpu.Thread, x []float32)"
	if !strings.Contains(e.Value, want) {
		t.Errorf("the error lacks the hint %q:\n%s", want, e.Value)
	}
	if got := explainNotAKernel("k.Launch undefined (type func() has no field or method Launch)"); !strings.HasSuffix(got, "func k(t gpu.Thread)") {
		t.Errorf("a kernel without parameters: %s", got)
	}
	if got := explainNotAKernel("x.Foo undefined (type int has no field or method Foo)"); got != "x.Foo undefined (type int has no field or method Foo)" {
		t.Errorf("another error changed: %s", got)
	}
}

// A bracket never closed is one error at the bracket, within the cell (the parser reported
// each line after it, down to a line past the cell's end).
func TestUnclosedBracketIsOneErrorInsideTheCell(t *testing.T) {
	s := newSession(t)
	for _, tc := range []struct {
		code, want string
	}{
		{"x := 1\nfmt.Println(x\ny := 2\nz := 3", "2:12: this ( is never closed: the cell ends before its )"},
		{"import \"fmt\"\nx := 1\nfmt.Println(x,\ny := 2", "3:12: this ( is never closed: the cell ends before its )"},
		{"func f() {\n\tif true {\n\t\treturn\n\t}", "1:10: this { is never closed: the cell ends before its }"},
		{"xs := []int{1, 2\nys := 3", "1:12: this { is never closed"},
		{"for i := 0; i < 3; i++ {\n\tfmt.Println(i\n}", "2:"}, // the ( is closed by a }: the parser says where
	} {
		_, e, _ := run(t, s, tc.code)
		if e == nil || e.Name != NameCompile {
			t.Errorf("%q: want a compile error, got %+v", tc.code, e)
			continue
		}
		if !strings.Contains(e.Value, tc.want) {
			t.Errorf("%q: %q, want %q", tc.code, e.Value, tc.want)
		}
		lines := strings.Count(tc.code, "\n") + 1
		for _, l := range e.Traceback {
			for _, m := range regexp.MustCompile(`cell\[\d+\] (\d+):`).FindAllStringSubmatch(l, -1) {
				if n := atoiOr(m[1]); n > lines {
					t.Errorf("%q (%d lines): an error on line %d: %s", tc.code, lines, n, l)
				}
			}
		}
	}
	// An error before the bracket stays.
	_, e, _ := run(t, s, "x := 1 +\ny := (2")
	if e == nil || !strings.Contains(e.Value, "2:3: expected ';', found ':='") || !strings.Contains(strings.Join(e.Traceback, "\n"), "2:6: this ( is never closed") {
		t.Errorf("an error before the bracket: %+v", e)
	}
}

func atoiOr(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}
