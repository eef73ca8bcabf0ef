package gpu

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/internal/ranks"
)

// otherHosts is a World whose odd ranks say they run on another host: the timeline then
// aligns their clocks through the all-gather, as across hosts (here the clocks are one, so
// the true offset is 0 and the estimate must be within its bound of it).
type otherHosts struct{ ranks.World }

func (w otherHosts) Host() string {
	if w.Rank()%2 == 1 {
		return "other-host"
	}
	return w.World.Host()
}

// fills returns the memsets of rank r among ops, by start.
func fills(ops []TraceOp, r int) []TraceOp {
	var out []TraceOp
	for _, op := range ops {
		if op.Rank == r && op.Kind == "memset" {
			out = append(out, op)
		}
	}
	return out
}

// mergedAcrossABarrier records fills ordered by barriers across two ranks whose timelines
// start at different times, stops the timeline (merging the ranks') and checks what every
// rank holds: both ranks' operations on one axis, in the order the barriers gave them,
// within the clocks' bound. Rank 1 starts its timeline later; rank 0 fills (A) after that,
// then a barrier, rank 1 fills (B), a barrier, rank 0 fills (C): A before B before C. Left
// unaligned, B would show before A; aligned the wrong way, after C. (The sleeps only make
// the starts differ: the order holds whatever they take.)
func mergedAcrossABarrier(t *testing.T) *Timeline {
	t.Helper()
	b := must(Dev(0).Alloc(Float32, 1<<12))
	if Rank() == 1 {
		time.Sleep(20 * time.Millisecond)
	}
	tl := Trace()
	if Rank() == 0 {
		time.Sleep(40 * time.Millisecond)
		must(0, b.Fill(float32(1)))
	}
	must(0, Barrier())
	if Rank() == 1 {
		must(0, b.Fill(float32(2)))
	}
	must(0, Barrier())
	if Rank() == 0 {
		must(0, b.Fill(float32(3)))
	}
	must(0, tl.Stop())
	tl.mu.Lock()
	mt := tl.merged
	tl.mu.Unlock()
	if mt == nil || len(mt.ranks) != Ranks() {
		t.Fatalf("not merged: %v", tl.mergeErr)
	}
	ops := tl.Ops()
	f0, f1 := fills(ops, 0), fills(ops, 1)
	if len(f0) != 2 || len(f1) != 1 {
		t.Fatalf("fills: rank 0 %d, rank 1 %d; want 2 and 1", len(f0), len(f1))
	}
	a, b1, c := f0[0], f1[0], f0[1]
	if b1.Start < a.End-mt.err || c.Start < b1.End-mt.err {
		t.Errorf("fills at A %v-%v, B %v-%v, C %v-%v (clocks within %v): the barriers order them A, B, C", a.Start, a.End, b1.Start, b1.End, c.Start, c.End, mt.err)
	}
	for i := 1; i < len(ops); i++ {
		if ops[i].Start < ops[i-1].Start {
			t.Fatalf("operations out of order at %d", i)
		}
	}
	return tl
}

func TestTimelineMergesTheRanks(t *testing.T) {
	ranked(t, 2, "sim:nvlink2", func(t *testing.T) {
		defer catch(t)
		tl := mergedAcrossABarrier(t)
		v := tl.View()
		if v.Title != "timeline of 2 ranks" || len(v.Groups) != 2 {
			t.Fatalf("view %q with groups %+v", v.Title, v.Groups)
		}
		for r, g := range v.Groups {
			if g.Name != fmt.Sprintf("rank %d", r) || !strings.HasPrefix(g.About, fmt.Sprintf("sim-H200-%d on ", r)) {
				t.Errorf("group %d: %+v", r, g)
			}
			for l := g.First; l < g.First+g.Count; l++ {
				if !strings.HasPrefix(v.Lanes[l], g.Name+" ") {
					t.Errorf("lane %q in %s's group", v.Lanes[l], g.Name)
				}
			}
		}
		if !strings.Contains(v.Note, "the ranks share their host's clock (CLOCK_MONOTONIC) within") {
			t.Errorf("note %q", v.Note)
		}
		if s := tl.String(); !strings.HasSuffix(s, "on 2 ranks") {
			t.Errorf("String() = %q", s)
		}

		// Rank 0 draws every rank; the others say where the chart is.
		b := tl.MIMEBundle()
		if Rank() == 0 {
			svg, _ := b.Data["image/svg+xml"].(string)
			html, _ := b.Data["text/html"].(string)
			if !strings.Contains(svg+html, "rank 1 · sim-H200-1") || !strings.Contains(svg+html, "rank 0 · sim-H200-0") {
				t.Errorf("rank 0's chart lacks a rank's heading")
			}
		} else if got, want := b.Data["text/plain"], "timeline: rank 1's operations are in rank 0's chart of the 2 ranks"; got != want || len(b.Data) != 1 {
			t.Errorf("rank 1 shows %v, want only %q", b.Data, want)
		}

		// The Perfetto trace: a process per rank (pid rank+1), the fills in their rank's.
		var buf bytes.Buffer
		must(0, tl.WriteTraceTo(&buf))
		var trace struct {
			TraceEvents []traceEvent `json:"traceEvents"`
		}
		must(0, json.Unmarshal(buf.Bytes(), &trace))
		procs, fills := map[int]string{}, map[int]traceEvent{}
		for _, ev := range trace.TraceEvents {
			switch {
			case ev.Name == "process_name":
				procs[ev.Pid] = ev.Args["name"].(string)
			case ev.Cat == "memset":
				if f, ok := fills[ev.Pid]; !ok || ev.Ts < f.Ts {
					fills[ev.Pid] = ev // each rank's first
				}
			}
		}
		for r := 0; r < 2; r++ {
			if !strings.HasPrefix(procs[r+1], fmt.Sprintf("rank %d (sim-H200-%d on ", r, r)) {
				t.Errorf("process %d is %q", r+1, procs[r+1])
			}
			if _, ok := fills[r+1]; !ok {
				t.Errorf("no fill in rank %d's process", r)
			}
		}
		if f0, f1 := fills[1], fills[2]; f0.Dur == nil || f1.Ts < f0.Ts+*f0.Dur-float64(tl.merged.err.Nanoseconds())/1e3 {
			t.Errorf("rank 1's fill at %v µs, rank 0's %v µs", f1.Ts, f0.Ts)
		}

		// Rank 0 writes the trace file; the others write nothing.
		path := filepath.Join(t.TempDir(), "ranks.json")
		must(0, tl.WriteTrace(path))
		if _, err := os.Stat(path); (err == nil) != (Rank() == 0) {
			t.Errorf("rank %d: trace file: %v", Rank(), err)
		}
	})
}

