package display

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// manualClock is a clock that moves only when the test says: timers fire in Advance.
type manualClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []manualTimer
}

type manualTimer struct {
	at time.Time
	f  func()
}

func (c *manualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *manualClock) AfterFunc(d time.Duration, f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.timers = append(c.timers, manualTimer{c.now.Add(d), f})
}

// Advance moves the clock by d and runs the timers due by then, in order.
func (c *manualClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due []func()
	kept := c.timers[:0]
	for _, tm := range c.timers {
		if !tm.at.After(c.now) {
			due = append(due, tm.f)
		} else {
			kept = append(kept, tm)
		}
	}
	c.timers = kept
	c.mu.Unlock()
	for _, f := range due {
		f()
	}
}

func TestProgressThrottlesUpdates(t *testing.T) {
	sink := &fakeSink{}
	defer SetSink(sink)()
	const interval = 40 * time.Millisecond
	clk := &manualClock{now: time.Unix(1e9, 0)}
	p := newProgressOn(clk, 1_000_000_000, "work", interval, true, io.Discard, false)
	// 1,000 Add calls over 400 ms: one update at most every interval.
	n := 0
	for ; n < 1000; n++ {
		p.Add(1)
		clk.Advance(400 * time.Microsecond)
	}
	during := len(sink.snapshot())
	// The first display, then one update an interval.
	if want := 1 + 10; during != want {
		t.Errorf("%d Add calls in 400 ms sent %d outputs, want %d (the display and one update every %v)", n, during, want, interval)
	}
	// The last value shows once the interval is over, without another Add.
	clk.Advance(interval)
	calls := sink.snapshot()
	last := textOf(t, calls[len(calls)-1].bundle)
	if !strings.Contains(last, fmt.Sprintf(" %d/1000000000", n)) {
		t.Errorf("last update %q doesn't show the final count %d", last, n)
	}
	for i, c := range calls {
		if c.id != calls[0].id || c.update != (i > 0) {
			t.Fatalf("call %d = id %q update %v; want updates of display %q", i, c.id, c.update, calls[0].id)
		}
	}
	p.Done()
	p.Add(1)
	p.Done()
	clk.Advance(2 * interval)
	after := sink.snapshot()
	if len(after) != len(calls)+1 {
		t.Fatalf("Done and later calls sent %d outputs, want exactly 1", len(after)-len(calls))
	}
	if final := textOf(t, after[len(after)-1].bundle); !strings.Contains(final, "stopped") {
		t.Errorf("a bar done before its total says %q, want \"stopped\"", final)
	}
}

func TestProgressHTMLAndText(t *testing.T) {
	sink := &fakeSink{}
	defer SetSink(sink)()
	p := newProgress(200, "copy <1 GiB>", 0, true, io.Discard, false)
	p.Set(90)
	b := p.MIMEBundle()
	h := b.Data[MIMEHTML].(string)
	checkXML(t, "progress HTML", h)
	if !strings.Contains(h, "width:45.0%") || !strings.Contains(h, "copy &lt;1 GiB&gt;") {
		t.Errorf("HTML at 90/200 = %s", h)
	}
	if txt := textOf(t, b); !strings.HasPrefix(txt, "copy <1 GiB> [##############................] ") ||
		!strings.Contains(txt, " 45% · 90/200 · ") || !strings.Contains(txt, "ETA") {
		t.Errorf("text at 90/200 = %q", txt)
	}
	p.Set(200)
	p.Done()
	calls := sink.snapshot()
	final := calls[len(calls)-1].bundle
	if txt := textOf(t, final); !strings.Contains(txt, "100% · 200/200") || strings.Contains(txt, "ETA") {
		t.Errorf("final text = %q", txt)
	}
	if !strings.Contains(final.Data[MIMEHTML].(string), "width:100.0%") {
		t.Errorf("final HTML isn't full")
	}
}

func TestProgressUnknownTotal(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(0, "items", 0, false, &buf, true)
	p.Add(7)
	p.Done()
	out := buf.String()
	if strings.Contains(out, "[") || !strings.Contains(out, "items 7 · ") {
		t.Errorf("bar without total = %q", out)
	}
}

func TestProgressInTerminal(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(4, "load", 0, false, &buf, true)
	for i := 0; i < 4; i++ {
		p.Add(1)
	}
	p.Done()
	out := buf.String()
	if n := strings.Count(out, "\rload ["); n != 6 {
		t.Errorf("live terminal bar drew %d times, want 6 (start, 4 steps, done): %q", n, out)
	}
	if !strings.HasSuffix(out, "\n") || strings.Count(out, "\n") != 1 || !strings.Contains(out, "100% · 4/4") {
		t.Errorf("live terminal bar = %q, want one final line at 100%%", out)
	}

	buf.Reset()
	q := newProgress(4, "load", 0, false, &buf, false)
	q.Add(2)
	q.Add(2)
	q.Done()
	if out := buf.String(); strings.Contains(out, "\r") || strings.Count(out, "\n") != 1 || !strings.Contains(out, "4/4") {
		t.Errorf("bar on a pipe = %q, want only the final line", out)
	}
}

func TestProgressWithoutSinkAfterCellEnds(t *testing.T) {
	out := withStdout(t)
	sink := &fakeSink{}
	restore := SetSink(sink)
	p := newProgress(10, "bg", 0, true, io.Discard, false)
	restore()
	p.Add(5)
	p.Done()
	if out.Len() != 0 {
		t.Errorf("a notebook bar printed %q after its sink went away", out.String())
	}
	if len(sink.snapshot()) != 1 {
		t.Errorf("sink got %d outputs, want only the first display", len(sink.snapshot()))
	}
}

func TestProgressConcurrentAdds(t *testing.T) {
	sink := &fakeSink{}
	defer SetSink(sink)()
	p := newProgress(8000, "par", 5*time.Millisecond, true, io.Discard, false)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 1000; i++ {
				p.Add(1)
			}
		}()
	}
	wg.Wait()
	p.Done()
	if p.Value() != 8000 {
		t.Errorf("Value = %d, want 8000", p.Value())
	}
	calls := sink.snapshot()
	if txt := textOf(t, calls[len(calls)-1].bundle); !strings.Contains(txt, "8000/8000") {
		t.Errorf("final = %q", txt)
	}
	var nilBar *Progress
	nilBar.Add(1) // a nil bar is a no-op, not a crash
	nilBar.Done()
}

func TestFormatDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		850 * time.Millisecond: "850ms", 12300 * time.Millisecond: "12.3s",
		245 * time.Second: "4m05s", 3720 * time.Second: "1h02m",
	} {
		if got := formatDuration(d); got != want {
			t.Errorf("formatDuration(%v) = %q, want %q", d, got, want)
		}
	}
}
