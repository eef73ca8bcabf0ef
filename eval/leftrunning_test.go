package eval

import (
	"context"
	"strings"
	"testing"
	"time"
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
