package kernel

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
)

// Session runs cells in a supervised evaluator child without Jupyter: it is how `peerbook
// run` executes a notebook. The child is started, watched (process group, subreaper,
// a corrupted or closed event channel, a stopped process, crash reports) and replaced
// by the same supervisor as the kernel's, and speaks the same protocol (package
// evaluator). A cell that kills the child fails with a *SessionLostError; the next
// request runs in a fresh child.
type Session struct {
	sup *supervisor
}

// SessionConfig says how to start a Session.
type SessionConfig struct {
	// EvaluatorCommand is the argv of the evaluator child. Default: the binary
	// DefaultEvaluator names (peerbook-evaluator beside this executable).
	EvaluatorCommand []string
	// EvaluatorEnv is extra environment (KEY=VALUE) for the evaluator.
	EvaluatorEnv []string
	// Logger receives the supervisor's log (evaluators restarted, leftovers ended).
	// Default: nowhere.
	Logger *log.Logger
	// OwnProcess says the caller owns its process: on Linux it becomes the subreaper of
	// what cells leave running, and ends those processes with their session (see
	// leftovers.go). A test that runs a Session inside another program leaves it false.
	OwnProcess bool
	// Ranks, above 1, runs the session as that many ranks (ranks.go): every cell runs on
	// each. A `%ranks` cell changes it.
	Ranks int
	// Launcher, with Ranks, is the cluster launcher command that starts the ranks
	// ("mpirun --oversubscribe", "srun"; ranks_launch.go); "" : the session starts them.
	Launcher string
}

// Events receives what a running cell outputs, in order, from one goroutine. Input asks
// for a line of input on the cell's behalf (from a goroutine of its own, so that output
// goes on meanwhile); its answer (or error) goes back to the cell.
type Events interface {
	Stream(name, text string)
	// Display is a display (update: an update of the displays with displayID); bundle is
	// a display.Bundle as JSON.
	Display(bundle json.RawMessage, displayID string, update bool)
	ClearOutput(wait bool)
	Input(prompt string, password bool) (string, error)
}

// StartSession starts the evaluator child of a Session.
func StartSession(cfg SessionConfig) (*Session, error) {
	argv, err := evaluatorCommand(cfg.EvaluatorCommand)
	if err != nil {
		return nil, err
	}
	logger := cfg.Logger
	if logger == nil {
		logger = log.New(io.Discard, "", 0)
	}
	if cfg.Ranks < 0 || cfg.Ranks > MaxRanks {
		return nil, fmt.Errorf("%d ranks: want 1 to %d", cfg.Ranks, MaxRanks)
	}
	s := &Session{sup: newSupervisor(argv, cfg.EvaluatorEnv, logger)}
	s.sup.size = cfg.Ranks
	if cfg.Launcher != "" {
		if cfg.Ranks < 2 {
			return nil, fmt.Errorf("a launcher (%s) starts 2 ranks or more", cfg.Launcher)
		}
		if s.sup.launch, err = parseLauncher(cfg.Launcher); err != nil {
			return nil, err
		}
	}
	if cfg.OwnProcess {
		s.sup.adoptOrphans()
	}
	if _, err := s.sup.current(); err != nil {
		return nil, err
	}
	return s, nil
}

// Close ends the session's child: a close request, then SIGKILL after grace.
func (s *Session) Close(grace time.Duration) { s.sup.close(grace) }

