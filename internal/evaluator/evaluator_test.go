package evaluator

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/eval"
	"github.com/peerbook/peerbook/internal/evalproto"
)

// release ends the goroutines "leave" started.
var release = make(chan struct{})

// session is a small Session: "print X", "input P", "spin", "value X", "burst N", "fail".
type session struct{ closed bool }

func (s *session) Execute(ctx context.Context, req eval.ExecuteRequest, out eval.Output) (eval.Result, error) {
	cmd, arg, _ := strings.Cut(req.Code, " ")
	switch cmd {
	case "print":
		out.Stream("stdout", arg)
	case "burst":
		for i := 0; i < 1000; i++ {
			out.Stream("stdout", "x")
		}
		out.Display(display.Bundle{Data: map[string]any{"text/plain": "shown"}}, "", false)
		out.Stream("stderr", "e")
	case "input":
		v, err := out.Input(arg, true)
		if err != nil {
			return eval.Result{}, err
		}
		return eval.Result{Value: &display.Bundle{Data: map[string]any{"text/plain": v}}}, nil
	case "leave":
		// Starts N goroutines blocked until release closes, then runs until interrupted.
		n, _ := strconv.Atoi(arg)
		for i := 0; i < n; i++ {
			go func() { <-release }()
		}
		<-ctx.Done()
		return eval.Result{}, &eval.Error{Name: "Interrupted", Value: "interrupted"}
	case "spin":
		<-ctx.Done()
		return eval.Result{}, &eval.Error{Name: "Interrupted", Value: "interrupted"}
	case "value":
		return eval.Result{Value: &display.Bundle{Data: map[string]any{"text/plain": arg}}}, nil
	case "fail":
		return eval.Result{}, errors.New("plain error")
	case "panic":
		panic("session bug")
	case "badvalue":
		return eval.Result{Value: &display.Bundle{Data: map[string]any{"text/plain": func() {}}}}, nil
	}
	return eval.Result{}, nil
}
func (s *session) Complete(code string, cursor int) eval.Completion {
	return eval.Completion{Matches: []string{"Println"}, CursorStart: 4, CursorEnd: cursor}
}
func (s *session) Inspect(code string, cursor, detail int) eval.Inspection {
	return eval.Inspection{Found: true, Data: map[string]any{"text/plain": "doc"}}
}
func (s *session) IsComplete(code string) (string, string) { return "incomplete", "  " }
func (s *session) Close() error                            { s.closed = true; return nil }

// harness runs Serve over in-memory pipes.
type harness struct {
	t          *testing.T
	req        *io.PipeWriter
	events     *bufio.Reader
	stdout     *syncBuf
	interrupts chan os.Signal
	done       chan error
	sess       *session
}

type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func serve(t *testing.T, newSession func() (Session, error)) *harness {
	reqR, reqW := io.Pipe()
	evR, evW := io.Pipe()
	h := &harness{t: t, req: reqW, events: bufio.NewReader(evR), stdout: &syncBuf{},
		interrupts: make(chan os.Signal, 1), done: make(chan error, 1), sess: &session{}}
	if newSession == nil {
		newSession = func() (Session, error) { return h.sess, nil }
	}
	go func() {
		h.done <- Serve(Config{Requests: reqR, Events: evW, Stdout: h.stdout, Stderr: io.Discard,
			NewSession: newSession, Interrupts: h.interrupts})
		evW.Close()
	}()
	t.Cleanup(func() { reqW.Close() })
	return h
}

func (h *harness) send(r evalproto.Request) {
	b, _ := json.Marshal(r)
	if _, err := h.req.Write(append(b, '\n')); err != nil {
		h.t.Fatal(err)
	}
}

func (h *harness) next() evalproto.Event {
	h.t.Helper()
	ch := make(chan evalproto.Event, 1)
	go func() {
		line, err := h.events.ReadBytes('\n')
		var ev evalproto.Event
		if err == nil {
			json.Unmarshal(line, &ev)
		}
		ch <- ev
	}()
	select {
	case ev := <-ch:
		return ev
	case <-time.After(time.Minute):
		h.t.Fatal("no event")
		return evalproto.Event{}
	}
}

// until reads events up to and including the done event of id.
func (h *harness) until(id uint64) []evalproto.Event {
	h.t.Helper()
	var evs []evalproto.Event
	for {
		ev := h.next()
		evs = append(evs, ev)
		if ev.Kind == evalproto.EvDone && ev.ID == id {
			return evs
		}
		if ev.Kind == "" {
			h.t.Fatalf("events ended: %+v", evs)
		}
	}
}

