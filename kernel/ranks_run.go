package kernel

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
)

// A cell in rank mode (SPMD): the execute request goes to every rank of the generation,
// and the cell is done when every rank has answered and synced its pipes (or one died).
//
// Output, as the kernel and `peerbook run` show it:
//   - text streams of every rank, a line at a time, each line labelled with its rank
//     ("[1] hello"); a line still open when its rank finishes the cell ends there;
//   - rich output (displays, the cell's value) of one rank: rank 0's by default, another's
//     or every rank's with `%ranks show R|all` (every rank's: each labelled, the value of
//     ranks other than 0 shown as a display). A program written for N ranks renders the
//     same picture N times; rank 0 is where MPI programs print from by convention, so one
//     picture per cell keeps a notebook readable, and the choice lets a user look at
//     another rank's without changing the code;
//   - the cell fails when it fails on any rank: the error names the ranks, and shows each
//     distinct traceback once, labelled with the ranks that had it;
//   - input (stdin) is read by rank 0; other ranks' input calls fail, saying so;
//   - a rank that dies ends the cell on every rank, with an error naming the rank and the
//     cause (the generation ends: ranks.go).

// showAll is rankRun.show for every rank's rich output.
const showAll = -1

// rankSink is where a rank run's output goes: the kernel's IOPub, or `peerbook run`'s
// Events.
type rankSink interface {
	// stream is text of a stream ("stdout", "stderr"), already labelled.
	stream(name, text string)
	// display is a display or clear event to show.
	display(ev *evalproto.Event)
	// input asks for a line for rank 0's input event; the answer goes to c.
	input(c *child, ev *evalproto.Event)
}

// rankRun is one execute request running on every rank of a generation.
type rankRun struct {
	g    *rankGen
	id   uint64
	show int

	done       []*evalproto.Done
	syncOut    []bool
	syncErr    []bool
	finished   []bool
	nFinished  int
	holds      []crashHold
	holdTicker *time.Ticker
}

// startRun sends req (an execute request) to every rank under id.
func (g *rankGen) startRun(id uint64, req *evalproto.Request, show int) *rankRun {
	n := g.size
	r := &rankRun{g: g, id: id, show: show, done: make([]*evalproto.Done, n), syncOut: make([]bool, n),
		syncErr: make([]bool, n), finished: make([]bool, n), holds: make([]crashHold, n)}
	req.ID = id
	b, err := json.Marshal(req)
	for _, c := range g.kids {
		c.setBusy(id)
		if err == nil {
			err = c.sendRaw(b)
		}
		if err != nil {
			g.sup.log.Printf("rank %d (evaluator %d): %v", c.rank, c.pid, err) // its exit follows
			err = nil
		}
	}
	return r
}

// end marks the run over on every rank (no request is busy) and drops held text.
func (r *rankRun) end() {
	for i, c := range r.g.kids {
		c.setBusy(0)
		r.holds[i].drop()
	}
	if r.holdTicker != nil {
		r.holdTicker.Stop()
	}
}

// holdTick fires while some rank's stderr is held back (a crash report may be coming):
// the caller then calls releaseExpired.
func (r *rankRun) holdTick() <-chan time.Time {
	if r.holdTicker == nil {
		return nil
	}
	return r.holdTicker.C
}

// releaseExpired streams held stderr text whose hold has lasted crashHoldFor.
func (r *rankRun) releaseExpired(sink rankSink) {
	holding := false
	for i := range r.holds {
		h := &r.holds[i]
		if !h.holding {
			continue
		}
		select {
		case <-h.C:
			r.g.labels.feed(i, "stderr", h.release(), sink)
		default:
			holding = true
		}
	}
	if !holding && r.holdTicker != nil {
		r.holdTicker.Stop()
		r.holdTicker = nil
	}
}

// allAnswered reports whether every rank sent its done event (the markers may lag).
func (r *rankRun) allAnswered() bool {
	for _, d := range r.done {
		if d == nil {
			return false
		}
	}
	return true
}

