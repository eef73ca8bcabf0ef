package eval

import (
	"context"
	"strings"
	"testing"
	"time"
)

// interruptAfter runs code, cancels it after d, and checks that Execute returns an
// Interrupted error. How soon is not asserted (a loaded machine may take long); a cell
// that does not stop at all fails after a minute.
func interruptAfter(t *testing.T, s *Session, code string, d time.Duration) *Error {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var e *Error
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, e, _ = execCtx(t, s, ctx, code)
	}()
	time.Sleep(d)
	cancel()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatalf("%q: Execute still running a minute after the interrupt", code)
	}
	if e == nil || e.Name != NameInterrupted {
		t.Fatalf("%q: error %+v, want Interrupted", code, e)
	}
	return e
}

func TestInterruptStopsCells(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, `import "time"
func spin() int { n := 0; for { n++ }; return n }
func waitForever(c chan int) int { return <-c }`)
	cases := map[string]string{
		"busy loop":             "n := 0\nfor { n++ }",
		"sleep":                 "time.Sleep(time.Hour)",
		"channel receive":       "c := make(chan int)\n<-c",
		"channel send":          "c := make(chan int)\nc <- 1",
		"select":                "c := make(chan int)\nselect { case <-c: }",
		"empty select":          "select {}",
		"time.After":            "<-time.After(time.Hour)",
		"loop in a function":    "spin()",
		"blocked in a function": "waitForever(make(chan int))",
		"timer":                 "tm := time.NewTimer(time.Hour)\n<-tm.C",
	}
	for name, code := range cases {
		t.Run(name, func(t *testing.T) {
			interruptAfter(t, s, code, 50*time.Millisecond)
			// The next cell runs cleanly.
			if got, _ := mustExec(t, s, "40 + 2"); got != "42" {
				t.Errorf("cell after the interrupt: %q", got)
			}
		})
	}
}

func TestInterruptStopsGoroutinesOfTheCell(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, `import ("sync/atomic"; "time")
var ticks atomic.Int64`)
	interruptAfter(t, s, `for i := 0; i < 4; i++ {
	go func() {
		for { ticks.Add(1); time.Sleep(time.Millisecond) }
	}()
}
go func() { for { ticks.Add(1) } }()
select {}`, 100*time.Millisecond)
	first, _ := mustExec(t, s, "ticks.Load()")
	time.Sleep(100 * time.Millisecond)
	second, _ := mustExec(t, s, "ticks.Load()")
	if first != second {
		t.Errorf("goroutines of the interrupted cell still run: ticks %s then %s", first, second)
	}
	// New goroutines work after the interrupt.
	got, _ := mustExec(t, s, `done := make(chan int)
go func() { done <- 7 }()
<-done`)
	if got != "7" {
		t.Errorf("goroutine after interrupt: %q", got)
	}
}

func TestInterruptBlockedInCompiledCode(t *testing.T) {
	s := newSession(t)
	// A WaitGroup that is never done blocks inside compiled code, where yaegi can't stop
	// it: Execute must still return in time, saying so.
	mustExec(t, s, `import ("fmt"; "sync")
var wg sync.WaitGroup
wg.Add(1)`)
	e := interruptAfter(t, s, `wg.Wait()
fmt.Println("the rest of the stuck cell")`, 50*time.Millisecond)
	if !strings.Contains(strings.Join(e.Traceback, "\n"), "compiled code") {
		t.Errorf("no note about the blocked call: %q", e.Traceback)
	}
	// Releasing the stuck call must not run the rest of the interrupted cell beside this one.
	_, rec := mustExec(t, s, "wg.Done()")
	time.Sleep(50 * time.Millisecond)
	if got, _ := mustExec(t, s, "1 + 1"); got != "2" {
		t.Errorf("after a stuck cell: %q", got)
	}
	if out := rec.stream("stdout") + rec.stream("stderr"); strings.Contains(out, "the rest") {
		t.Errorf("the interrupted cell went on: %q", out)
	}
}

func TestGoroutinePanicFailsTheCell(t *testing.T) {
	s := newSession(t)
	// Were the panic not the cell's error, the cell would end after its sleep without one.
	_, e, _ := run(t, s, `import "time"
func crash(n int) { var m map[string]int; m["x"] = n }
go crash(1)
time.Sleep(10 * time.Second)`)
	if e == nil || e.Name != NamePanic {
		t.Fatalf("want the goroutine's panic as the cell's error, got %+v", e)
	}
	tb := strings.Join(e.Traceback, "\n")
	if !strings.Contains(e.Value, "nil map") || !strings.Contains(tb, "goroutine") || !strings.Contains(tb, "crash(...)") {
		t.Errorf("goroutine panic: %q\n%s", e.Value, tb)
	}
	if got, _ := mustExec(t, s, "3"); got != "3" {
		t.Errorf("after a goroutine panic: %q", got)
	}
}

func TestGoroutinePanicAfterTheCellGoesToStderr(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `import "time"
go func() {
	time.Sleep(50 * time.Millisecond)
	panic("late failure")
}()`)
	for deadline := time.Now().Add(time.Minute); !strings.Contains(rec.stream("stderr"), "late failure") && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if got := rec.stream("stderr"); !strings.Contains(got, "late failure") || !strings.Contains(got, "goroutine") {
		t.Errorf("stderr of the finished cell: %q", got)
	}
	if got, _ := mustExec(t, s, "4"); got != "4" {
		t.Errorf("after a late goroutine panic: %q", got)
	}
}

func TestGoStatementEvaluatesArgumentsAtOnce(t *testing.T) {
	s := newSession(t)
	got, _ := mustExec(t, s, `import ("sort"; "sync")
var mu sync.Mutex
var wg sync.WaitGroup
var seen []int
func record(n int) { defer wg.Done(); mu.Lock(); seen = append(seen, n); mu.Unlock() }
for i := 0; i < 5; i++ {
	wg.Add(1)
	go record(i * 10)
}
wg.Wait()
sort.Ints(seen)
seen`)
	if got != "[0 10 20 30 40]" {
		t.Errorf("goroutines saw %s", got)
	}
	// A method value and a variadic call.
	got, _ = mustExec(t, s, `type acc struct{ n int; done chan bool }
func (a *acc) add(xs ...int) { for _, x := range xs { a.n += x }; a.done <- true }
a := &acc{done: make(chan bool)}
xs := []int{1, 2, 3}
go a.add(xs...)
<-a.done
a.n`)
	if got != "6" {
		t.Errorf("method goroutine: %s", got)
	}
}

func TestTimeAfterFuncPanicIsCaught(t *testing.T) {
	s := newSession(t)
	_, e, _ := run(t, s, `import "time"
time.AfterFunc(time.Millisecond, func() { panic("timer failure") })
time.Sleep(5 * time.Second)`)
	if e == nil || !strings.Contains(e.Value, "timer failure") {
		t.Fatalf("panic in an AfterFunc callback: %+v", e)
	}
}
