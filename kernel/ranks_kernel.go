package kernel

import (
	"errors"
	"fmt"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
)

// The Jupyter kernel in rank mode: a cell runs on every rank (rankRun), its output
// published on IOPub as ranks_run.go says; the frontend's interrupt reaches every rank
// (supervisor.interrupt); completion and inspection are rank 0's (call sends requests other
// than execute to rank 0's evaluator); history and execution counts stay one per cell.

// kernelSink publishes a rank run's output for the request act.
type kernelSink struct {
	k   *Kernel
	act *active
}

func (s kernelSink) stream(name, text string) {
	if parent, silent := s.k.target(s.act); !silent && parent != nil {
		s.k.streamText(parent, name, []byte(text))
	}
}

func (s kernelSink) display(ev *evalproto.Event) { s.k.displayEvent(s.act, ev) }

func (s kernelSink) input(c *child, ev *evalproto.Event) { s.k.inputEvent(s.act, ev) }

// callRanks runs an execute request on every rank: callRanks is call for rank mode.
func (k *Kernel) callRanks(act *active, req *evalproto.Request) (*evalproto.Done, error) {
	g, err := k.sup.currentRanks()
	if err != nil {
		if errors.Is(err, errShuttingDown) {
			return nil, err
		}
		return nil, &startError{err}
	}
	select { // an interrupt from before this request is not for it
	case <-k.sup.interrupts:
	default:
	}
	if err := g.waitReady(k.ctx, k.sup.interrupts); err != nil {
		if k.ctx.Err() != nil {
			return nil, errShuttingDown
		}
		if errors.Is(err, errInterruptedWaiting) {
			return &evalproto.Done{Error: &evalproto.Error{Name: "Interrupted", Value: err.Error(),
				Traceback: []string{"\x1b[0;31mInterrupted\x1b[0m: " + err.Error()}}}, nil
		}
		return nil, &startError{err}
	}
	id := k.sup.nextID.Add(1)
	act.id, act.child = id, g.kids[0] // input is rank 0's
	run := g.startRun(id, req, k.sup.shown())
	defer run.end()
	sink := kernelSink{k, act}
	var markerTimeout <-chan time.Time
	for {
		select {
		case pm := <-k.sup.msgs:
			mine, over, lost := run.handle(pm, sink)
			if !mine {
				k.background(pm)
			}
			if lost != nil {
				k.dropHold()
				k.flushStream(true)
				return nil, lost
			}
			if over {
				return k.ranksDone(act, run, sink)
			}
			if markerTimeout == nil && run.allAnswered() {
				markerTimeout = time.After(markerWait)
			}
			if len(k.sup.msgs) == 0 {
				k.flushStream(false)
			}
		case m := <-k.stdinQ:
			k.inputReply(act, m)
		case <-markerTimeout:
			k.log.Printf("ranks: no sync marker %v after the replies", markerWait)
			run.finishAll(sink)
			return k.ranksDone(act, run, sink)
		case <-run.holdTick():
			run.releaseExpired(sink)
			k.flushStream(false)
		case <-k.out.hold.C:
			k.releaseHold()
			k.flushStream(false)
		case <-k.ctx.Done():
			return nil, errShuttingDown
		}
	}
}

// ranksDone is the answer of a run every rank has finished. A rank that can't go on after
// it (Done.Ending: a GPU fault made CUDA unusable in it) ends its generation: the cell's
// stderr says so, and the kernel waits for its end, so that the next cell runs in a new
// generation.
func (k *Kernel) ranksDone(act *active, run *rankRun, sink rankSink) (*evalproto.Done, error) {
	d := run.result()
	if d.Ending != "" {
		run.g.reported.Store(true)
		sink.stream("stderr", fmt.Sprintf("peerbook: %s\npeerbook: that rank ends, and with it every rank of the session (as an MPI job ends); all %d ranks start again, empty\n", d.Ending, run.g.size))
		k.waitGenerationEnd(run.g)
	}
	k.flushStream(true)
	return d, nil
}

