package kernel

import (
	"context"
	"fmt"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
)

// `peerbook run` in rank mode (`--ranks N`, or a `%ranks N` cell): Session.Execute runs
// each cell on every rank, its outputs passed to Events as ranks_run.go says.

// sessionSink passes a rank run's output to a cell's Events.
type sessionSink struct{ ev Events }

func (s sessionSink) stream(name, text string) { s.ev.Stream(name, text) }

func (s sessionSink) display(e *evalproto.Event) { sendEvent(e, s.ev) }

func (s sessionSink) input(c *child, e *evalproto.Event) {
	go func() {
		r := &evalproto.Request{Op: evalproto.OpInputReply, ID: e.ID, InputID: e.InputID}
		var err error
		if r.Value, err = s.ev.Input(e.Prompt, e.Password); err != nil {
			r.Error = err.Error()
		}
		c.send(r)
	}()
}

// executeRanks is Execute in rank mode. Errors: *SessionLostError when a rank died while
// the cell ran (every rank was ended; the next Execute runs in new ranks); the ranks could
// not start.
func (s *Session) executeRanks(ctx context.Context, req evalproto.ExecuteRequest, ev Events) (*evalproto.Done, error) {
	g, err := s.sup.currentRanks()
	if err != nil {
		return nil, err
	}
	if err := g.waitReady(ctx, nil); err != nil {
		return nil, err
	}
	id := s.sup.nextID.Add(1)
	run := g.startRun(id, &evalproto.Request{Op: evalproto.OpExecute, Execute: &req}, s.sup.shown())
	defer run.end()
	sink := sessionSink{ev}
	var markerTimeout, escalate <-chan time.Time
	cancelled := ctx.Done()
	for {
		select {
		case pm := <-s.sup.msgs:
			mine, over, lost := run.handle(pm, sink)
			if !mine {
				s.background(pm, ev)
			}
			if lost != nil {
				return nil, lost
			}
			if over {
				return s.ranksDone(run, ev), nil
			}
			if markerTimeout == nil && run.allAnswered() {
				markerTimeout = time.After(markerWait)
			}
		case <-markerTimeout:
			s.sup.log.Printf("ranks: no sync marker %v after the replies", markerWait)
			run.finishAll(sink)
			return s.ranksDone(run, ev), nil
		case <-run.holdTick():
			run.releaseExpired(sink)
		case <-cancelled:
			cancelled = nil
			s.sup.interrupt()
			// Asked again after escalateAfter, the supervisor kills a rank that ignores it.
			escalate = time.After(escalateAfter)
		case <-escalate:
			escalate = time.After(escalateAfter)
			s.sup.interrupt()
		}
	}
}

// ranksDone is the answer of a run every rank finished; a rank that can't go on ends its
// generation, which is waited for (see Kernel.ranksDone).
func (s *Session) ranksDone(run *rankRun, ev Events) *evalproto.Done {
	d := run.result()
	if d.Ending == "" {
		return d
	}
	run.g.reported.Store(true)
	ev.Stream("stderr", fmt.Sprintf("peerbook: %s\npeerbook: that rank ends, and with it every rank of the session (as an MPI job ends); all %d ranks start again, empty\n", d.Ending, run.g.size))
	deadline := time.After(endingWait)
	for {
		select {
		case pm := <-s.sup.msgs:
			if pm.child.rg == run.g && pm.kind == pmExit {
				return d
			}
			s.background(pm, ev)
		case <-deadline:
			return d
		}
	}
}

// rankBackground handles what a rank of an earlier cell or generation says: output of its
// goroutines (labelled) goes to the running cell; its death between cells is told once.
func (s *Session) rankBackground(pm procMsg, ev Events) {
	g := pm.child.rg
	sink := sessionSink{ev}
	switch pm.kind {
	case pmStdout:
		g.labels.feed(pm.child.rank, "stdout", pm.text, sink)
	case pmStderr:
		// The end of a rank that died between cells: its crash report is summed up below.
	case pmEvent:
		switch pm.ev.Kind {
		case evalproto.EvInput:
			answerNoInput(pm.child, pm.ev)
		case evalproto.EvDone:
		case evalproto.EvStream:
			name := "stdout"
			if pm.ev.Name == "stderr" {
				name = "stderr"
			}
			g.labels.feed(pm.child.rank, name, []byte(pm.ev.Text), sink)
		default:
			if show := s.sup.shown(); show == showAll || show == pm.child.rank {
				g.showDisplay(pm.child.rank, show, pm.ev, sink)
			}
		}
	case pmExit:
		if pm.child.retired.Load() || !pm.child.wasReady.Load() || g.reported.Swap(true) {
			return
		}
		ev.Stream("stderr", rankDiedBetweenCells(g))
	}
}

// ranksCell answers a %ranks cell of `peerbook run`.
func (s *Session) ranksCell(ctx context.Context, rc ranksCell, ev Events) (*evalproto.Done, error) {
	text, cellErr := s.sup.runRanksCell(ctx, rc, nil)
	if text != "" {
		ev.Stream("stdout", text)
	}
	return &evalproto.Done{Error: cellErr}, nil
}
