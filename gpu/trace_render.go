package gpu

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/peerbook/peerbook/display"
)

// lanes returns the timeline's lanes in chart order (devices by index, each device's own
// stream first, then its streams in order of use; the host last) and each op's lane index.
func (t *Timeline) lanes(ops []TraceOp) ([]string, []int) {
	type key struct{ dev, stream int }
	seen := map[key]string{}
	for _, op := range ops {
		seen[key{op.Device, op.Stream}] = op.Lane
	}
	keys := make([]key, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if (a.dev < 0) != (b.dev < 0) {
			return b.dev < 0 // the host last
		}
		if a.dev != b.dev {
			return a.dev < b.dev
		}
		return a.stream < b.stream
	})
	index := map[key]int{}
	names := make([]string, len(keys))
	for i, k := range keys {
		index[k] = i
		names[i] = seen[k]
	}
	at := make([]int, len(ops))
	for i, op := range ops {
		at[i] = index[key{op.Device, op.Stream}]
	}
	return names, at
}

// View returns the timeline as the display package draws it (stopping it first if it is
// still recording).
func (t *Timeline) View() display.TimelineView {
	t.Stop()
	t.mu.Lock()
	mt, mergeErr := t.merged, t.mergeErr
	t.mu.Unlock()
	if mt != nil {
		return mt.view(t)
	}
	v := t.localView()
	if mergeErr != nil {
		v.Note = strings.TrimPrefix(v.Note+"; rank "+fmt.Sprint(Rank())+" only, not merged: "+mergeErr.Error(), "; ")
	}
	return v
}

// localView draws this process's operations.
func (t *Timeline) localView() display.TimelineView {
	ops := t.localOps()
	names, at := t.lanes(ops)
	v := display.TimelineView{Title: "timeline", Lanes: names}
	for i, op := range ops {
		v.Ops = append(v.Ops, display.TimelineOp{Lane: at[i], Kind: op.Kind, Name: op.Name, Start: op.Start, End: op.End,
			Bytes: op.Bytes, Dir: op.Dir, Detail: op.Detail, Err: op.Err})
	}
	if ce := t.ClockError(); ce > 0 {
		v.Note = "GPU clocks placed on the host's within " + ce.Round(10*time.Nanosecond).String()
	}
	t.mu.Lock()
	notes := t.notes
	t.mu.Unlock()
	if notes != "" {
		if v.Note != "" {
			v.Note += "; "
		}
		v.Note += notes
	}
	if n := t.Dropped(); n > 0 {
		if v.Note != "" {
			v.Note += "; "
		}
		v.Note += fmt.Sprintf("%d more operations were not recorded (a timeline keeps %d)", n, maxTraceOps)
	}
	return v
}

// MIMEBundle renders the timeline as a chart (HTML with zoom, a static SVG picture) and a
// table as text. A timeline still recording is stopped first. In a rank session the chart
// of every rank is rank 0's; the other ranks render a line that says so.
func (t *Timeline) MIMEBundle() display.Bundle {
	t.Stop()
	t.mu.Lock()
	mt := t.merged
	t.mu.Unlock()
	if mt != nil && mt.me != 0 {
		return mt.elsewhere()
	}
	return t.View().MIMEBundle()
}

// Table returns the recorded operations as a table: text in a terminal, HTML in a notebook.
func (t *Timeline) Table() display.Bundle {
	v := t.View()
	b := display.Bundle{Data: map[string]any{"text/plain": v.Table(0), "text/html": v.TableHTML()}, Metadata: map[string]any{}}
	return b
}

// traceEvent is one event of the Trace Event Format (the JSON that Perfetto and
// chrome://tracing open): ts and dur in microseconds.
type traceEvent struct {
	Name string         `json:"name"`
	Cat  string         `json:"cat,omitempty"`
	Ph   string         `json:"ph"`
	Ts   float64        `json:"ts"`
	Dur  *float64       `json:"dur,omitempty"`
	Pid  int            `json:"pid"`
	Tid  int            `json:"tid"`
	S    string         `json:"s,omitempty"`
	Args map[string]any `json:"args,omitempty"`
}

