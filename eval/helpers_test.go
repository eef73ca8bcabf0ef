package eval

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/peerbook/peerbook/display"
)

// recorder is an Output that records everything, in order.
type recorder struct {
	mu       sync.Mutex
	events   []string // "stdout:text", "stderr:text", "display:text/plain", "clear"
	inputs   []string // answers to Input, consumed in order
	prompts  []string
	inputErr error
}

func (r *recorder) Stream(name, text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, name+":"+text)
}

func (r *recorder) Display(b display.Bundle, id string, update bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	t, _ := b.Data["text/plain"].(string)
	r.events = append(r.events, "display:"+t)
}

func (r *recorder) ClearOutput(wait bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, "clear")
}

func (r *recorder) Input(prompt string, password bool) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.prompts = append(r.prompts, prompt)
	if r.inputErr != nil {
		return "", r.inputErr
	}
	if len(r.inputs) == 0 {
		return "", errors.New("no more input")
	}
	in := r.inputs[0]
	r.inputs = r.inputs[1:]
	return in, nil
}

// stream returns everything written to the named stream, joined.
func (r *recorder) stream(name string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var b strings.Builder
	for _, e := range r.events {
		if strings.HasPrefix(e, name+":") {
			b.WriteString(strings.TrimPrefix(e, name+":"))
		}
	}
	return b.String()
}

// merged returns the events with consecutive stream chunks of the same stream joined.
func (r *recorder) merged() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, e := range r.events {
		if n := len(out); n > 0 {
			prevName, _, _ := strings.Cut(out[n-1], ":")
			name, text, _ := strings.Cut(e, ":")
			if (name == "stdout" || name == "stderr") && prevName == name {
				out[n-1] += text
				continue
			}
		}
		out = append(out, e)
	}
	return out
}

func newSession(t testing.TB) *Session {
	t.Helper()
	s, err := New(Options{})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

var cellCount int

// exec runs code and returns the result, the error (an *Error or nil) and the recorder.
func run(t testing.TB, s *Session, code string) (Result, *Error, *recorder) {
	t.Helper()
	return execCtx(t, s, context.Background(), code)
}

func execCtx(t testing.TB, s *Session, ctx context.Context, code string) (Result, *Error, *recorder) {
	t.Helper()
	rec := &recorder{}
	cellCount++
	res, err := s.Execute(ctx, ExecuteRequest{Code: code, ExecutionCount: cellCount, AllowStdin: true}, rec)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("Execute returned a %T, not an *Error: %v", err, err)
		}
		return res, e, rec
	}
	return res, nil, rec
}

// mustExec runs code that must succeed and returns its value's text (or "").
func mustExec(t testing.TB, s *Session, code string) (string, *recorder) {
	t.Helper()
	res, e, rec := run(t, s, code)
	if e != nil {
		t.Fatalf("cell failed:\n%s\n--- error: %s: %s\n%s", code, e.Name, e.Value, strings.Join(e.Traceback, "\n"))
	}
	return valueText(res), rec
}

func valueText(res Result) string {
	if res.Value == nil {
		return ""
	}
	s, _ := res.Value.Data["text/plain"].(string)
	return s
}

// within fails the test when f does not return in d.
func within(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s did not return within %v", what, d)
	}
}

// expectRefusedBeforeRunning runs code in s and fails unless the cell was refused at
// compile time with a message naming the limit: "peerbook: " followed by want.
func expectRefusedBeforeRunning(t *testing.T, s *Session, code, want string) {
	t.Helper()
	_, e, _ := run(t, s, code)
	if e == nil {
		t.Fatalf("the cell ran; want it refused with %q", want)
	}
	if e.Name != NameCompile || !strings.Contains(strings.Join(e.Traceback, "\n"), "peerbook: "+want) {
		t.Fatalf("got %s: %s; want a CompileError with %q", e.Name, e.Value, want)
	}
}
