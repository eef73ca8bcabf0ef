package modules

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"time"
)

// A first build takes tens of seconds, most of it in go commands that print nothing for a
// long time. So a build says what it is doing at least every progressEvery and a tick
// (1.5 s): each step's
// line when it starts, the go command's own progress (go: downloading MODULE VERSION; each
// package go build -v compiles, counted against those it has to compile, and the link),
// and, when nothing was said for progressEvery, the step it is in and for how long.

// progressEvery is the longest a build stays silent (Builder.Progress).
const progressEvery = 1200 * time.Millisecond

// tracker says what a build is doing (see above).
type tracker struct {
	say func(string) // Builder.Progress; nil: nothing is said
	now func() time.Time

	sayMu  sync.Mutex // one line at a time: say is called from the ticker and the go commands' output too
	mu     sync.Mutex
	step   string    // what the build does now ("resolving the modules", "compiling")
	detail string    // what it did last in that step
	since  time.Time // when the step started
	last   time.Time // when a line was said last
	done   int       // packages compiled
	total  int       // packages to compile (0: not known)
}

func newTracker(say func(string)) *tracker {
	t := &tracker{say: say, now: time.Now}
	t.since, t.last = t.now(), t.now()
	return t
}

// line says a line and starts the step it names.
func (t *tracker) line(step, text string) {
	if t == nil {
		return
	}
	t.mu.Lock()
	t.step, t.detail, t.since = step, "", t.now()
	t.mu.Unlock()
	t.emit(text)
}

func (t *tracker) emit(text string) {
	t.mu.Lock()
	t.last = t.now()
	t.mu.Unlock()
	if t.say != nil {
		t.sayMu.Lock()
		t.say(text)
		t.sayMu.Unlock()
	}
}

// tick says where the build is when it was silent for progressEvery.
func (t *tracker) tick() {
	t.mu.Lock()
	now := t.now()
	if now.Sub(t.last) < progressEvery || t.step == "" {
		t.mu.Unlock()
		return
	}
	text := fmt.Sprintf("modules: %s (%.0fs)", t.step, now.Sub(t.since).Seconds())
	if t.detail != "" {
		text += ": " + t.detail
	}
	t.mu.Unlock()
	t.emit(text)
}

// start ticks every quarter of progressEvery until the returned function is called, which
// returns once the ticking stopped.
func (t *tracker) start() (stop func()) {
	done, exited := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(exited)
		tk := time.NewTicker(progressEvery / 4)
		defer tk.Stop()
		for {
			select {
			case <-done:
				return
			case <-tk.C:
				t.tick()
			}
		}
	}()
	return func() {
		close(done)
		<-exited
	}
}

// goLine takes a line the go command printed on standard error during a step: its
// downloads are said as they come, other lines are the step's detail.
func (t *tracker) goLine(line string) {
	if t == nil {
		return
	}
	if mod, ok := strings.CutPrefix(line, "go: downloading "); ok {
		t.mu.Lock()
		t.detail = "downloaded " + mod
		t.mu.Unlock()
		t.emit("modules: downloading " + mod)
		return
	}
	t.mu.Lock()
	t.detail = line
	t.mu.Unlock()
}

// compiled takes a line of go build -v: a package it compiled (the main package last,
// before the link).
func (t *tracker) compiled(line string) {
	if t == nil {
		return
	}
	if strings.HasPrefix(line, "go: ") || strings.ContainsAny(line, " \t:") {
		t.goLine(line)
		return
	}
	t.mu.Lock()
	t.done++
	if line == selfModule {
		t.step, t.detail, t.since = "linking the evaluator", "", t.now()
		t.mu.Unlock()
		t.emit("modules: linking the evaluator")
		return
	}
	if t.total > 0 {
		t.detail = fmt.Sprintf("%d of %d packages (%s)", min(t.done, t.total), t.total, line)
	} else {
		t.detail = fmt.Sprintf("%d packages so far (%s)", t.done, line)
	}
	t.mu.Unlock()
}

// expect sets how many packages the build has to compile.
func (t *tracker) expect(n int) {
	if t == nil {
		return
	}
	t.mu.Lock()
	t.total, t.done = n, 0
	t.mu.Unlock()
}

// lineWriter calls fn with each complete line written to it, and keeps all it was given.
type lineWriter struct {
	fn   func(string)
	all  bytes.Buffer
	part []byte
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.all.Write(p)
	w.part = append(w.part, p...)
	for {
		i := bytes.IndexByte(w.part, '\n')
		if i < 0 {
			break
		}
		line := strings.TrimRight(string(w.part[:i]), "\r")
		w.part = w.part[i+1:]
		if line != "" {
			w.fn(line)
		}
	}
	return len(p), nil
}

func (w *lineWriter) String() string { return w.all.String() }
