package evaluator

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
)

// TestPoisonedProcessExitsAfterTheReply: once Config.Poisoned reports an error after a cell,
// the cell's done event is sent first, then the reason goes to stderr and Exit is called with
// ExitPoisoned; cells that leave the process usable do not exit.
func TestPoisonedProcessExitsAfterTheReply(t *testing.T) {
	reqR, reqW := io.Pipe()
	evR, evW := io.Pipe()
	t.Cleanup(func() { reqW.Close() })
	var poisoned atomic.Bool
	stderr := &syncBuf{}
	exits := make(chan int, 1)
	h := &harness{t: t, req: reqW, events: bufio.NewReader(evR), stdout: &syncBuf{},
		done: make(chan error, 1), sess: &session{}}
	go func() {
		h.done <- Serve(Config{Requests: reqR, Events: evW, Stdout: h.stdout, Stderr: stderr,
			NewSession: func() (Session, error) { return h.sess, nil },
			Poisoned: func() error {
				if poisoned.Load() {
					return errors.New("gpu: the cuda devices can't be used again in this process (restart it)")
				}
				return nil
			},
			Exit: func(code int) { exits <- code }})
		evW.Close()
	}()
	if ev := h.next(); ev.Kind != evalproto.EvReady {
		t.Fatalf("first event %+v, want ready", ev)
	}

	h.send(evalproto.Request{Op: evalproto.OpExecute, ID: 1, Execute: exec("value fine")})
	if evs := h.until(1); evs[len(evs)-1].Done.Ending != "" {
		t.Errorf("a usable process says it ends: %q", evs[len(evs)-1].Done.Ending)
	}
	h.send(evalproto.Request{Op: evalproto.OpComplete, ID: 2, Code: "fmt.Pr", Cursor: 6})
	h.until(2)
	select {
	case code := <-exits:
		t.Fatalf("exit(%d) while the process is usable", code)
	default:
	}

	poisoned.Store(true)
	h.send(evalproto.Request{Op: evalproto.OpExecute, ID: 3, Execute: exec("fail")})
	evs := h.until(3)
	if d := evs[len(evs)-1].Done; d == nil || d.Error == nil || !strings.Contains(d.Ending, "can't be used again") {
		t.Fatalf("the poisoned cell's done event has no error, or does not say the process ends: %+v", evs[len(evs)-1].Done)
	}
	select {
	case code := <-exits:
		if code != ExitPoisoned {
			t.Errorf("exit status %d, want %d", code, ExitPoisoned)
		}
	case <-time.After(time.Minute):
		t.Fatal("a poisoned process did not exit after the cell")
	}
	if msg := stderr.String(); !strings.Contains(msg, "can't be used again") || !strings.Contains(msg, "state is lost") {
		t.Errorf("stderr does not say why the process ends: %q", msg)
	}
}
