package gpu

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/internal/ranks"
)

// The timeline of a rank session: Stop is a collective there. Each rank stops its own
// recording and sends it (World.AllGather) with the CLOCK_MONOTONIC time of its start; every
// rank then holds every rank's operations on one axis, and rank 0 draws them: one chart with
// a lane group per rank, one Perfetto trace with a process per rank. The other ranks show a
// line saying where the chart is (the kernel shows rank 0's rich output; N copies of one
// chart would say nothing more), and leave writing the trace file to rank 0.
//
// Clocks: the ranks of one host read the same CLOCK_MONOTONIC, so their starts are exact up
// to how long reading it took (startErr). Ranks on other hosts than rank 0's have clocks of
// their own: those are aligned through the session's all-gather, which releases every rank
// at once: a rank's return from it falls between the release and its call plus its round
// trip, so for each of clockRounds rounds the difference of two ranks' returns (less half
// their round trips) estimates the offset of their clocks within half the sum of the round
// trips. The round with the smallest bound is taken, per host, and the note says the bound.

// maxMergedOps bounds what one rank sends of its timeline (a blob of the World is at most
// 64 MiB); the rest is counted, and the note says so.
const maxMergedOps = 50_000

// clockRounds is the number of all-gathers that align the clocks of different hosts.
const clockRounds = 5

// rankTrace is what a rank sends of its timeline.
type rankTrace struct {
	Rank     int       `json:"rank"`
	Host     string    `json:"host"`
	Device   string    `json:"device,omitempty"` // the rank's GPU
	Start    int64     `json:"start"`            // CLOCK_MONOTONIC at the timeline's start, ns
	StartErr int64     `json:"start_err"`        // how far Start may be off, ns
	Clock    string    `json:"clock"`            // the clock Start was read from
	Ops      []TraceOp `json:"ops"`              // times from the rank's start
	ClockErr int64     `json:"clock_err"`        // the devices' clocks on the host's, ns
	Notes    string    `json:"notes,omitempty"`
	Dropped  int       `json:"dropped,omitempty"`
	Cut      int       `json:"cut,omitempty"` // operations past maxMergedOps, not sent
	Err      string    `json:"err,omitempty"` // the rank's Stop error
}

// clockSample is a rank's clock when it called an all-gather and when it returned.
type clockSample struct {
	Call int64 `json:"call"`
	Ret  int64 `json:"ret"`
}

// mergedTrace is every rank's timeline on one axis.
type mergedTrace struct {
	me     int
	ranks  []rankTrace
	offset []time.Duration // each rank's start on the merged axis
	clock  []time.Duration // each rank's clock minus rank 0's, as estimated (0 on rank 0's host)
	align  string          // how the clocks were aligned
	err    time.Duration   // how far two ranks' times may be off each other
}

// merge sends this rank's stopped timeline to the others and puts theirs on one axis: a
// collective (Stop in a rank session).
func (t *Timeline) merge(w ranks.World) error {
	mine := t.rankTrace(w)
	ctx := context.Background()
	all, err := gatherJSON[rankTrace](ctx, w, "gpu.Timeline", mine)
	if err != nil {
		return fmt.Errorf("timeline of the ranks: %w", err)
	}
	mt := &mergedTrace{me: w.Rank(), ranks: all}
	hosts := map[string]bool{}
	clocks := map[string]bool{}
	for _, rt := range all {
		hosts[rt.Host] = true
		clocks[rt.Clock] = true
	}
	offsets := make([]time.Duration, len(all)) // each rank's clock minus rank 0's
	bound := time.Duration(0)
	for _, rt := range all {
		bound = max(bound, time.Duration(rt.StartErr))
	}
	clockName := strings.Join(sortedKeys(clocks), ", ")
	if len(hosts) == 1 {
		mt.align = "the ranks share their host's clock (" + clockName + ")"
	} else {
		samples := make([]clockSample, clockRounds)
		for k := range samples {
			samples[k].Call = hostClock()
			if _, err := w.AllGather(ctx, fmt.Sprintf("gpu.Timeline (clock %d)", k), nil); err != nil {
				return fmt.Errorf("timeline of the ranks: %w", err)
			}
			samples[k].Ret = hostClock()
		}
		got, err := gatherJSON[[]clockSample](ctx, w, "gpu.Timeline (clocks)", samples)
		if err != nil {
			return fmt.Errorf("timeline of the ranks: %w", err)
		}
		var worst time.Duration
		offsets, worst = alignClocks(all, got)
		bound += worst
		mt.align = fmt.Sprintf("%d hosts: their clocks (%s) aligned through the session's all-gather", len(hosts), clockName)
	}
	// Each rank's start on rank 0's clock; the axis starts at the earliest.
	starts := make([]int64, len(all))
	first := int64(0)
	for r, rt := range all {
		starts[r] = rt.Start - int64(offsets[r])
		if r == 0 || starts[r] < first {
			first = starts[r]
		}
	}
	mt.offset = make([]time.Duration, len(all))
	for r := range all {
		mt.offset[r] = time.Duration(starts[r] - first)
	}
	mt.err, mt.clock = bound, offsets
	t.mu.Lock()
	t.merged = mt
	t.mu.Unlock()
	return nil
}

