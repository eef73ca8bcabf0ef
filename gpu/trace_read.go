package gpu

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// Reading a timeline: its operations as TraceOp values, the lanes' names, and the text of a
// launch's tooltip (built when the timeline is read, not on the launch's path).

// String names the lane.
func (l laneKey) String() string { return laneName(l) }

// laneName names a lane: "GPU0", "GPU0 stream 1", "host".
func laneName(l laneKey) string {
	if l.dev == backend.HostDevice {
		return "host"
	}
	if l.stream == 0 {
		return fmt.Sprintf("GPU%d", l.dev)
	}
	return fmt.Sprintf("GPU%d stream %d", l.dev, l.stream)
}

// TraceOp is one operation of a Timeline, as Ops returns it.
type TraceOp struct {
	Rank   int           // the rank that made it (0 outside a rank session)
	Kind   string        // "kernel", "copy", "memset", "event", "sync", "wait", "flag"
	Name   string        // the kernel's name; "copy", "fill", "synchronize", ...
	Device int           // the device (-1: the host)
	Stream int           // 0: the device's own stream (work without gpu.OnStream); 1, 2, ...: streams in order of use
	Lane   string        // "GPU0", "GPU1 stream 1", "host"
	Start  time.Duration // from the timeline's start
	End    time.Duration
	Bytes  int64  // copies and fills
	Dir    string // copies: "H2D", "D2H", "D2D", "P2P" or "H2H"
	Detail string // launches: grid, block and arguments
	Err    string // the operation failed, or could not be timed: why
}

// Duration is End - Start.
func (o TraceOp) Duration() time.Duration { return o.End - o.Start }

// Ops returns the recorded operations in the order they started (Stop first; before Stop
// it returns nil). In a rank session they are every rank's, on one axis (see Stop).
func (t *Timeline) Ops() []TraceOp {
	t.mu.Lock()
	mt := t.merged
	t.mu.Unlock()
	if mt != nil {
		return mt.ops()
	}
	return t.localOps()
}

// localOps returns this process's recorded operations in the order they started (nil
// before Stop).
func (t *Timeline) localOps() []TraceOp {
	rank := Rank()
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.stopped {
		return nil
	}
	out := make([]TraceOp, 0, len(t.ops))
	for _, op := range t.ops {
		o := TraceOp{Rank: rank, Kind: op.kind.String(), Name: op.name, Device: op.lane.dev, Stream: op.lane.stream,
			Lane: laneName(op.lane), Start: op.t0.Sub(t.start), End: op.t1.Sub(t.start), Bytes: op.bytes,
			Dir: op.dir, Err: op.err}
		if l := op.launch; l != nil {
			o.Detail = launchDetail(l.sig, l.grid, l.block, l.shared, l.args)
		}
		out = append(out, o)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

// ClockError is how far the devices' times may be off the host's on the timeline's axis:
// half the longest wait for a reference event, plus, where launches stamped themselves,
// half the time between the events around the stamp clock's calibration and the timer's
// step (the order of operations on one device is exact; between devices, and between a
// device and the host, it is within this).
func (t *Timeline) ClockError() time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return t.clockErr
	}
	return t.rec.clockError()
}

func (r *recorder) clockError() time.Duration {
	var worst time.Duration
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, ref := range r.refs {
		worst = max(worst, ref.errBar)
	}
	for _, ring := range r.stamps {
		if ring.err == nil && ring.clock.ref != nil {
			worst = max(worst, ring.clock.ref.errBar+ring.clock.errBar+ring.clock.step)
		}
	}
	return worst
}

// Dropped returns how many operations were made while the timeline was on but not
// recorded: a recording keeps at most 200000 (each holds two device events until Stop).
func (t *Timeline) Dropped() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.dropped
}

// String summarizes the timeline in one line.
func (t *Timeline) String() string {
	t.mu.Lock()
	stopped, n, mt := t.stopped, len(t.ops), t.merged
	t.mu.Unlock()
	if !stopped {
		return "timeline (recording; call Stop)"
	}
	if mt != nil {
		n = 0
		for _, rt := range mt.ranks {
			n += len(rt.Ops)
		}
		return fmt.Sprintf("timeline of %d operation%s on %d ranks", n, plural(n), len(mt.ranks))
	}
	return fmt.Sprintf("timeline of %d operation%s", n, plural(n))
}

// launchDetail describes a launch for the chart's tooltip: grid, block, arguments.
func launchDetail(sig backend.Signature, grid, block backend.Dim3, shared int, args []backend.Arg) string {
	{
		var b strings.Builder
		fmt.Fprintf(&b, "grid %s, block %s", dimString(grid), dimString(block))
		if shared > 0 {
			fmt.Fprintf(&b, ", %d B shared", shared)
		}
		for _, a := range args {
			b.WriteString("\n")
			b.WriteString(a.Param.Name)
			b.WriteString(" = ")
			if a.Memory == nil {
				b.WriteString(scalarString(a.Scalar, a.Param.DType))
				continue
			}
			kind := ""
			if a.Param.Kind == backend.ParamPeer {
				kind = "Peer "
			}
			where := fmt.Sprintf("GPU%d", a.Memory.Device())
			if a.Memory.Device() == backend.HostDevice {
				where = "host"
			}
			fmt.Fprintf(&b, "%s%s[%d] on %s", kind, a.Param.DType, a.Len, where)
		}
		return b.String()
	}
}

func dimString(d backend.Dim3) string {
	x, y, z := max(d.X, 1), max(d.Y, 1), max(d.Z, 1)
	if y == 1 && z == 1 {
		return fmt.Sprint(x)
	}
	return fmt.Sprintf("(%d,%d,%d)", x, y, z)
}

// scalarString formats a scalar argument's bits as its dtype.
func scalarString(bits uint64, dt backend.DType) string {
	raw := make([]byte, 8)
	for i := range raw {
		raw[i] = byte(bits >> (8 * i))
	}
	return formatScalar(valueAt(raw, dtypeOf(dt), 0), dt)
}

func formatScalar(v float64, dt backend.DType) string {
	if dt.IsFloat() {
		return fmt.Sprintf("%g", v)
	}
	return fmt.Sprintf("%.0f", v)
}

// copyDir is the direction of a copy from src to dst: H2D, D2H, D2D (one GPU), P2P
// (between GPUs) or H2H.
func copyDir(src, dst *Device) string {
	switch {
	case src.IsHost() && dst.IsHost():
		return "H2H"
	case src.IsHost():
		return "H2D"
	case dst.IsHost():
		return "D2H"
	case src == dst:
		return "D2D"
	}
	return "P2P"
}