func TestTimelineAlignsTheClocksOfOtherHosts(t *testing.T) {
	ranked(t, 2, "sim:nvlink2", func(t *testing.T) {
		defer catch(t)
		setWorld(otherHosts{currentWorld()})
		use(t, "sim:nvlink2")
		tl := mergedAcrossABarrier(t)
		mt := tl.merged
		if !strings.HasPrefix(mt.align, "2 hosts: their clocks (CLOCK_MONOTONIC) aligned through the session's all-gather") {
			t.Errorf("align %q", mt.align)
		}
		// One machine: the true offset is 0, within the bound of the estimate.
		if off := mt.clock[1]; off > mt.err || off < -mt.err || mt.err <= 0 {
			t.Errorf("rank 1's clock estimated %v off rank 0's, bound %v; truly 0", off, mt.err)
		}
		if !strings.Contains(tl.View().Note, "2 hosts") {
			t.Errorf("note %q", tl.View().Note)
		}
	})
}

// TestTimelineOfRanksThatDisagree: a rank that stops its timeline while another calls
// something else gets an error naming both; its timeline holds its own operations and says
// it was not merged; the ranks go on.
func TestTimelineOfRanksThatDisagree(t *testing.T) {
	ranked(t, 2, "sim:nvlink2", func(t *testing.T) {
		defer catch(t)
		b := must(Dev(0).Alloc(Int32, 16))
		tl := Trace()
		must(0, b.Fill(int32(Rank())))
		for turn := 0; turn < 2; turn++ {
			var err error
			if Rank() == turn {
				err = tl.Stop()
			} else {
				err = Barrier()
			}
			wantErrContains(t, err, `"gpu.Timeline"`, `"gpu.Barrier"`)
		}
		v := tl.View()
		if len(v.Groups) != 0 || !strings.Contains(v.Note, fmt.Sprintf("rank %d only, not merged: timeline of the ranks: ", Rank())) {
			t.Errorf("view of an unmerged timeline: groups %v, note %q", v.Groups, v.Note)
		}
		if ops := tl.Ops(); len(ops) == 0 || ops[0].Rank != Rank() {
			t.Errorf("ops %+v", ops)
		}
		must(0, Barrier())
	})
}

func TestAlignClocks(t *testing.T) {
	// Rank 1's host clock is 1 ms ahead of rank 0's. Round k releases both at 100k µs (rank
	// 0's clock); each returns some time after it and called some time before.
	all := []rankTrace{{Host: "a"}, {Host: "b"}, {Host: "a"}}
	const ms = int64(time.Millisecond)
	release := func(k int) int64 { return int64(k) * 100 * int64(time.Microsecond) }
	samples := [][]clockSample{
		{{release(0) - 50_000, release(0) + 30_000}, {release(1) - 5_000, release(1) + 2_000}, {release(2) - 9_000, release(2) + 1_000}},
		{{release(0) + ms - 8_000, release(0) + ms + 7_000}, {release(1) + ms - 3_000, release(1) + ms + 1_000}, {release(2) + ms - 60_000, release(2) + ms + 50_000}},
		{{0, 1}, {0, 1}, {0, 1}},
	}
	offsets, bound := alignClocks(all, samples)
	if offsets[0] != 0 || offsets[2] != 0 {
		t.Errorf("ranks on rank 0's host: offsets %v", offsets)
	}
	// The best round is 1: bound (rtt0 + rtt1)/2 = (7000 + 4000)/2.
	if bound != 5500 {
		t.Errorf("bound %v, want 5.5µs (round 1)", bound)
	}
	if d := offsets[1] - time.Duration(ms); d > bound || d < -bound {
		t.Errorf("rank 1's offset %v, truly 1ms, bound %v", offsets[1], bound)
	}
}