// alignClocks estimates each rank's clock minus rank 0's from the all-gather rounds' samples
// (see the comment at the top), per host, and returns the worst bound. Ranks on rank 0's
// host share its clock: 0.
func alignClocks(all []rankTrace, samples [][]clockSample) ([]time.Duration, time.Duration) {
	type est struct {
		off, err int64
		ok       bool
	}
	best := map[string]est{all[0].Host: {0, 0, true}}
	for r, rt := range all {
		if rt.Host == all[0].Host || r >= len(samples) || len(samples[0]) == 0 {
			continue
		}
		for k := range samples[r] {
			if k >= len(samples[0]) {
				break
			}
			a, b := samples[r][k], samples[0][k]
			rttA, rttB := a.Ret-a.Call, b.Ret-b.Call
			e := est{off: (a.Ret - rttA/2) - (b.Ret - rttB/2), err: (rttA + rttB + 1) / 2, ok: true}
			if cur := best[rt.Host]; !cur.ok || e.err < cur.err {
				best[rt.Host] = e
			}
		}
	}
	offsets := make([]time.Duration, len(all))
	var worst int64
	for r, rt := range all {
		e := best[rt.Host]
		offsets[r] = time.Duration(e.off)
		worst = max(worst, e.err)
	}
	return offsets, time.Duration(worst)
}

// rankTrace is this rank's stopped timeline, as merge sends it.
func (t *Timeline) rankTrace(w ranks.World) rankTrace {
	ops := t.localOps()
	rt := rankTrace{Rank: w.Rank(), Host: w.Host()}
	if m, err := current(); err == nil && len(m.devices) > 0 {
		rt.Device = m.devices[0].info.Name
	}
	// The start on the host's clock: read it between two readings of Go's, whose monotonic
	// part measures from the timeline's start.
	h0 := time.Now()
	c := hostClock()
	h1 := time.Now()
	mid := h0.Add(h1.Sub(h0) / 2)
	rt.Start = c - int64(mid.Sub(t.start))
	rt.StartErr = int64(h1.Sub(h0)/2) + 1
	rt.Clock = hostClockName
	if len(ops) > maxMergedOps {
		rt.Cut = len(ops) - maxMergedOps
		ops = ops[:maxMergedOps]
	}
	rt.Ops = ops
	t.mu.Lock()
	rt.ClockErr = int64(t.clockErr)
	rt.Notes = t.notes
	rt.Dropped = t.dropped
	if t.err != nil {
		rt.Err = t.err.Error()
	}
	t.mu.Unlock()
	return rt
}