// handle takes one message. mine says it came from a rank of this run (else the caller
// treats it as background); over says the run has ended: lost is set when a rank died.
func (r *rankRun) handle(pm procMsg, sink rankSink) (mine, over bool, lost *SessionLostError) {
	c := pm.child
	if c.rg != r.g {
		return false, false, nil
	}
	rank := c.rank
	switch pm.kind {
	case pmStdout:
		r.g.labels.feed(rank, "stdout", pm.text, sink)
	case pmStderr:
		h := &r.holds[rank]
		now := h.pass(pm.text)
		if h.holding && r.holdTicker == nil {
			r.holdTicker = time.NewTicker(crashHoldFor / 4)
		}
		r.g.labels.feed(rank, "stderr", now, sink)
	case pmSync:
		if pm.stream == "stderr" {
			r.g.labels.feed(rank, "stderr", r.holds[rank].release(), sink)
		}
		if pm.syncID == r.id {
			if pm.stream == "stdout" {
				r.syncOut[rank] = true
			} else {
				r.syncErr[rank] = true
			}
			r.check(rank, sink)
		}
	case pmEvent:
		ev := pm.ev
		switch ev.Kind {
		case evalproto.EvDone:
			if ev.ID != r.id {
				break
			}
			d := ev.Done
			if d == nil {
				d = &evalproto.Done{}
			}
			r.done[rank] = d
			r.check(rank, sink)
		case evalproto.EvInput:
			if rank == 0 && ev.ID == r.id {
				sink.input(c, ev)
				break
			}
			why := "input is not available: the cell that asked has finished"
			if ev.ID == r.id {
				why = fmt.Sprintf("input is not available on rank %d: only rank 0 reads input (ask on rank 0, `if gpu.Rank() == 0`, and share the answer)", rank)
			}
			c.send(&evalproto.Request{Op: evalproto.OpInputReply, ID: ev.ID, InputID: ev.InputID, Error: why})
		case evalproto.EvStream:
			name := "stdout"
			if ev.Name == "stderr" {
				name = "stderr"
			}
			r.g.labels.feed(rank, name, []byte(ev.Text), sink)
		default:
			if r.show == showAll || r.show == rank {
				r.g.showDisplay(rank, r.show, ev, sink)
			}
		}
	case pmExit:
		cause := r.g.cause.Load()
		if cause == nil {
			cause = c
		}
		r.g.reported.Store(true)
		for i := range r.g.kids {
			r.g.labels.flush(i, sink)
		}
		return true, true, &SessionLostError{exit: cause.exit, rank: cause.rank, ranks: r.g.size}
	}
	return true, r.nFinished == r.g.size, nil
}

// check marks rank finished once it answered and synced both pipes: its open lines end.
func (r *rankRun) check(rank int, sink rankSink) {
	if r.finished[rank] || r.done[rank] == nil || !r.syncOut[rank] || !r.syncErr[rank] {
		return
	}
	r.finish(rank, sink)
}

func (r *rankRun) finish(rank int, sink rankSink) {
	r.finished[rank] = true
	r.nFinished++
	r.g.labels.feed(rank, "stderr", r.holds[rank].release(), sink)
	r.g.labels.flush(rank, sink)
	if r.show == showAll && rank != 0 && len(r.done[rank].Value) > 0 && r.done[rank].Error == nil {
		// Every rank's value: those of ranks other than 0 as displays.
		r.g.showDisplay(rank, r.show, &evalproto.Event{Kind: evalproto.EvDisplay, Bundle: r.done[rank].Value}, sink)
	}
}

// finishAll ends the run for the ranks whose markers did not come (markerWait passed).
func (r *rankRun) finishAll(sink rankSink) {
	for rank := range r.finished {
		if !r.finished[rank] && r.done[rank] != nil {
			r.finish(rank, sink)
		}
	}
}