func exec(code string) *eval.ExecuteRequest {
	return &eval.ExecuteRequest{Code: code, AllowStdin: true}
}

func TestServeProtocol(t *testing.T) {
	h := serve(t, nil)
	if ev := h.next(); ev.Kind != evalproto.EvReady || ev.PID != os.Getpid() || ev.Text != "" {
		t.Fatalf("first event %+v", ev)
	}
	h.send(evalproto.Request{ID: 1, Op: evalproto.OpExecute, Execute: exec("print hi")})
	evs := h.until(1)
	if len(evs) != 2 || evs[0].Kind != evalproto.EvStream || evs[0].Text != "hi" || evs[0].ID != 1 {
		t.Errorf("events %+v", evs)
	}
	if !strings.Contains(h.stdout.String(), string(evalproto.SyncMarker(1))) {
		t.Errorf("no sync marker on stdout: %q", h.stdout.String())
	}
	h.send(evalproto.Request{ID: 2, Op: evalproto.OpExecute, Execute: exec("value 42")})
	done := h.until(2)[0].Done
	if done == nil || !strings.Contains(string(done.Value), `"text/plain":"42"`) || done.Error != nil {
		t.Errorf("done %+v", done)
	}
	h.send(evalproto.Request{ID: 3, Op: evalproto.OpExecute, Execute: exec("fail")})
	if d := h.until(3)[0].Done; d.Error == nil || d.Error.Name != "Error" || d.Error.Value != "plain error" {
		t.Errorf("plain error became %+v", d.Error)
	}
	h.send(evalproto.Request{ID: 4, Op: evalproto.OpExecute, Execute: exec("panic")})
	if d := h.until(4)[0].Done; d.Error == nil || d.Error.Name != "panic" {
		t.Errorf("panic became %+v", d.Error)
	}
	h.send(evalproto.Request{ID: 5, Op: evalproto.OpExecute, Execute: exec("badvalue")})
	if d := h.until(5)[0].Done; !strings.Contains(string(d.Value), "could not be encoded") {
		t.Errorf("unencodable value became %s", d.Value)
	}
	h.send(evalproto.Request{ID: 6, Op: evalproto.OpComplete, Code: "fmt.Pri", Cursor: 7})
	if d := h.until(6)[0].Done; d.Completion == nil || d.Completion.Matches[0] != "Println" || d.Completion.CursorStart != 4 {
		t.Errorf("complete %+v", d)
	}
	h.send(evalproto.Request{ID: 7, Op: evalproto.OpInspect, Code: "x"})
	if d := h.until(7)[0].Done; d.Inspection == nil || !d.Inspection.Found {
		t.Errorf("inspect %+v", d)
	}
	h.send(evalproto.Request{ID: 8, Op: evalproto.OpIsComplete, Code: "x"})
	if d := h.until(8)[0].Done; d.Status != "incomplete" || d.Indent != "  " {
		t.Errorf("is_complete %+v", d)
	}
	h.send(evalproto.Request{ID: 9, Op: "bogus"})
	if d := h.until(9)[0].Done; d.Error == nil || !strings.Contains(d.Error.Value, "bogus") {
		t.Errorf("unknown op %+v", d)
	}
	h.send(evalproto.Request{Op: evalproto.OpClose})
	select {
	case err := <-h.done:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("close did not stop Serve")
	}
	if !h.sess.closed {
		t.Error("session not closed")
	}
}

func TestStreamsMergeAndKeepOrder(t *testing.T) {
	h := serve(t, nil)
	h.next()
	h.send(evalproto.Request{ID: 1, Op: evalproto.OpExecute, Execute: exec("burst")})
	evs := h.until(1)
	var kinds []string
	text := ""
	for _, ev := range evs {
		kinds = append(kinds, ev.Kind)
		if ev.Kind == evalproto.EvStream && ev.Name == "stdout" {
			text += ev.Text
		}
	}
	if text != strings.Repeat("x", 1000) {
		t.Errorf("stdout %d bytes", len(text))
	}
	// Merged: far fewer events than writes; display after all stdout, stderr after display.
	if len(evs) > 200 {
		t.Errorf("%d events for 1000 writes", len(evs))
	}
	last := kinds[len(kinds)-3:]
	if strings.Join(last, ",") != "display,stream,done" {
		t.Errorf("order %v", kinds)
	}
}