// Execute runs one cell in the session's child and returns its answer (Done.Error: the
// cell failed). Its outputs go to ev as they happen, those written to the child's
// stdout and stderr included; a crash report on stderr goes into the error instead.
// When ctx ends the cell is interrupted (SIGINT), and the child is killed when it does
// not stop within a few seconds. A child that ends after the cell's reply (Done.Ending:
// the cell made the devices unusable) is waited for, so that the next Execute runs in a
// fresh one. Errors: *SessionLostError when the child died while
// the cell ran (the next Execute runs in a fresh child); the child could not start.
func (s *Session) Execute(ctx context.Context, req evalproto.ExecuteRequest, ev Events) (*evalproto.Done, error) {
	if rc, ok := parseRanksCell(req.Code); ok {
		return s.ranksCell(ctx, rc, ev) // ranks_session.go
	}
	if s.sup.ranked() {
		return s.executeRanks(ctx, req, ev)
	}
	c, err := s.sup.current()
	if err != nil {
		return nil, err
	}
	if err := c.waitReady(ctx, nil); err != nil {
		return nil, err
	}
	id := s.sup.nextID.Add(1)
	c.setBusy(id)
	defer c.setBusy(0)
	if err := c.send(&evalproto.Request{ID: id, Op: evalproto.OpExecute, Execute: &req}); err != nil {
		s.sup.log.Printf("evaluator %d: %v", c.pid, err) // the child is going: its exit follows
	}
	var (
		hold             crashHold
		done             *evalproto.Done
		syncOut, syncErr bool
		markerTimeout    <-chan time.Time
		escalate         <-chan time.Time
		exitWait         <-chan time.Time
	)
	defer hold.drop()
	// finished reports whether the answer is complete: done and both sync markers, and
	// where the child ends after the reply (Done.Ending), its exit, so that its last words
	// on stderr go to this cell and the next cell runs in a fresh child.
	finished := func() bool {
		if done.Ending == "" {
			return true
		}
		if exitWait == nil {
			exitWait = time.After(endingWait)
		}
		return false
	}
	cancelled := ctx.Done()
	for {
		select {
		case pm := <-s.sup.msgs:
			switch {
			case pm.child != c:
				s.background(pm, ev)
			case pm.kind == pmExit:
				if done != nil && done.Ending != "" {
					return done, nil
				}
				return nil, &SessionLostError{exit: c.exit}
			case pm.kind == pmStdout:
				ev.Stream("stdout", string(pm.text))
			case pm.kind == pmStderr:
				if now := hold.pass(pm.text); len(now) > 0 {
					ev.Stream("stderr", string(now))
				}
			case pm.kind == pmSync:
				if pm.stream == "stderr" {
					streamHeld(&hold, ev)
				}
				if pm.syncID == id {
					syncOut = syncOut || pm.stream == "stdout"
					syncErr = syncErr || pm.stream == "stderr"
					if done != nil && syncOut && syncErr && finished() {
						return done, nil
					}
				}
			case pm.kind == pmEvent && pm.ev.Kind == evalproto.EvDone:
				if pm.ev.ID != id {
					break
				}
				if done = pm.ev.Done; done == nil {
					done = &evalproto.Done{}
				}
				if syncOut && syncErr {
					if finished() {
						return done, nil
					}
					break
				}
				markerTimeout = time.After(markerWait)
			case pm.kind == pmEvent && pm.ev.Kind == evalproto.EvInput:
				if pm.ev.ID != id {
					answerNoInput(c, pm.ev)
					break
				}
				go func(e *evalproto.Event) {
					r := &evalproto.Request{Op: evalproto.OpInputReply, ID: e.ID, InputID: e.InputID}
					var err error
					if r.Value, err = ev.Input(e.Prompt, e.Password); err != nil {
						r.Error = err.Error()
					}
					c.send(r)
				}(pm.ev)
			case pm.kind == pmEvent:
				// Also what goroutines of earlier cells output: this cell is the one running.
				sendEvent(pm.ev, ev)
			}
		case <-hold.C:
			streamHeld(&hold, ev)
		case <-markerTimeout:
			markerTimeout = nil
			s.sup.log.Printf("evaluator %d: no sync marker %v after the reply", c.pid, markerWait)
			if finished() {
				return done, nil
			}
		case <-exitWait:
			s.sup.log.Printf("evaluator %d: still running %v after it said it ends", c.pid, endingWait)
			return done, nil
		case <-cancelled:
			cancelled = nil
			s.sup.interrupt()
			// Asked again after escalateAfter, the supervisor kills a child that ignores it.
			escalate = time.After(escalateAfter)
		case <-escalate:
			escalate = time.After(escalateAfter)
			s.sup.interrupt()
		}
	}
}

// endingWait bounds the wait for an evaluator that said it ends after its reply.
const endingWait = 5 * time.Second

// streamHeld streams what hold held back: the child did not die of it.
func streamHeld(hold *crashHold, ev Events) {
	if held := hold.release(); len(held) > 0 {
		ev.Stream("stderr", string(held))
	}
}

// sendEvent passes a stream, display or clear event on to ev.
func sendEvent(e *evalproto.Event, ev Events) {
	switch e.Kind {
	case evalproto.EvStream:
		name := "stdout"
		if e.Name == "stderr" {
			name = "stderr"
		}
		ev.Stream(name, e.Text)
	case evalproto.EvDisplay:
		ev.Display(e.Bundle, e.DisplayID, e.Update)
	case evalproto.EvClear:
		ev.ClearOutput(e.Wait)
	}
}

// answerNoInput refuses an input request of a cell that has finished.
func answerNoInput(c *child, e *evalproto.Event) {
	c.send(&evalproto.Request{Op: evalproto.OpInputReply, ID: e.ID, InputID: e.InputID,
		Error: "input is not available: the cell that asked has finished"})
}

// background handles what an earlier child said: its output before it died (to the
// running cell, as the kernel gives it to the last cell), and its death between cells.
func (s *Session) background(pm procMsg, ev Events) {
	if pm.child.rg != nil {
		s.rankBackground(pm, ev)
		return
	}
	switch pm.kind {
	case pmStdout:
		ev.Stream("stdout", string(pm.text))
	case pmStderr:
		// The end of a child that died between cells: its crash report is summed up below.
	case pmEvent:
		if pm.ev.Kind == evalproto.EvInput {
			answerNoInput(pm.child, pm.ev)
		} else if pm.ev.Kind != evalproto.EvDone {
			sendEvent(pm.ev, ev)
		}
	case pmExit:
		if pm.child.wasReady.Load() && !pm.child.retired.Load() {
			ev.Stream("stderr", diedBetweenCells(pm.child.exit))
		}
	}
}

// diedBetweenCells is what the cell after a session that died between cells is told.
func diedBetweenCells(e exitInfo) string {
	return fmt.Sprintf("The Go session died between cells (%s): its state was lost, and a new session has started.\n%s\n",
		e.summary, e.explain(20))
}