// result is the cell's answer: the shown rank's value, payloads and user expressions; the
// error of every rank that failed; Ending when a rank can't go on.
func (r *rankRun) result() *evalproto.Done {
	from := r.show
	if from == showAll {
		from = 0
	}
	d := *r.done[from]
	var failed []int
	for rank, dr := range r.done {
		if dr.Error != nil {
			failed = append(failed, rank)
		}
	}
	if len(failed) > 0 {
		d.Error = mergeRankErrors(r.done, failed)
		d.Value = nil
	} else if r.show == showAll && len(d.Value) > 0 {
		d.Value, _ = labelBundle(d.Value, 0) // as the other ranks' values are
	}
	d.Ending = ""
	for rank, dr := range r.done {
		if dr.Ending != "" {
			d.Ending = fmt.Sprintf("rank %d: %s", rank, dr.Ending)
			break
		}
	}
	return &d
}

// mergeRankErrors is the error of a cell that failed on the ranks failed: its name is the
// first's; its value names the ranks (with each rank's message where they differ); its
// traceback shows each distinct traceback once, its lines labelled with the ranks that
// had it ("[0,2] ...").
func mergeRankErrors(done []*evalproto.Done, failed []int) *evalproto.Error {
	size := len(done)
	first := done[failed[0]].Error
	same := true
	for _, r := range failed[1:] {
		if e := done[r].Error; e.Name != first.Name || e.Value != first.Value {
			same = false
		}
	}
	e := &evalproto.Error{Name: first.Name}
	if same {
		e.Value = fmt.Sprintf("on %s: %s", rankList(failed, size), first.Value)
	} else {
		parts := make([]string, len(failed))
		for i, r := range failed {
			v, _, _ := strings.Cut(done[r].Error.Value, "\n")
			parts[i] = fmt.Sprintf("rank %d: %s: %s", r, done[r].Error.Name, v)
		}
		e.Value = fmt.Sprintf("on %s: %s", rankList(failed, size), strings.Join(parts, "; "))
	}
	e.Traceback = []string{fmt.Sprintf("\x1b[0;31m%s\x1b[0m: the cell failed on %s", e.Name, rankList(failed, size))}
	type group struct {
		ranks []int
		lines []string
	}
	var groups []*group
	for _, r := range failed {
		lines := done[r].Error.Traceback
		if len(lines) == 0 {
			lines = []string{done[r].Error.Name + ": " + done[r].Error.Value}
		}
		i := slices.IndexFunc(groups, func(g *group) bool { return slices.Equal(g.lines, lines) })
		if i < 0 {
			groups = append(groups, &group{lines: lines})
			i = len(groups) - 1
		}
		groups[i].ranks = append(groups[i].ranks, r)
	}
	for _, g := range groups {
		label := labelOf(g.ranks)
		for _, l := range g.lines {
			for _, part := range strings.Split(l, "\n") {
				e.Traceback = append(e.Traceback, label+part)
			}
		}
	}
	return e
}

// labelOf is the label of lines of the ranks rs: "[2] ", "[0,2] ".
func labelOf(rs []int) string {
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = strconv.Itoa(r)
	}
	return "[" + strings.Join(names, ",") + "] "
}

// showDisplay passes a display or clear event of rank on; with every rank's rich output
// shown, a display is labelled: its text/plain lines, its metadata ("peerbook":
// {"rank": R}), and a stdout line before a picture.
func (g *rankGen) showDisplay(rank, show int, ev *evalproto.Event, sink rankSink) {
	if show != showAll || ev.Kind != evalproto.EvDisplay {
		sink.display(ev)
		return
	}
	labelled, pictureToo := labelBundle(ev.Bundle, rank)
	if pictureToo {
		g.labels.flush(rank, sink)
		sink.stream("stdout", labelOf([]int{rank})+"\n")
	}
	e := *ev
	e.Bundle = labelled
	sink.display(&e)
}