func TestInputRoundTripAndInterrupt(t *testing.T) {
	h := serve(t, nil)
	h.next()
	h.send(evalproto.Request{ID: 1, Op: evalproto.OpExecute, Execute: exec("input pw: ")})
	ev := h.next()
	if ev.Kind != evalproto.EvInput || ev.Prompt != "pw: " || !ev.Password || ev.InputID == 0 {
		t.Fatalf("input event %+v", ev)
	}
	h.send(evalproto.Request{ID: 1, Op: evalproto.OpInputReply, InputID: ev.InputID + 100, Value: "stale"}) // ignored
	h.send(evalproto.Request{ID: 1, Op: evalproto.OpInputReply, InputID: ev.InputID, Value: "secret"})
	if d := h.until(1); !strings.Contains(string(d[len(d)-1].Done.Value), "secret") {
		t.Errorf("done %+v", d[len(d)-1].Done)
	}
	// An error answer fails the read.
	h.send(evalproto.Request{ID: 2, Op: evalproto.OpExecute, Execute: exec("input x")})
	ev = h.next()
	h.send(evalproto.Request{ID: 2, Op: evalproto.OpInputReply, InputID: ev.InputID, Error: "no frontend"})
	if d := h.until(2); d[len(d)-1].Done.Error == nil || !strings.Contains(d[len(d)-1].Done.Error.Value, "no frontend") {
		t.Errorf("done %+v", d[len(d)-1].Done)
	}
	// Interrupt while waiting for input, then while spinning.
	h.send(evalproto.Request{ID: 3, Op: evalproto.OpExecute, Execute: exec("input y")})
	h.next()
	h.interrupts <- os.Interrupt
	if d := h.until(3); d[len(d)-1].Done.Error == nil {
		t.Error("interrupted input did not fail")
	}
	h.send(evalproto.Request{ID: 4, Op: evalproto.OpExecute, Execute: exec("spin")})
	h.send(evalproto.Request{ID: 4, Op: evalproto.OpInterrupt})
	if d := h.until(4); d[len(d)-1].Done.Error == nil || d[len(d)-1].Done.Error.Name != "Interrupted" {
		t.Errorf("spin: %+v", d[len(d)-1].Done)
	}
	// Without allow_stdin, Input fails at once.
	h.send(evalproto.Request{ID: 5, Op: evalproto.OpExecute, Execute: &eval.ExecuteRequest{Code: "input z"}})
	if d := h.until(5); d[0].Done == nil || !strings.Contains(d[0].Done.Error.Value, "allow_stdin") {
		t.Errorf("no-stdin %+v", d)
	}
}

// TestInterruptRequestNamesItsCell: an interrupt request stops the cell it names, also when
// it is read before that cell started (the kernel sends it right behind the execute
// request), and one that names a cell that has ended interrupts nothing after it.
func TestInterruptRequestNamesItsCell(t *testing.T) {
	h := serve(t, nil)
	h.next()
	// Before the cell starts: both lines are in the pipe before the child reads either.
	h.send(evalproto.Request{ID: 1, Op: evalproto.OpExecute, Execute: exec("spin")})
	h.send(evalproto.Request{ID: 1, Op: evalproto.OpInterrupt})
	if d := h.until(1); d[len(d)-1].Done.Error == nil || d[len(d)-1].Done.Error.Name != "Interrupted" {
		t.Fatalf("spin interrupted before it started: %+v", d[len(d)-1].Done)
	}
	// An interrupt of a cell that ended, then a cell: it runs to its end.
	h.send(evalproto.Request{ID: 2, Op: evalproto.OpExecute, Execute: exec("value 2")})
	h.until(2)
	h.send(evalproto.Request{ID: 2, Op: evalproto.OpInterrupt})
	h.send(evalproto.Request{ID: 3, Op: evalproto.OpExecute, Execute: exec("value 3")})
	if d := h.until(3); d[len(d)-1].Done.Error != nil {
		t.Fatalf("a stale interrupt stopped the next cell: %+v", d[len(d)-1].Done.Error)
	}
	// An interrupt of another cell while one runs leaves the running one alone; its own stops it.
	h.send(evalproto.Request{ID: 4, Op: evalproto.OpExecute, Execute: exec("spin")})
	h.send(evalproto.Request{ID: 3, Op: evalproto.OpInterrupt})
	h.send(evalproto.Request{ID: 4, Op: evalproto.OpInterrupt})
	if d := h.until(4); d[len(d)-1].Done.Error == nil || d[len(d)-1].Done.Error.Name != "Interrupted" {
		t.Fatalf("spin: %+v", d[len(d)-1].Done)
	}
}

