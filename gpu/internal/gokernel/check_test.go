package gokernel

import (
	"strings"
	"testing"
)

// Each source fails to define, with the error at the given cell position ("cell[2]:L:C",
// the cell's own lines: src starts at line 10) and a message containing msg.
// Long function: a table of every construct the checker refuses.
func TestRejectedConstructs(t *testing.T) {
	cases := []struct{ name, src, pos, msg string }{
		{"map", `func k(t gpu.Thread, x []int) {
	m := map[int]int{}
	x[0] = m[1]
}`, "cell[2]:11:7", "maps are not available"},
		{"channel", `func k(t gpu.Thread, x []int) {
	c := make(chan int)
	_ = c
}`, "cell[2]:11:7", "builtin make is not available"},
		{"goroutine", `func k(t gpu.Thread, x []int) {
	go func() {}()
}`, "cell[2]:11:2", "goroutines are not available"},
		{"closure", `func k(t gpu.Thread, x []int) {
	f := func() int { return 1 }
	x[0] = f()
}`, "cell[2]:11:7", "closures"},
		{"session variable", `func k(t gpu.Thread, x []int) {
	x[0] = scale
}`, "cell[2]:11:9", "undefined: scale"},
		{"package call", `import "fmt"

func k(t gpu.Thread, x []int) {
	fmt.Println(x[0])
}`, "cell[2]:13:6", "fmt.Println can't be used in a kernel"},
		{"host function", `func helper(a int) int { return a }

func k(t gpu.Thread, x []int) {
	x[0] = helper(1)
}`, "cell[2]:13:9", "undefined: helper"},
		{"slicing", `func k(t gpu.Thread, x []int) {
	y := x[1:]
	_ = y
}`, "cell[2]:11:7", "slicing is not available"},
		{"append", `func k(t gpu.Thread, x []int) {
	var a [2]int
	_ = append(x, a[0])
}`, "cell[2]:12:6", "builtin append is not available"},
		{"string", `func k(t gpu.Thread, x []int) {
	s := "hi"
	x[0] = len(s)
}`, "cell[2]:11:7", "strings are not available"},
		{"interface", `func k(t gpu.Thread, x []int) {
	var v any = 1
	_ = v
}`, "cell[2]:11:6", "interface"},
		{"defer", `func k(t gpu.Thread, x []int) {
	defer gpu.SyncSystem()
}`, "cell[2]:11:2", "defer is not available"},
		{"panic", `func k(t gpu.Thread, x []int) {
	panic("no")
}`, "cell[2]:11:2", "panic"},
		{"pointer", `func k(t gpu.Thread, x []int) {
	p := &x[0]
	*p = 1
}`, "cell[2]:11:7", "pointers"},
		{"struct", `func k(t gpu.Thread, x []int) {
	var s struct{ a int }
	x[0] = s.a
}`, "cell[2]:11:6", "struct"},
		{"goto", `func k(t gpu.Thread, x []int) {
L:
	goto L
}`, "cell[2]:12:2", "goto is not available"},
		{"select", `func k(t gpu.Thread, x []int) {
	select {}
}`, "cell[2]:11:2", "select is not available"},
		{"return value", `func k(t gpu.Thread, x []int) int {
	return 1
}`, "cell[2]:10:31", "can't return values"},
		{"bool parameter", `func k(t gpu.Thread, ok bool, x []int) {}`, "cell[2]:10:22", "bool scalars"},
		{"bad buffer type", `func k(t gpu.Thread, x []string) {}`, "cell[2]:10:22", "element type string"},
		{"thread not first", `func k(n int, t gpu.Thread) {}`, "", ""},
		{"non-constant shared", `func k(t gpu.Thread, n int, x []int) {
	s := gpu.Shared[int](n)
	x[0] = s[0]
}`, "cell[2]:11:23", "positive constant"},
		{"shared in a loop", `func k(t gpu.Thread, x []int) {
	for i := 0; i < 2; i++ {
		s := gpu.Shared[int](4)
		x[i] = s[0]
	}
}`, "cell[2]:12:8", "top level"},
		{"too much shared", `func k(t gpu.Thread, x []float64) {
	s := gpu.Shared[float64](7000)
	x[0] = s[0]
}`, "cell[2]:11:7", "static shared memory"},
		{"barrier in device function", `//gpu:device
func sync(t gpu.Thread) { t.Barrier() }

func k(t gpu.Thread, x []int) { sync(t) }`, "cell[2]:11:27", "Barrier in a device function"},
		{"atomic on a local", `func k(t gpu.Thread, x []int32) {
	var v int32
	gpu.AtomicAdd(&v, 1)
}`, "cell[2]:12:16", "&buf[i]"},
		{"atomic on int8", `func k(t gpu.Thread, x []int8) {
	gpu.AtomicAdd(&x[0], 1)
}`, "cell[2]:11:2", "gpu atomics work on int32"},
		{"peer as plain slice", `//gpu:device
func put(x []int) { x[0] = 1 }

func k(t gpu.Thread, p gpu.Peer[int]) { put(p) }`, "cell[2]:13:45", "drops its Peer rules"},
		{"kernel call", `func a(t gpu.Thread, x []int) {}

func b(t gpu.Thread, x []int) { a(t, x) }`, "cell[2]:12:33", "can't be called from a kernel"},
		{"half arithmetic", `func k(t gpu.Thread, h []gpu.F16) {
	h[0] = h[0] + h[1]
}`, "cell[2]:11:14", "no arithmetic"},
		{"half conversion", `func k(t gpu.Thread, h []gpu.F16, f []float32) {
	f[0] = float32(h[0])
}`, "cell[2]:11:9", ".Float32()"},
		{"unordered effects", `func k(t gpu.Thread, x []int32) {
	x[0] = gpu.AtomicAdd(&x[1], 1) + gpu.AtomicAdd(&x[2], 1)
}`, "cell[2]:11:2", "separate statements"},
		{"unordered effects in an index", `func k(t gpu.Thread, x []int32) {
	x[gpu.AtomicAdd(&x[1], 1)] = gpu.AtomicAdd(&x[2], 1)
}`, "cell[2]:11:2", "separate statements"},
		{"syntax error", `func k(t gpu.Thread, x []int) {
	x[0] = = 1
}`, "cell[2]:11:9", "expected"},
		{"type error", `func k(t gpu.Thread, x []int) {
	x[0] = 1.5
}`, "cell[2]:11:9", "truncated"},
		{"buffer as a value", `func k(t gpu.Thread, x []int, y []int) {
	y = x
}`, "cell[2]:11:2", "can't assign"},
		{"math function missing", `func k(t gpu.Thread, x []float64) {
	x[0] = math.Gamma(x[1])
}`, "cell[2]:11:14", "math.Gamma is not available"},
		{"generic", `func k[T any](t gpu.Thread, x []T) {}`, "cell[2]:10:7", "generic"},
		{"type declaration", `func k(t gpu.Thread, x []int) {
	type my int
	x[0] = int(my(1))
}`, "cell[2]:11:2", "type declarations"},
		{"method value", `func k(t gpu.Thread, x []int) {
	f := t.GlobalX
	x[0] = f()
}`, "cell[2]:11:7", "functions are not values"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.pos == "" {
				// not a kernel at all: nothing is defined and nothing fails
				ks, err := NewLibrary().Define(c.src, "cell[2]", 10)
				if err != nil || len(ks) != 0 {
					t.Fatalf("got %v, %v; want no kernel and no error", ks, err)
				}
				return
			}
			msg := defineErr(t, c.src)
			first := strings.SplitN(msg, "\n", 2)[0]
			if !strings.HasPrefix(first, c.pos+": ") || !strings.Contains(msg, c.msg) {
				t.Errorf("error:\n%s\nwant at %s containing %q", msg, c.pos, c.msg)
			}
		})
	}
}