// labelBundle returns b with rank's label on its text/plain lines and in its metadata, and
// whether it has other data than text/plain (shown without a label of its own).
func labelBundle(raw json.RawMessage, rank int) (json.RawMessage, bool) {
	var b struct {
		Data     map[string]any `json:"data"`
		Metadata map[string]any `json:"metadata"`
	}
	if json.Unmarshal(raw, &b) != nil || b.Data == nil {
		return raw, false
	}
	other := false
	for k := range b.Data {
		if k != "text/plain" {
			other = true
		}
	}
	if t, ok := b.Data["text/plain"].(string); ok {
		label := labelOf([]int{rank})
		b.Data["text/plain"] = label + strings.ReplaceAll(t, "\n", "\n"+label)
	}
	if b.Metadata == nil {
		b.Metadata = map[string]any{}
	}
	b.Metadata["peerbook"] = map[string]any{"rank": rank}
	out, err := json.Marshal(b)
	if err != nil {
		return raw, other
	}
	return out, other
}

// maxOpenLine is how long a line of one rank may grow before it is shown without its end.
const maxOpenLine = 64 << 10

// rankLabels labels the text streams of the ranks a line at a time: each rank's stdout and
// stderr keep their open line until it ends, so the lines of ranks printing at once never
// mix.
type rankLabels struct {
	open [][2][]byte // per rank: stdout's, stderr's
}

func (l *rankLabels) init(n int) { l.open = make([][2][]byte, n) }

func streamIndex(name string) int {
	if name == "stderr" {
		return 1
	}
	return 0
}

// feed adds text of rank's stream name, and sends the lines it completes.
func (l *rankLabels) feed(rank int, name string, text []byte, sink rankSink) {
	if len(text) == 0 {
		return
	}
	si := streamIndex(name)
	buf := append(l.open[rank][si], text...)
	end := bytes.LastIndexByte(buf, '\n') + 1
	if end == 0 && len(buf) < maxOpenLine {
		l.open[rank][si] = buf
		return
	}
	if end == 0 {
		end = len(buf) // an endless line: shown in pieces
	}
	sink.stream(name, labelLines(rank, buf[:end]))
	l.open[rank][si] = append([]byte(nil), buf[end:]...)
}

// flush ends rank's open lines (the rank finished the cell, or died).
func (l *rankLabels) flush(rank int, sink rankSink) {
	for si, name := range []string{"stdout", "stderr"} {
		if buf := l.open[rank][si]; len(buf) > 0 {
			sink.stream(name, labelLines(rank, buf))
			l.open[rank][si] = nil
		}
	}
}

// labelLines puts rank's label before each line of text, and ends the last line.
func labelLines(rank int, text []byte) string {
	label := "[" + strconv.Itoa(rank) + "] "
	var b strings.Builder
	b.Grow(len(text) + 8*bytes.Count(text, []byte{'\n'}) + 8)
	for len(text) > 0 {
		line, rest, _ := bytes.Cut(text, []byte{'\n'})
		b.WriteString(label)
		b.Write(line)
		b.WriteByte('\n')
		text = rest
	}
	return b.String()
}

// rankCellError is CellError for a rank that died: the rank and its cause, and that every
// rank was ended and started again, its state lost, as an MPI job ends with one process.
func (e *SessionLostError) rankCellError(restarted bool) *evalproto.Error {
	value := fmt.Sprintf("rank %d of %d died (%s): the cell ended on every rank, and the state of all %d ranks was lost",
		e.rank, e.ranks, e.exit.summary, e.ranks)
	lost := "The other ranks were ended with it, as an MPI job ends when one of its processes dies; their state (variables, functions, imports) was lost too."
	if restarted {
		value += "; all ranks have started again"
		lost += fmt.Sprintf(" All %d ranks have started again, empty: run the cells they need again.", e.ranks)
	}
	tb := []string{fmt.Sprintf("\x1b[0;31mSessionLost\x1b[0m: rank %d of %d died while it ran this cell: %s", e.rank, e.ranks, e.exit.summary), lost}
	if more := e.exit.explain(30); more != "" {
		tb = append(tb, "")
		for _, l := range strings.Split(more, "\n") {
			tb = append(tb, labelOf([]int{e.rank})+l)
		}
	}
	return &evalproto.Error{Name: "SessionLost", Value: value, Traceback: tb}
}
