package eval

import "testing"

// Tests of the yaegi patches 17-22 and of the nil embedded pointer extension of patch 3
// (eval/third_party/yaegi/PATCHES.md), each on a bare interpreter (yaegiStdout) with the
// expected output taken from go run.

// Patch 3, extended: a field or method promoted through a nil embedded pointer panics
// with Go's nil dereference (reflect said "indirection through nil pointer to embedded
// struct" and "call of reflect.Value.Field on zero Value"); a method on a non-nil path
// still runs, and a reflect panic of a called function passes through.
func TestPatchRuntimeErrorsNilEmbedded(t *testing.T) {
	src := `package main

import (
	"fmt"
	"reflect"
	"runtime"
)

type Base struct{ Name string }

func (b Base) Hello() string { return "hi " + b.Name }

type Mid struct{ *Base }

type Top struct {
	Mid
	N int
}

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRT := r.(runtime.Error)
		fmt.Printf("%s: %v %v\n", name, r, isRT)
	}()
	f()
}

func main() {
	var t Top
	try("field", func() { _ = t.Name })
	try("method", func() { _ = t.Hello() })
	try("store", func() { t.Name = "x" })
	t.Base = &Base{"ann"}
	fmt.Println(t.Hello(), t.Name)
	try("reflect", func() { reflect.Value{}.Field(0) })
}`
	want := `field: runtime error: invalid memory address or nil pointer dereference true
method: runtime error: invalid memory address or nil pointer dereference true
store: runtime error: invalid memory address or nil pointer dereference true
hi ann ann
reflect: reflect: call of reflect.Value.Field on zero Value false
`
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
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

// Patch 33: a type alias declared in a function (type pair = struct{ K string; V int })
// denotes the aliased type; yaegi only handled aliases at package level and failed with
// "definition loop" on the first use of a local one.
func TestPatchLocalStructAlias(t *testing.T) {
	src := `package main

import (
	"fmt"
	"strings"
)

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°", float64(t)) }

func main() {
	type myint = int
	var a myint = 2
	var b int = a * 3
	type pair = struct {
		K string
		V int
	}
	ps := []pair{{"x", b}}
	var q struct {
		K string
		V int
	} = ps[0]
	type T = Temp
	t := T(21.5)
	type B = strings.Builder
	var sb B
	sb.WriteString(t.String())
	fmt.Printf("%T %d %v %v %s\n", a, b, ps, q, sb.String())
}
`
	want := `int 6 [{x 6}] {x 6} 21.5°
`
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 34: a value of type any asserted to an interface literal with methods
// (x.(interface{ Temporary() bool })) with its result kept panicked with "reflect.Set: value
// of type interface {} is not assignable to type interp.valueInterface".
func TestPatchAssertAnyToInterfaceLiteral(t *testing.T) {
	src := `package main

import "fmt"

type TE struct{ A int }

func (e *TE) Temporary() bool { return e.A > 0 }

type temp interface{ Temporary() bool }

func main() {
	var x any = &TE{3}
	w, ok := x.(interface{ Temporary() bool })
	fmt.Println(ok, w.Temporary())
	var v interface{ Temporary() bool }
	v = x.(interface{ Temporary() bool })
	fmt.Println(v.Temporary())
	var n temp = x.(temp)
	fmt.Println(n.Temporary())
	_, ok = any(5).(interface{ Temporary() bool })
	fmt.Println(ok)
}
`
	want := `true true
true
true
false
`
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 35: a function or method with an unnamed parameter (func (n Num)
// Eval(map[string]float64)) got no frame slot for it, while the caller copies the
// arguments into consecutive slots: the argument landed in a local's slot (reflect.Set
// panics, or a local silently overwritten).
func TestPatchUnnamedParameters(t *testing.T) {
	src := `package main

import (
	"fmt"
	"sort"
	"strings"
)

type Num float64

func (n Num) Eval(map[string]float64) (float64, error) { return float64(n) * 2, nil }

type Box struct{ v int }

func (b Box) Get(int, string) int { t := b.v + 1; return t }

func (b *Box) Set(_ int, v int) { b.v = v }

type Evaler interface {
	Eval(map[string]float64) (float64, error)
}

func ignore(string, int) string { return "ignored" }

func main() {
	fmt.Println(Num(2).Eval(nil))
	var e Evaler = Num(4)
	fmt.Println(e.Eval(map[string]float64{"x": 1}))
	b := &Box{3}
	b.Set(0, 9)
	fmt.Println(b.Get(1, "a"), ignore("s", 1))
	f := func(int, string) string { s := "lit"; return s }
	fmt.Println(f(1, "x"))
	fmt.Println(strings.Map(func(rune) rune { return 'x' }, "abc"))
	xs := []int{3, 1, 2}
	sort.Slice(xs, func(i, _ int) bool { return xs[i] < 2 })
	g := b.Get
	fmt.Println(g(0, ""), len(xs))
}
`
	want := `4 <nil>
8 <nil>
10 ignored
lit
xxx
10 3
`
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 36: a shift by a negative count of a signed type panics with Go's runtime error
// ("negative shift amount"); yaegi converted the count to uint64 and shifted everything
// out (1 << -1 gave 0 with status ok).
func TestPatchNegativeShift(t *testing.T) {
	src := `package main

import (
	"fmt"
	"runtime"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRT := r.(runtime.Error)
		fmt.Printf("%s: %v %v\n", name, r, isRT)
	}()
	f()
}

func main() {
	n := -1
	var s8 int8 = -3
	var u uint = 70
	x, y := 5, uint32(7)
	try("shl", func() { fmt.Println(x << n) })
	try("shr", func() { fmt.Println(y >> n) })
	try("shl8", func() { fmt.Println(x << s8) })
	try("assign", func() { x <<= n })
	try("assignr", func() { y >>= s8 })
	try("big", func() { fmt.Println(x<<u, y>>u, -8>>u) })
	m := 3
	try("ok", func() { fmt.Println(x<<m, y>>1, int64(-16)>>m) })
}
`
	want := `shl: runtime error: negative shift amount true
shr: runtime error: negative shift amount true
shl8: runtime error: negative shift amount true
assign: runtime error: negative shift amount true
assignr: runtime error: negative shift amount true
0 0 -1
big: <nil> false
40 3 -2
ok: <nil> false
`
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 37: a negative zero passed to an interpreted function keeps its sign; the call
// skipped copying arguments reflect counts as zero, and reflect counts -0.0 as zero, so
// the parameter was +0.0 (min(-0.0, 0.0) of the prelude printed 0 where Go prints -0).
func TestPatchNegativeZeroArgument(t *testing.T) {
	src := `package main

import (
	"fmt"
	"math"
)

func id[T any](x T) T                      { m := x; return m }
func idf(x float64) float64                { m := x; return m }
func idv(x float64, ys ...float64) float64 { m := x; return m }
func r1(x float64) float64                 { return x }
func r2(x float64) bool                    { return math.Signbit(x) }
func r3(x float64) (m float64)             { m = x; return }

func c128(c complex128) bool { return math.Signbit(imag(c)) }

func main() {
	negz := math.Copysign(0, -1)
	a := negz
	var b float64 = negz
	fmt.Println(negz, a, b, id(negz), idf(negz), idv(negz, 0), math.Signbit(negz))
	c := 0.0
	c = negz
	fmt.Println(c, -c, 0*-1.0, c*1)
	fmt.Println(r1(negz), r2(negz), r3(negz))
	v := r1(negz)
	fmt.Println(math.Signbit(v), c128(complex(1, math.Copysign(0, -1))))
}
`
	want := `-0 -0 -0 -0 -0 -0 true
-0 0 0 -0
-0 true -0
true true
`
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}