// waitGenerationEnd waits (up to endingWait) until a rank of g has ended, passing on what
// other evaluators say meanwhile.
func (k *Kernel) waitGenerationEnd(g *rankGen) {
	deadline := time.After(endingWait)
	for {
		select {
		case pm := <-k.sup.msgs:
			if pm.child.rg == g && pm.kind == pmExit {
				return
			}
			k.background(pm)
		case <-deadline:
			k.log.Printf("ranks: no rank ended %v after one said it ends", endingWait)
			return
		case <-k.ctx.Done():
			return
		}
	}
}

// rankBackground handles what a rank says when no cell of its generation runs: output of
// goroutines a cell left running (labelled, to the last cell), and a death between cells.
func (k *Kernel) rankBackground(pm procMsg) {
	g := pm.child.rg
	sink := kernelSink{k: k}
	switch pm.kind {
	case pmStdout:
		g.labels.feed(pm.child.rank, "stdout", pm.text, sink)
	case pmStderr:
		g.labels.feed(pm.child.rank, "stderr", pm.text, sink)
	case pmEvent:
		switch pm.ev.Kind {
		case evalproto.EvInput:
			pm.child.send(&evalproto.Request{Op: evalproto.OpInputReply, ID: pm.ev.ID, InputID: pm.ev.InputID,
				Error: "input is not available: the cell that asked has finished"})
		case evalproto.EvDone:
		case evalproto.EvStream:
			name := "stdout"
			if pm.ev.Name == "stderr" {
				name = "stderr"
			}
			g.labels.feed(pm.child.rank, name, []byte(pm.ev.Text), sink)
		default:
			if show := k.sup.shown(); show == showAll || show == pm.child.rank {
				g.showDisplay(pm.child.rank, show, pm.ev, sink)
			}
		}
	case pmExit:
		if pm.child.retired.Load() || !pm.child.wasReady.Load() || g.reported.Swap(true) {
			return
		}
		for i := range g.kids {
			g.labels.flush(i, sink)
		}
		k.flushStream(true)
		if k.lastParent != nil {
			k.publish("stream", k.lastParent, streamContent("stderr", rankDiedBetweenCells(g)))
		}
	}
}

// rankDiedBetweenCells is what the cell after a generation that ended between cells is
// told.
func rankDiedBetweenCells(g *rankGen) string {
	c := g.cause.Load()
	if c == nil {
		return fmt.Sprintf("The %d ranks ended between cells: their state was lost, and all of them have started again.\n", g.size)
	}
	return fmt.Sprintf("Rank %d of %d died between cells (%s): every rank was ended with it and all %d have started again; their state was lost.\n%s\n",
		c.rank, g.size, c.exit.summary, g.size, c.exit.explain(20))
}

// ranksCell answers a %ranks cell in the kernel.
func (k *Kernel) ranksCell(act *active, rc ranksCell) (*evalproto.Done, error) {
	select { // an interrupt from before this request is not for it
	case <-k.sup.interrupts:
	default:
	}
	text, cellErr := k.sup.runRanksCell(k.ctx, rc, k.sup.interrupts)
	if k.ctx.Err() != nil {
		return nil, errShuttingDown
	}
	if k.mods != nil && rc.n != 0 && cellErr == nil {
		k.mods.cells = nil // a new, empty session has started
	}
	if text != "" && !act.silent {
		k.streamText(act.parent, "stdout", []byte(text))
		k.flushStream(true)
	}
	return &evalproto.Done{Error: cellErr}, nil
}

// pids are the process ids of the live evaluators (every rank's in rank mode).
func (s *supervisor) pids() []int {
	s.mu.Lock()
	g := s.rg
	s.mu.Unlock()
	if g != nil {
		return g.pids()
	}
	if c := s.running(); c != nil {
		return []int{c.pid}
	}
	return nil
}