func TestDefineWithPackageClauseAndImports(t *testing.T) {
	src := `package main

import (
	g "github.com/peerbook/peerbook/gpu"
	"math"
	"fmt"
)

func host() { fmt.Println("not a kernel") }

func k(t g.Thread, x []float64) {
	x[t.ThreadIdx.X] = math.Sqrt(2)
}`
	ks, err := NewLibrary().Define(src, "cell[4]", 1)
	if err != nil || len(ks) != 1 || ks[0].Name() != "k" || ks[0].Pos() != "cell[4]:11:6" {
		t.Fatalf("define: %v %v", ks, err)
	}
	x := zeros[float64](2)
	mustLaunch(t, ks[0], 1, 2, x)
	if x.v[1] != 1.4142135623730951 {
		t.Errorf("x = %v", x.v)
	}
}

func TestLibraryKeepsDeviceFunctionsAndConstants(t *testing.T) {
	lib := NewLibrary()
	if _, err := lib.Define(`
const scale = 3

//gpu:device
func triple(v int) int { return v * scale }

var session = 5 // not for kernels
`, "cell[1]", 1); err != nil {
		t.Fatal(err)
	}
	ks, err := lib.Define(`func use(t gpu.Thread, x []int) { x[0] = triple(x[0]) + scale }`, "cell[2]", 1)
	if err != nil {
		t.Fatal(err)
	}
	x := newBuf([]int64{2})
	mustLaunch(t, ks[0], 1, 1, x)
	if x.v[0] != 9 {
		t.Errorf("x[0] = %d, want 9", x.v[0])
	}
	// redefining the helper changes later kernels, not the defined one
	if _, err := lib.Define("//gpu:device\nfunc triple(v int) int { return v * 30 }", "cell[3]", 1); err != nil {
		t.Fatal(err)
	}
	ks2, err := lib.Define(`func use2(t gpu.Thread, x []int) { x[0] = triple(x[0]) }`, "cell[4]", 1)
	if err != nil {
		t.Fatal(err)
	}
	x.v[0] = 2
	mustLaunch(t, ks2[0], 1, 1, x)
	x2 := newBuf([]int64{2})
	mustLaunch(t, ks[0], 1, 1, x2)
	if x.v[0] != 60 || x2.v[0] != 9 {
		t.Errorf("after redefinition: %d (want 60), old kernel %d (want 9)", x.v[0], x2.v[0])
	}
	// a failed definition changes nothing
	if _, err := lib.Define("//gpu:device\nfunc triple(v int) int { return v * nope }", "cell[5]", 1); err == nil {
		t.Fatal("a broken helper defined")
	}
	ks3, err := lib.Define(`func use3(t gpu.Thread, x []int) { x[0] = triple(1) }`, "cell[6]", 1)
	if err != nil {
		t.Fatal(err)
	}
	mustLaunch(t, ks3[0], 1, 1, x)
	if x.v[0] != 30 {
		t.Errorf("after a failed redefinition: %d, want 30", x.v[0])
	}
	// a constant using a session value is dropped, not fatal, until a kernel uses it
	if _, err := lib.Define("const bad = session + 1\n\nfunc ok(t gpu.Thread, x []int) { x[0] = 1 }", "cell[7]", 1); err != nil {
		t.Errorf("a constant kernels don't use failed the definition: %v", err)
	}
	_, err = lib.Define("const bad = session + 1\n\nfunc notOK(t gpu.Thread, x []int) { x[0] = bad }", "cell[8]", 1)
	wantContains(t, errString(err), "cell[8]:3:44", "undefined: bad")
}

func TestOrderedEffectsAllowed(t *testing.T) {
	// nested calls and && are sequenced in C++ as in Go
	k := kernel(t, `
func k(t gpu.Thread, x []int32) {
	x[3] = gpu.AtomicAdd(&x[0], gpu.AtomicAdd(&x[1], 5)+1)
	if gpu.AtomicAdd(&x[2], 1) == 0 && gpu.AtomicAdd(&x[2], 1) == 1 {
		x[4] = 1
	}
}`)
	x := zeros[int32](5)
	mustLaunch(t, k, 1, 1, x)
	if got := x.v; got[0] != 1 || got[1] != 5 || got[2] != 2 || got[3] != 0 || got[4] != 1 {
		t.Errorf("x = %v", got)
	}
}
