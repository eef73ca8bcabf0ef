package kernel

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
	"github.com/peerbook/peerbook/kernel/internal/wire"
)

// markerWait bounds the wait for the sync markers after a done event.
const markerWait = 2 * time.Second

// active is the request the shell worker is running in the evaluator.
type active struct {
	req        *wire.Message
	parent     []byte
	isExecute  bool
	silent     bool
	allowStdin bool

	id      uint64
	child   *child
	done    *evalproto.Done
	syncOut bool
	syncErr bool
	inputs  []*evalproto.Event // input events waiting; the first has an input_request out
}

// SessionLostError is a session that died while it ran a request: its evaluator process
// ended (a fatal runtime error in a cell, a kill). The supervisor starts a fresh one. In
// rank mode (ranks > 1) it was rank's process, and every rank was ended and started again.
type SessionLostError struct {
	exit        exitInfo
	rank, ranks int
}

func (e *SessionLostError) Error() string { return "the Go session died: " + e.Summary() }

// Summary is the one line that says why the session died ("fatal error: stack overflow";
// in rank mode "rank 1 of 2: signal: killed").
func (e *SessionLostError) Summary() string {
	if e.ranks > 1 {
		return fmt.Sprintf("rank %d of %d: %s", e.rank, e.ranks, e.exit.summary)
	}
	return e.exit.summary
}

// CellError is the error a cell gets when its session died while it ran: "SessionLost",
// the reason, and the start of the crash report (or the end of the evaluator's stderr).
// restarted says a fresh session has started, as the kernel's has; the kernel and
// `peerbook run` both build the cell's error here.
func (e *SessionLostError) CellError(restarted bool) *evalproto.Error {
	if e.ranks > 1 {
		return e.rankCellError(restarted)
	}
	value := fmt.Sprintf("the Go session died (%s); its state was lost", e.exit.summary)
	lost := "Its state (variables, functions, imports) was lost."
	if restarted {
		value += ", and a new session has started"
		lost += " A new, empty session has started: run the cells it needs again."
	}
	tb := []string{"\x1b[0;31mSessionLost\x1b[0m: the Go session died while it ran this cell: " + e.exit.summary, lost}
	if more := e.exit.explain(30); more != "" {
		tb = append(tb, "")
		tb = append(tb, strings.Split(more, "\n")...)
	}
	return &evalproto.Error{Name: "SessionLost", Value: value, Traceback: tb}
}

// startError is an evaluator that could not be started.
type startError struct{ err error }

func (e *startError) Error() string { return e.err.Error() }

// call runs req in the evaluator and returns its answer, publishing what it outputs on the
// way. Errors: *SessionLostError, *startError, errShuttingDown.
func (k *Kernel) call(act *active, req *evalproto.Request) (*evalproto.Done, error) {
	if act.isExecute && k.sup.ranked() {
		return k.callRanks(act, req) // every rank runs the cell (ranks_kernel.go)
	}
	c, err := k.sup.current()
	if err != nil {
		return nil, &startError{err}
	}
	var interrupts <-chan struct{}
	if act.isExecute {
		select { // an interrupt from before this request is not for it
		case <-k.sup.interrupts:
		default:
		}
		interrupts = k.sup.interrupts
	}
	if err := c.waitReady(k.ctx, interrupts); err != nil {
		if k.ctx.Err() != nil {
			return nil, errShuttingDown
		}
		if errors.Is(err, errInterruptedWaiting) {
			return &evalproto.Done{Error: &evalproto.Error{Name: "Interrupted", Value: err.Error(),
				Traceback: []string{"\x1b[0;31mInterrupted\x1b[0m: " + err.Error()}}}, nil
		}
		return nil, &startError{err}
	}
	req.ID = k.sup.nextID.Add(1)
	act.id, act.child = req.ID, c
	if act.isExecute {
		c.setBusy(req.ID)
		defer c.setBusy(0)
	}
	if err := c.send(req); err != nil {
		// The child is going: its exit message follows.
		k.log.Printf("evaluator %d: %v", c.pid, err)
	}
	var markerTimeout <-chan time.Time
	finish := func() (*evalproto.Done, error) {
		k.releaseHold()
		k.flushStream(true)
		return act.done, nil
	}
	for {
		select {
		case pm := <-k.sup.msgs:
			switch {
			case pm.kind == pmExit && pm.child == c:
				k.dropHold()
				k.flushStream(true)
				return nil, &SessionLostError{exit: c.exit}
			case pm.child != c:
				k.background(pm)
			case pm.kind == pmEvent && pm.ev.ID == act.id:
				switch pm.ev.Kind {
				case evalproto.EvDone:
					act.done = pm.ev.Done
					if act.done == nil {
						act.done = &evalproto.Done{}
					}
					if !act.isExecute || (act.syncOut && act.syncErr) {
						return finish()
					}
					markerTimeout = time.After(markerWait)
				case evalproto.EvInput:
					k.inputEvent(act, pm.ev)
				default:
					k.displayEvent(act, pm.ev)
				}
			case pm.kind == pmSync:
				if pm.stream == "stderr" {
					k.releaseHold()
				}
				if pm.syncID == act.id {
					if pm.stream == "stdout" {
						act.syncOut = true
					} else {
						act.syncErr = true
					}
					if act.done != nil && act.syncOut && act.syncErr {
						return finish()
					}
				}
			default:
				k.background(pm)
			}
			if len(k.sup.msgs) == 0 {
				k.flushStream(false)
			}
		case m := <-k.stdinQ:
			k.inputReply(act, m)
		case <-markerTimeout:
			k.log.Printf("evaluator %d: no sync marker %v after the reply", c.pid, markerWait)
			return finish()
		case <-k.out.hold.C:
			k.releaseHold()
			k.flushStream(false)
		case <-k.ctx.Done():
			return nil, errShuttingDown
		}
	}
}