func TestSessionThatFailsToStart(t *testing.T) {
	h := serve(t, func() (Session, error) { return nil, errors.New("no yaegi today") })
	if ev := h.next(); ev.Kind != evalproto.EvReady || ev.Text != "no yaegi today" {
		t.Errorf("ready %+v", ev)
	}
	if err := <-h.done; err == nil {
		t.Error("Serve succeeded without a session")
	}
}

func TestEndOfRequestsStopsServe(t *testing.T) {
	h := serve(t, nil)
	h.next()
	h.send(evalproto.Request{ID: 1, Op: evalproto.OpExecute, Execute: exec("spin")})
	time.Sleep(50 * time.Millisecond)
	h.req.Close() // the kernel is gone
	select {
	case <-h.done:
	case <-time.After(time.Minute):
		t.Fatal("Serve did not stop at end of requests")
	}
}

// TestInterruptReportsGoroutinesLeft: an interrupted cell that leaves goroutines blocked
// says how many and what the session holds, and to restart; past the loud bound it warns,
// and later cells warn again until the goroutines are gone.
func TestInterruptReportsGoroutinesLeft(t *testing.T) {
	release = make(chan struct{}) // closed below: a new one for each run of the test
	h := serve(t, nil)
	h.next()
	atStart := runtime.NumGoroutine()
	interrupt := func(id uint64, code string, count int) *eval.Error {
		t.Helper()
		h.send(evalproto.Request{ID: id, Op: evalproto.OpExecute, Execute: &eval.ExecuteRequest{Code: code, ExecutionCount: count}})
		h.send(evalproto.Request{ID: id, Op: evalproto.OpInterrupt})
		d := h.until(id)
		e := d[len(d)-1].Done.Error
		if e == nil || e.Name != "Interrupted" {
			t.Fatalf("%s: %+v", code, d[len(d)-1].Done)
		}
		return e
	}
	left := regexp.MustCompile(`(note|WARNING): this cell left (\d+) goroutine\(s\) running.*holds [0-9.]+ [kMG]?B in all \(heap .*, goroutine stacks .*\).*Restart the kernel`)
	// Very few: the session's own note says it (eval counts them); nothing here.
	if tb := strings.Join(interrupt(11, "leave 3", 1).Traceback, "\n"); left.MatchString(tb) {
		t.Errorf("a note for 3 goroutines:\n%s", tb)
	}
	// Some: a note.
	tb := strings.Join(interrupt(1, "leave 300", 1).Traceback, "\n")
	m := left.FindStringSubmatch(tb)
	if m == nil || m[1] != "note" {
		t.Fatalf("traceback does not report the goroutines left:\n%s", tb)
	}
	if n, _ := strconv.Atoi(m[2]); n < 300 || n > 310 {
		t.Errorf("reports %d goroutines left, want 300", n)
	}
	// A cell after a few: no warning.
	h.send(evalproto.Request{ID: 2, Op: evalproto.OpExecute, Execute: exec("value 1")})
	for _, ev := range h.until(2) {
		if ev.Kind == evalproto.EvStream && strings.Contains(ev.Text, "WARNING") {
			t.Errorf("warned after a few goroutines: %q", ev.Text)
		}
	}
	// Many: a warning, repeated after the next cells while they run.
	tb = strings.Join(interrupt(3, "leave "+strconv.Itoa(loudGoroutines), 7).Traceback, "\n")
	if m := left.FindStringSubmatch(tb); m == nil || m[1] != "WARNING" {
		t.Fatalf("no warning for %d goroutines left:\n%s", loudGoroutines, tb)
	}
	warned := func(id uint64) string {
		h.send(evalproto.Request{ID: id, Op: evalproto.OpExecute, Execute: exec("value 1")})
		var w string
		for _, ev := range h.until(id) {
			if ev.Kind == evalproto.EvStream && ev.Name == "stderr" {
				w += ev.Text
			}
		}
		return w
	}
	for id := uint64(4); id < 6; id++ {
		if w := warned(id); !strings.Contains(w, "interrupted at [7]") || !strings.Contains(w, "Restart the kernel") {
			t.Errorf("cell %d after the interrupt: stderr %q, want the warning", id, w)
		}
	}
	// Once they return, no more warnings.
	close(release)
	for deadline := time.Now().Add(time.Minute); runtime.NumGoroutine() >= atStart+noteGoroutines/2 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if w := warned(6); w != "" {
		t.Errorf("warned after the goroutines returned: %q", w)
	}
}
