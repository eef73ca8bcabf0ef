package eval

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Goroutines started in a loop, many times over: each sees its own iteration's values
// and none crashes. yaegi v0.16.1's own go statement on an interpreted function ends in
// "reflect.Value.Call: call of nil function" within a few thousand goroutines
// (traefik/yaegi#1663), and goroutines reading variables bound in the loop's block saw
// later iterations' values; cells start their goroutines through rewrite.IsolateGo.
func TestManyGoroutinesFromLoops(t *testing.T) {
	s := newSession(t)
	got, _ := mustExec(t, s, `import "sync"
func trial(k int) bool {
	var wg sync.WaitGroup
	squares := make([]int, 10)
	for i := range squares {
		wg.Add(1)
		switch k % 3 {
		case 0: // the loop variable, captured
			go func() {
				defer wg.Done()
				squares[i] = i * i
			}()
		case 1: // passed as an argument
			go func(j int) {
				squares[j] = j * j
				wg.Done()
			}(i)
		default: // a function value and a computed argument
			f := func(j int, done func()) { squares[j] = j * j; done() }
			go f(i+0, wg.Done)
		}
	}
	wg.Wait()
	for i, v := range squares {
		if v != i*i {
			return false
		}
	}
	return true
}
bad := 0
for k := 0; k < 1500; k++ {
	if !trial(k) {
		bad++
	}
}
bad`)
	if got != "0" {
		t.Errorf("%s of 1500 trials of 10 goroutines saw wrong values", got)
	}
}

// A panic in a goroutine started in a loop fails the cell with the goroutine's panic, and
// the session goes on.
func TestGoroutinePanicInALoop(t *testing.T) {
	s := newSession(t)
	_, e, _ := run(t, s, `import ("sync"; "time")
var wg sync.WaitGroup
for i := 0; i < 3; i++ {
	wg.Add(1)
	go func() {
		defer wg.Done()
		if i == 2 {
			panic("boom in goroutine 2")
		}
	}()
}
wg.Wait()
time.Sleep(5 * time.Second)`)
	if e == nil || e.Name != NamePanic || !strings.Contains(e.Value, "boom in goroutine 2") {
		t.Fatalf("want the goroutine's panic as the cell's error, got %+v", e)
	}
	if got, _ := mustExec(t, s, "1 + 1"); got != "2" {
		t.Errorf("the session after a goroutine's panic: %q", got)
	}
}

// A goroutine whose panic unwinds while its cell stops (here: its deferred call sleeps
// until another goroutine's panic fails the cell) fails the cell with the first panic and
// the session goes on. A stopped frame runs no code, so the goroutine's deferred GoPanic
// did not run, and the panic ended the evaluator process ("panic: second [recovered,
// repanicked]"; Go's test/gcgort.go, goroutines panicking together, now and then). The
// cell runs in a child process: before the fix, the panic ended it.
func TestGoroutinePanicAfterItsCellStopped(t *testing.T) {
	const env = "PEERBOOK_TEST_PANIC_AFTER_STOP"
	if os.Getenv(env) != "" {
		s := newSession(t)
		_, e, _ := run(t, s, `package main

import "time"

func main() {
	ready := make(chan bool)
	go func() {
		defer func() {
			close(ready)
			time.Sleep(time.Hour) // returns when the cell stops
		}()
		panic("second")
	}()
	go func() {
		<-ready
		panic("first")
	}()
	time.Sleep(time.Hour)
}`)
		if e == nil {
			os.Stdout.WriteString("no error\n")
		} else {
			os.Stdout.WriteString(e.Name + ": " + e.Value + "\n")
		}
		got, _ := mustExec(t, s, "1 + 1")
		os.Stdout.WriteString("next cell: " + got + "\n")
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestGoroutinePanicAfterItsCellStopped$")
	cmd.Env = append(os.Environ(), env+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the child died: %v\n%s", err, lastOf(string(out), 600))
	}
	if !strings.Contains(string(out), "first\n") || !strings.Contains(string(out), "next cell: 2\n") {
		t.Errorf("want the cell failed with the panic \"first\" and the next cell's 2, got:\n%s", out)
	}
}
