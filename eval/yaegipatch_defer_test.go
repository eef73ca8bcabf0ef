package eval

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	stdlib "github.com/peerbook/peerbook/eval/internal/stdlib"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

// Tests of the yaegi patches about defer, panic and recover, and closures
// (eval/third_party/yaegi/PATCHES.md): the panic value, what a deferred call evaluates
// at the defer statement, panics raised by deferred calls, defer recover(), a program
// exit that skips deferred calls, and function literals handed to compiled code keeping
// the frame they were made in. Expected outputs are what `go run` prints for the same
// programs.

// Patch 7: panic(v) panics with v, not with yaegi's reflect.Value of it (and the rewriter
// converts v to any as Go does): a recovered value of a cell error type is an error.
func TestPatchPanicValue(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type VE struct{ F string }

func (e VE) Error() string { return "invalid " + e.F }

func main() {
	func() {
		defer func() {
			r := recover()
			_, ok := r.(error)
			fmt.Println("recovered", ok)
			switch r.(type) {
			case error:
				fmt.Println("case error")
			default:
				fmt.Println("default")
			}
		}()
		panic(VE{"y"})
	}()
	func() {
		defer func() { fmt.Println(recover().(string) + "!") }()
		panic("text")
	}()
}`)
	if want := "recovered true\ncase error\ntext!\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Patch 25: a deferred call of a function variable calls the value it had at the defer
// statement, a deferred compiled call gets its arguments as they were then, and a
// deferred closure made in the same function runs (it hung: traefik/yaegi#1697). In a
// session, with the rewriter binding receivers and arguments (eval/internal/rewrite/defer.go),
// method receivers and the arguments of function literals are evaluated there too.
func TestPatchDeferEvaluation(t *testing.T) {
	bare := `package main

import "fmt"

func main() {
	step := func() { fmt.Println("step one") }
	defer step()
	nums := [2]int{1, 2}
	defer fmt.Println("array", nums)
	nums[0] = 9
	step = func() { fmt.Println("step two") }
	step()
}`
	if got, want := yaegiStdout(t, bare), "step two\narray [1 2]\nstep one\n"; got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	src := `package main

import "fmt"

type Counter struct{ n int }

func (c Counter) Show(tag string) { fmt.Println(tag, c.n) }
func (c *Counter) PShow(tag string) { fmt.Println(tag, c.n) }

func main() {
	c := Counter{1}
	show := c.Show
	defer c.Show("deferred value receiver")
	defer c.PShow("deferred pointer receiver")
	step := func() { fmt.Println("step one") }
	defer step()
	nums := [2]int{1, 2}
	defer fmt.Println("array", nums)
	defer func(a [2]int) { fmt.Println("literal arg", a) }(nums)
	c.n = 2
	nums[0] = 9
	step = func() { fmt.Println("step two") }
	step()
	show("method value")
}`
	want := "step two\nmethod value 1\nliteral arg [1 2]\narray [1 2]\nstep one\ndeferred pointer receiver 2\ndeferred value receiver 1\n"
	if got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}

// Patch 46: a panic raised by a deferred call, while the function panics or not, goes to
// the function's other deferred calls, as in Go: it escaped them, so the recover() of
// an outer deferred function never saw it and the program died with "panic: second".
func TestPatchPanicInDeferredCall(t *testing.T) {
	src := `package main

import "fmt"

func a() {
	defer func() { fmt.Println("A outer", recover()) }()
	defer func() { panic("second") }()
	panic("first")
}

func b() {
	defer func() { fmt.Println("B outer", recover()) }()
	defer func() {
		r := recover()
		panic(fmt.Sprint("second ", r))
	}()
	panic("first")
}

func c() {
	defer func() { fmt.Println("C outer", recover()) }()
	defer func() {
		panic(fmt.Sprint("second ", recover()))
	}()
	panic("first")
}

func d() {
	defer func() { fmt.Println("D outer", recover()) }()
	defer fmt.Println("D middle runs")
	defer func() { panic("again") }()
	fmt.Println("D body")
}

func e() (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprint("E recovered ", r)
		}
	}()
	func() {
		defer func() {
			if r := recover(); r != nil {
				panic(fmt.Sprintf("wrapped(%v)", r))
			}
		}()
		panic("inner")
	}()
	return "E not reached"
}

