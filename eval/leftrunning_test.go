package eval

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"
	"weak"
)

// TestInterruptCountsGoroutinesLeftRunning: goroutines blocked on a lock survive an
// interrupt; the interrupted cell's error says how many.
func TestInterruptCountsGoroutinesLeftRunning(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "import \"sync\"\nvar mu sync.Mutex\nmu.Lock()")
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	_, e, _ := execCtx(t, s, ctx, "for i := 0; i < 1000; i++ {\n\tgo func() { mu.Lock() }()\n}\nselect {}")
	if e == nil || e.Name != NameInterrupted {
		t.Fatalf("error %v, want Interrupted", e)
	}
	if tb := strings.Join(e.Traceback, "\n"); !strings.Contains(tb, "1000 goroutine(s) started by cells are still running") {
		t.Errorf("traceback does not count the goroutines left running:\n%s", tb)
	}
}

// TestResetFreesTheInterpreter: after %reset nothing keeps the old interpreter (and what
// the session built in it) alive; an interrupt before makes no difference.
func TestResetFreesTheInterpreter(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "x := 0\ntype T struct{ A int }\nfunc (t T) String() string { return \"T\" }\nimport \"fmt\"\nfmt.Println(T{1})")
	for i := 0; i < 50; i++ {
		mustExec(t, s, "x++")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if _, e, _ := execCtx(t, s, ctx, "for {\n}"); e == nil || e.Name != NameInterrupted {
		t.Fatalf("interrupted cell: %v", e)
	}
	old := weak.Make(s.in)
	mustExec(t, s, "%reset")
	for i := 0; i < 3 && old.Value() != nil; i++ {
		runtime.GC()
	}
	if old.Value() != nil {
		t.Error("the interpreter dropped by %reset is still reachable")
	}
	if got, _ := mustExec(t, s, "1 + 1"); got != "2" {
		t.Errorf("after %%reset: 1 + 1 = %q", got)
	}
}

// TestCloseFreesTheInterpreter: once a closed session is dropped nothing keeps its
// interpreter alive, though a cell was interrupted (the watcher that interrupt used stayed
// parked in the interpreter: a process that closes sessions grew by one per interrupt),
// and though its types have methods (the literals registered for a deferred Error call
// were kept: the differential tester's workers grew by 5 MB a program and slowed down
// until programs ran past their time limit).
func TestCloseFreesTheInterpreter(t *testing.T) {
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	// T's methods are registered with the printer and the deferred-call table of
	// package rt, shared by every session: Close must take them back.
	mustExec(t, s, "type T struct{ A int }\nfunc (T) Error() string { return \"e\" }\nfunc (T) String() string { return \"t\" }\nbig := make([]T, 1<<20)\n_ = big")
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if _, e, _ := execCtx(t, s, ctx, "for {\n}"); e == nil || e.Name != NameInterrupted {
		t.Fatalf("interrupted cell: %v", e)
	}
	in := weak.Make(s.in)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = nil
	for i := 0; i < 3 && in.Value() != nil; i++ {
		runtime.GC()
	}
	if in.Value() != nil {
		t.Error("the interpreter of a closed session is still reachable")
	}
}
