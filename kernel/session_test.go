package kernel

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
)

// recordedEvents is an Events that keeps what it is sent, and answers input with answer.
type recordedEvents struct {
	mu      sync.Mutex
	streams map[string]string
	shown   []string // text/plain of displays, "update:" before updates, "clear" for clears
	prompts []string
	answer  string
}

func (r *recordedEvents) Stream(name, text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.streams == nil {
		r.streams = map[string]string{}
	}
	r.streams[name] += text
}

func (r *recordedEvents) Display(bundle json.RawMessage, id string, update bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := *plainText(bundle)
	if update {
		s = "update:" + s
	}
	r.shown = append(r.shown, s)
}

func (r *recordedEvents) ClearOutput(wait bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.shown = append(r.shown, "clear")
}

func (r *recordedEvents) Input(prompt string, password bool) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.prompts = append(r.prompts, prompt)
	if r.answer == "" {
		return "", errors.New("no input here")
	}
	return r.answer, nil
}

func startFakeSession(t *testing.T) *Session {
	t.Helper()
	s, err := StartSession(SessionConfig{EvaluatorCommand: []string{os.Args[0]}, EvaluatorEnv: []string{fakeEnv + "=1"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(time.Second) })
	return s
}

func execute(t *testing.T, s *Session, ctx context.Context, code string, ev Events) (*evalproto.Done, error) {
	t.Helper()
	return s.Execute(ctx, evalproto.ExecuteRequest{Code: code, AllowStdin: true}, ev)
}

// A Session passes a cell's outputs on in order (those written to the child's pipes
// too), answers input through Events, and returns the cell's value and errors.
func TestSessionRunsCells(t *testing.T) {
	s := startFakeSession(t)
	ctx := context.Background()
	ev := &recordedEvents{answer: "typed"}
	for _, code := range []string{"print a", "fdprint b", "eprint c", "fdeprint d", "update bar 50%", "clear"} {
		if done, err := execute(t, s, ctx, code, ev); err != nil || done.Error != nil {
			t.Fatalf("%s: %v %v", code, err, done)
		}
	}
	if ev.streams["stdout"] != "a\nb\nbefore\n" || ev.streams["stderr"] != "c\nd\n" {
		t.Errorf("streams: %q", ev.streams)
	}
	if strings.Join(ev.shown, " ") != "50% update:50%! clear" {
		t.Errorf("displays: %q", ev.shown)
	}
	done, err := execute(t, s, ctx, "input name? ", ev)
	if err != nil || plainText(done.Value) == nil || *plainText(done.Value) != "got: typed" || ev.prompts[0] != "name? " {
		t.Errorf("input: %v %s %q", err, done.Value, ev.prompts)
	}
	done, err = execute(t, s, ctx, "input again? ", &recordedEvents{})
	if err != nil || done.Error == nil || !strings.Contains(done.Error.Value, "no input here") {
		t.Errorf("refused input: %v %+v", err, done.Error)
	}
	done, err = execute(t, s, ctx, "fail", ev)
	if err != nil || done.Error == nil || done.Error.Name != "TestError" {
		t.Errorf("a failing cell: %v %+v", err, done)
	}
}

// A cell that kills the child fails with a SessionLostError naming why, without the crash
// dump in its streams; the next cell runs in a fresh child without the old state.
func TestSessionSurvivesACrash(t *testing.T) {
	s := startFakeSession(t)
	ctx := context.Background()
	if _, err := execute(t, s, ctx, "set k v", &recordedEvents{}); err != nil {
		t.Fatal(err)
	}
	ev := &recordedEvents{}
	_, err := execute(t, s, ctx, "crash", ev)
	var lost *SessionLostError
	if !errors.As(err, &lost) || !strings.Contains(lost.Summary(), "boom in goroutine") {
		t.Fatalf("crash: %v", err)
	}
	if strings.Contains(ev.streams["stderr"], "goroutine ") {
		t.Errorf("the crash dump was streamed: %q", ev.streams["stderr"])
	}
	cell := lost.CellError(false)
	if cell.Name != "SessionLost" || !strings.Contains(cell.Value, "boom in goroutine") || len(cell.Traceback) < 3 {
		t.Errorf("the cell's error: %+v", cell)
	}
	done, err := execute(t, s, ctx, "get k", &recordedEvents{})
	if err != nil || done.Error == nil || done.Error.Name != "NotFound" {
		t.Errorf("after the crash: %v %+v", err, done)
	}
}

// When ctx ends the cell is interrupted; a cell that ignores interrupts is killed, and
// the session goes on in a fresh child.
func TestSessionInterrupts(t *testing.T) {
	defer func(d time.Duration) { escalateAfter = d }(escalateAfter)
	escalateAfter = 300 * time.Millisecond
	s := startFakeSession(t)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	done, err := execute(t, s, ctx, "spin", &recordedEvents{})
	if err != nil || done.Error == nil || done.Error.Name != "Interrupted" {
		t.Errorf("spin: %v %+v", err, done)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, err = execute(t, s, ctx, "hang", &recordedEvents{})
	var lost *SessionLostError
	if !errors.As(err, &lost) || !strings.Contains(lost.Summary(), "did not stop") {
		t.Errorf("hang: %v", err)
	}
	done, err = execute(t, s, context.Background(), "value 1", &recordedEvents{})
	if err != nil || *plainText(done.Value) != "1" {
		t.Errorf("after the kill: %v %+v", err, done)
	}
}