// mergedOps returns every rank's operations on the merged axis, by start.
func (mt *mergedTrace) ops() []TraceOp {
	var out []TraceOp
	for r, rt := range mt.ranks {
		for _, op := range rt.Ops {
			op.Rank = r
			op.Start += mt.offset[r]
			op.End += mt.offset[r]
			out = append(out, op)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

// view draws the merged timeline: a lane group per rank.
func (mt *mergedTrace) view(t *Timeline) display.TimelineView {
	v := display.TimelineView{Title: fmt.Sprintf("timeline of %d ranks", len(mt.ranks))}
	var notes []string
	var devErr time.Duration
	for r, rt := range mt.ranks {
		ops := make([]TraceOp, len(rt.Ops))
		for i, op := range rt.Ops {
			op.Rank = r
			op.Start += mt.offset[r]
			op.End += mt.offset[r]
			ops[i] = op
		}
		names, at := t.lanes(ops)
		first := len(v.Lanes)
		name := fmt.Sprintf("rank %d", r)
		for _, n := range names {
			v.Lanes = append(v.Lanes, name+" "+n)
		}
		about := hostLabel(rt.Host)
		if rt.Device != "" {
			about = rt.Device + " on " + about
		}
		v.Groups = append(v.Groups, display.LaneGroup{Name: name, About: about, First: first, Count: len(names)})
		for i, op := range ops {
			v.Ops = append(v.Ops, display.TimelineOp{Lane: first + at[i], Kind: op.Kind, Name: op.Name, Start: op.Start, End: op.End,
				Bytes: op.Bytes, Dir: op.Dir, Detail: op.Detail, Err: op.Err})
		}
		devErr = max(devErr, time.Duration(rt.ClockErr))
		if rt.Notes != "" {
			notes = append(notes, name+": "+rt.Notes)
		}
		if rt.Err != "" {
			notes = append(notes, name+": "+rt.Err)
		}
		if n := rt.Dropped + rt.Cut; n > 0 {
			notes = append(notes, fmt.Sprintf("%s: %d more operations were not recorded or not merged (a rank sends %d)", name, n, maxMergedOps))
		}
	}
	clock := mt.align
	if mt.err > 0 {
		clock += " within " + mt.err.Round(10*time.Nanosecond).String()
	}
	if devErr > 0 {
		clock += "; GPU clocks placed on their host's within " + devErr.Round(10*time.Nanosecond).String()
	}
	v.Note = strings.Join(append([]string{clock}, notes...), "; ")
	return v
}

// elsewhere is what a rank other than 0 shows of a merged timeline.
func (mt *mergedTrace) elsewhere() display.Bundle {
	text := fmt.Sprintf("timeline: rank %d's operations are in rank 0's chart of the %d ranks", mt.me, len(mt.ranks))
	return display.Bundle{Data: map[string]any{"text/plain": text}, Metadata: map[string]any{}}
}

// traceEvents writes the merged timeline's events: a process per rank (pid rank+1: trace
// viewers treat pid 0 as the kernel's idle task), a thread per lane of the rank.
func (mt *mergedTrace) traceEvents(t *Timeline) []traceEvent {
	events := []traceEvent{}
	for r, rt := range mt.ranks {
		pid := r + 1
		ops := make([]TraceOp, len(rt.Ops))
		for i, op := range rt.Ops {
			op.Start += mt.offset[r]
			op.End += mt.offset[r]
			ops[i] = op
		}
		names, at := t.lanes(ops)
		pname := fmt.Sprintf("rank %d", r)
		if rt.Device != "" {
			pname += " (" + rt.Device + " on " + hostLabel(rt.Host) + ")"
		}
		events = append(events,
			traceEvent{Name: "process_name", Ph: "M", Pid: pid, Args: map[string]any{"name": pname}},
			traceEvent{Name: "process_sort_index", Ph: "M", Pid: pid, Args: map[string]any{"sort_index": r}})
		for i, n := range names {
			if strings.HasPrefix(n, "GPU") && !strings.Contains(n, " stream ") {
				n += " (own stream)"
			}
			events = append(events,
				traceEvent{Name: "thread_name", Ph: "M", Pid: pid, Tid: i + 1, Args: map[string]any{"name": n}},
				traceEvent{Name: "thread_sort_index", Ph: "M", Pid: pid, Tid: i + 1, Args: map[string]any{"sort_index": i}})
		}
		for i, op := range ops {
			events = append(events, opEvent(op, pid, at[i]+1))
		}
	}
	return events
}

// hostLabel is a World's host name as people read it: the host name without what may
// follow it to tell boots apart ("n1/1f01a648-..." is "n1").
func hostLabel(host string) string {
	name, _, _ := strings.Cut(host, "/")
	if name == "" {
		return host
	}
	return name
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