// background handles what an evaluator says when no request waits for it: output of
// goroutines a cell left running, and deaths between cells.
func (k *Kernel) background(pm procMsg) {
	if pm.child.rg != nil {
		k.rankBackground(pm)
		return
	}
	switch pm.kind {
	case pmStdout:
		k.pipeText(nil, "stdout", pm.text)
	case pmStderr:
		k.pipeText(nil, "stderr", pm.text)
	case pmSync:
		if pm.stream == "stderr" {
			k.releaseHold()
		}
	case pmEvent:
		switch pm.ev.Kind {
		case evalproto.EvInput:
			pm.child.send(&evalproto.Request{Op: evalproto.OpInputReply, ID: pm.ev.ID, InputID: pm.ev.InputID,
				Error: "input is not available: the cell that asked has finished"})
		case evalproto.EvDone:
		default:
			k.displayEvent(nil, pm.ev)
		}
	case pmExit:
		k.dropHold()
		if !pm.child.wasReady.Load() || pm.child.retired.Load() {
			return // a failed start (the request that waited for it said so), or replaced
		}
		k.flushStream(true)
		if k.lastParent != nil {
			text := diedBetweenCells(pm.child.exit)
			k.publish("stream", k.lastParent, streamContent("stderr", text))
		}
	}
}

// inputEvent asks the frontend for input on the stdin channel.
func (k *Kernel) inputEvent(act *active, ev *evalproto.Event) {
	if !act.allowStdin || act.req == nil {
		act.child.send(&evalproto.Request{Op: evalproto.OpInputReply, ID: act.id, InputID: ev.InputID,
			Error: "input is not available: the frontend does not accept input for this request (allow_stdin is false)"})
		return
	}
	act.inputs = append(act.inputs, ev)
	if len(act.inputs) == 1 {
		k.sendInputRequest(act)
	}
}

func (k *Kernel) sendInputRequest(act *active) {
	k.flushStream(true)
	ev := act.inputs[0]
	k.reply(k.stdin, act.req, "input_request", inputRequestContent(ev.Prompt, ev.Password))
}

// inputReply passes the frontend's answer to the evaluator.
func (k *Kernel) inputReply(act *active, m *wire.Message) {
	if m.Header.MsgType != "input_reply" {
		k.log.Printf("stdin: ignored %s", m.Header.MsgType)
		return
	}
	if act == nil || len(act.inputs) == 0 {
		k.log.Printf("stdin: input_reply while no input was asked for: ignored")
		return
	}
	var c struct {
		Value  *string `json:"value"`
		Status string  `json:"status"`
	}
	err := json.Unmarshal(m.Content, &c)
	ev := act.inputs[0]
	act.inputs = act.inputs[1:]
	r := &evalproto.Request{Op: evalproto.OpInputReply, ID: act.id, InputID: ev.InputID}
	switch refused := wire.RefusedOf(m); {
	case refused != nil:
		// The transport did not read the answer (over the message limit): the input fails.
		k.log.Printf("stdin: an input_reply of %d bytes was refused: %s", refused.Size, refused.Reason)
		r.Error = refused.Name + ": " + refused.Reason
	case err != nil:
		r.Error = "bad input_reply: " + err.Error()
	case c.Value == nil:
		r.Error = "input_reply without a value"
		if c.Status != "" && c.Status != "ok" {
			r.Error = "the frontend answered the input request with status " + c.Status
		}
	default:
		r.Value = *c.Value
	}
	act.child.send(r)
	if len(act.inputs) > 0 {
		k.sendInputRequest(act)
	}
}

// lostContent is the error of a request whose session died.
func lostContent(err error) (ename, evalue string, traceback []string) {
	var lost *SessionLostError
	var start *startError
	switch {
	case errors.As(err, &lost):
		e := lost.CellError(true)
		ename, evalue, traceback = e.Name, e.Value, e.Traceback
	case errors.As(err, &start):
		ename = "EvaluatorUnavailable"
		evalue = start.Error()
		traceback = append([]string{"\x1b[0;31mEvaluatorUnavailable\x1b[0m: the Go session could not be started"},
			strings.Split(start.Error(), "\n")...)
	default:
		ename, evalue, traceback = "KernelError", err.Error(), []string{err.Error()}
	}
	return ename, evalue, traceback
}