// tracePid is a device's process id in the trace: 1 for the host, 2 + index for GPUs
// (viewers show processes by pid).
func tracePid(dev int) int {
	if dev < 0 {
		return 1
	}
	return 2 + dev
}

// WriteTraceTo writes the timeline in the Trace Event Format, JSON object form: one
// process per device (and one for the host), one thread per stream, a complete event ("X")
// per operation and an instant event ("i") per event record and flag, with metadata
// events ("M") naming processes and threads. Times are microseconds from the timeline's
// start.
func (t *Timeline) WriteTraceTo(w io.Writer) error {
	t.Stop()
	t.mu.Lock()
	mt := t.merged
	t.mu.Unlock()
	var events []traceEvent
	if mt != nil {
		events = mt.traceEvents(t)
	} else {
		events = t.localEvents()
	}
	enc := json.NewEncoder(w)
	return enc.Encode(map[string]any{"traceEvents": events, "displayTimeUnit": "ns"})
}

// localEvents writes this process's operations as trace events: a process per device.
func (t *Timeline) localEvents() []traceEvent {
	ops := t.localOps()
	names, at := t.lanes(ops)
	events := []traceEvent{}
	named := map[int]bool{}
	for i, name := range names {
		var op TraceOp
		for j := range ops {
			if at[j] == i {
				op = ops[j]
				break
			}
		}
		pid, tid := tracePid(op.Device), op.Stream+1
		if !named[pid] {
			named[pid] = true
			pname := "host"
			if op.Device >= 0 {
				pname = fmt.Sprintf("GPU%d", op.Device)
			}
			events = append(events,
				traceEvent{Name: "process_name", Ph: "M", Pid: pid, Tid: 0, Args: map[string]any{"name": pname}},
				traceEvent{Name: "process_sort_index", Ph: "M", Pid: pid, Tid: 0, Args: map[string]any{"sort_index": pid}})
		}
		tname := name
		if op.Device >= 0 && op.Stream == 0 {
			tname += " (own stream)"
		}
		events = append(events, traceEvent{Name: "thread_name", Ph: "M", Pid: pid, Tid: tid, Args: map[string]any{"name": tname}})
	}
	for _, op := range ops {
		events = append(events, opEvent(op, tracePid(op.Device), op.Stream+1))
	}
	return events
}

// opEvent is the trace event of op, in process pid and thread tid.
func opEvent(op TraceOp, pid, tid int) traceEvent {
	us := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }
	ev := traceEvent{Name: op.Name, Cat: op.Kind, Ts: us(op.Start), Pid: pid, Tid: tid, Args: map[string]any{}}
	if op.Bytes > 0 {
		ev.Args["bytes"] = op.Bytes
	}
	if op.Dir != "" {
		ev.Args["direction"] = op.Dir
		if d := op.Duration(); d > 0 {
			ev.Args["GB/s"] = float64(op.Bytes) / d.Seconds() / 1e9
		}
	}
	if op.Detail != "" {
		ev.Args["detail"] = op.Detail
	}
	if op.Err != "" {
		ev.Args["error"] = op.Err
	}
	if len(ev.Args) == 0 {
		ev.Args = nil
	}
	if (op.Kind == "event" || op.Kind == "flag") && op.Duration() == 0 {
		ev.Ph, ev.S = "i", "t"
	} else {
		ev.Ph = "X"
		dur := us(op.Duration())
		ev.Dur = &dur
	}
	return ev
}

// WriteTrace writes the timeline to the file path as Trace Event Format JSON, which
// Perfetto (ui.perfetto.dev) and chrome://tracing open; see WriteTraceTo.
func (t *Timeline) WriteTrace(path string) error {
	if t == nil {
		return errors.New("write trace: nil timeline")
	}
	t.Stop()
	t.mu.Lock()
	mt := t.merged
	t.mu.Unlock()
	if mt != nil && mt.me != 0 {
		return nil // rank 0 writes every rank's trace; the others would write the same bytes to the same path
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("write trace: %w", err)
	}
	if err := t.WriteTraceTo(f); err != nil {
		f.Close()
		return fmt.Errorf("write trace %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write trace %s: %w", path, err)
	}
	return nil
}