func main() {
	a()
	b()
	c()
	d()
	fmt.Println(e())
}`
	want := "A outer second\nB outer second first\nC outer second first\nD body\nD middle runs\nD outer again\nE recovered wrapped(inner)\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 82: `defer recover()` defers the call. It ran at once, at the defer statement,
// and stopped the panic its function had been deferred for; then a panic of the function
// itself, which Go lets go on to the next deferred call, was stopped by nobody expecting
// to: "outer recovered first" was missing, status ok. Found by Go's test/recover1.go,
// whose failure check (runtime.Breakpoint) then ended the session.
func TestPatchDeferredRecoverCall(t *testing.T) {
	checkCorpusProgramBare(t, "gs_deferred_recover")
	checkCorpusProgram(t, "gs_deferred_recover")
}

// testExit is a panic value that ends the interpreted program (an interp.ProgramExit).
type testExit struct{}

func (testExit) PeerbookProgramExit() {}

// Patch 59: a panic value that is an interp.ProgramExit (os.Exit in a cell) unwinds the
// interpreted frames without running their deferred calls, and recover() returns nil
// for it, as os.Exit ends a Go program.
func TestPatchProgramExitSkipsDeferredCalls(t *testing.T) {
	var out bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out, Stderr: &bytes.Buffer{}})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if err := i.Use(interp.Exports{"host/host": {"Exit": reflect.ValueOf(func() { panic(testExit{}) })}}); err != nil {
		t.Fatal(err)
	}
	_, err := i.Eval(`package main

import (
	"fmt"
	"host"
)

func inner() {
	defer fmt.Println("inner deferred")
	host.Exit()
}

func main() {
	defer fmt.Println("main deferred")
	defer func() { fmt.Println("recover:", recover()) }()
	fmt.Println("start")
	inner()
	fmt.Println("after")
}`)
	p, ok := err.(interp.Panic)
	if !ok {
		t.Fatalf("Eval: %v (%T), want the exit panic", err, err)
	}
	if _, isExit := p.Value.(testExit); !isExit {
		t.Errorf("panic value %v, want testExit", p.Value)
	}
	if got := out.String(); got != "start\n" {
		t.Errorf("stdout = %q, want %q: no deferred call runs, no recover stops the exit", got, "start\n")
	}
}

// Patch 61: a function literal handed to a compiled function ran on the frame live when
// it was called, not the one it was made in: closures given to time.AfterFunc in a loop
// all read the last iteration's variable ([2 2 2], status ok).
func TestPatchFuncLitToCompiledCapturesIteration(t *testing.T) {
	const body = `
import (
	"fmt"
	"sort"
	"sync"
	"time"
)

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	var got []int
	for i := 0; i < 3; i++ {
		wg.Add(1)
		time.AfterFunc(time.Millisecond, func() { mu.Lock(); got = append(got, i); mu.Unlock(); wg.Done() })
	}
	wg.Wait()
	for _, v := range []int{7, 8} {
		wg.Add(1)
		time.AfterFunc(time.Millisecond, func() { mu.Lock(); got = append(got, v*10); mu.Unlock(); wg.Done() })
	}
	wg.Wait()
	sort.Ints(got)
	fmt.Println(got)
}
`
	const want = "[0 1 2 70 80]\n"
	// A bare interpreter gives a loop one variable (the rewriter of cells makes one per
	// iteration): there the loops declare their own copy.
	bare := strings.Replace(body, "for i := 0; i < 3; i++ {", "for i := 0; i < 3; i++ {\n\t\ti := i", 1)
	bare = strings.Replace(bare, "for _, v := range []int{7, 8} {", "for _, v := range []int{7, 8} {\n\t\tv := v", 1)
	if got := yaegiStdout(t, "package main\n"+bare); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
}
