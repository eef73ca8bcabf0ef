package kernel

import (
	"fmt"
	"syscall"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
	"github.com/peerbook/peerbook/internal/proctree"
)

// A cell runs in the evaluator's process and can break what the kernel relies on: close
// or write to the event channel, or stop the process. The evaluator keeps its channel
// off the descriptors a cell would guess (see evalproto.Main), and the kernel watches for
// the rest, so that no cell hangs without a word.

// stopPollInterval is how often the kernel checks that its evaluator is not stopped.
var stopPollInterval = 100 * time.Millisecond

// eofGrace is how long the evaluator may live on after its event channel ended: an
// exiting process closes its descriptors before it is reaped.
const eofGrace = time.Second

// kill ends the child and names why, for the error of the cell it ran ("the Go session
// died (reason)").
func (c *child) kill(reason string) {
	c.mu.Lock()
	if c.killReason == "" {
		c.killReason = reason
	}
	c.mu.Unlock()
	c.sup.log.Printf("evaluator %d: %s", c.pid, reason)
	c.proc.Kill()
}

// closing reports whether the kernel is shutting down (children end on purpose).
func (s *supervisor) isClosing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closing
}

// badEvent handles a line on the event channel that is not an event: something other
// than the evaluator wrote to the channel (a cell that found its descriptor), and what
// follows can't be trusted, so the session ends with that reason.
func (c *child) badEvent(line []byte, err error) {
	if c.sup.isClosing() {
		return
	}
	if len(line) > 80 {
		line = append(line[:80:80], "..."...)
	}
	c.kill(fmt.Sprintf("killed: its event channel to the kernel carried a line that is not an event (%q: %v); a cell wrote to the evaluator's descriptor", line, err))
}

// eventsEnded handles the end of the event channel: when the process goes on without it
// (a cell closed the descriptor), nothing it does can reach the kernel any more, so it is
// ended with that reason.
func (c *child) eventsEnded() {
	select {
	case <-c.exited:
		return
	case <-time.After(eofGrace):
	}
	s := c.sup
	if c.remote && !s.isClosing() {
		c.kill("killed: its event channel to the kernel was closed while it ran (a cell closed the evaluator's descriptor)")
		return
	}
	s.mu.Lock()
	reaped, closing := !s.live[c.pid], s.closing
	s.mu.Unlock()
	if reaped || closing {
		return
	}
	if st := proctree.State(c.pid); st == 'Z' || st == 'X' {
		return // exiting
	}
	c.kill("killed: its event channel to the kernel was closed while it ran (a cell closed the evaluator's descriptor)")
}

// watchStopped resumes the evaluator whenever it is stopped (SIGSTOP, SIGTSTP: state T in
// /proc/PID/stat) and tells the running cell, which would otherwise hang in silence.
// Processes stopped by a debugger (state t) are left alone. Without /proc it does nothing.
func (c *child) watchStopped() {
	if c.remote || proctree.State(c.pid) == 0 {
		return
	}
	t := time.NewTicker(stopPollInterval)
	defer t.Stop()
	for {
		select {
		case <-c.exited:
			return
		case <-t.C:
		}
		if proctree.State(c.pid) != 'T' {
			continue
		}
		msg := fmt.Sprintf("peerbook: the evaluator process (pid %d) was stopped by a signal (SIGSTOP or SIGTSTP); the kernel resumed it\n", c.pid)
		c.sup.log.Print(msg[len("peerbook: "):])
		c.mu.Lock()
		id := c.busy
		c.mu.Unlock()
		if id != 0 { // the running cell's stderr
			c.sup.post(procMsg{child: c, kind: pmEvent, ev: &evalproto.Event{Kind: evalproto.EvStream, ID: id, Name: "stderr", Text: msg}})
		}
		// Resumed after the notice was posted: the cell's reply comes after it.
		syscall.Kill(c.pid, syscall.SIGCONT)
	}
}
