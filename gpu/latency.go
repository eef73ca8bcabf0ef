package gpu

import (
	"fmt"
	"strings"
	"time"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// Simulated devices run on the CPU: timing them measures the CPU's copies and its
// scheduling of goroutines (a flag hand-off took 2977 us one run and 0.4 us the next), which
// says nothing about a GPU. So measurements on simulated devices report what the preset's
// link table models for the machine it simulates (backend.Modelled), the same every run, and say
// so in their output.

// linkModel is the modelled link between devices a and b of a simulated machine (either
// may be the host), and false where m is not simulated.
func (m *machine) linkModel(a, b *Device) (backend.Link, bool) {
	mb, ok := m.b.(backend.Modelled)
	if !ok || !m.simulated() {
		return backend.Link{}, false
	}
	return mb.ModelledLink(a.info.Index, b.info.Index), true
}

// checkModel fails where the preset models no latency or bandwidth for l (reporting 0
// would be a wrong answer).
func checkModel(l backend.Link, a, b *Device) error {
	if l.LatencyUS <= 0 || l.BandwidthGBps <= 0 {
		return fmt.Errorf("the simulated preset models no latency or bandwidth between %s and %s", shortLabel(a), shortLabel(b))
	}
	return nil
}

// modelSource says where modelled figures come from, for titles: "modelled from the link
// table of sim:pcie4".
func (m *machine) modelSource() string {
	name := m.spec
	if mb, ok := m.b.(backend.Modelled); ok {
		if name = mb.ModelName(); !strings.HasPrefix(name, "sim:") {
			name = "sim:" + name
		}
	}
	return "modelled for " + name + " (its link table), not measured"
}

// modelledGBps is the bandwidth a copy of n bytes over l gets in the model: the link's
// latency, then its bandwidth.
func modelledGBps(l backend.Link, n int) float64 {
	if l.BandwidthGBps <= 0 {
		return 0
	}
	seconds := l.LatencyUS/1e6 + float64(n)/(l.BandwidthGBps*1e9)
	return float64(n) / seconds / 1e9
}

// DefaultLatencyRounds is how many round trips MeasureFlagLatency times per pair.
const DefaultLatencyRounds = 2000

// LatencyMatrix is the one-way latency of a flag hand-off between every ordered pair of
// GPUs, from MeasureFlagLatency. As a cell's value it shows as an annotated heatmap.
type LatencyMatrix struct {
	labels   []string
	us       [][]float64 // us[a][b], microseconds
	rounds   int         // round trips timed per pair; 0 where modelled
	modelled string      // where modelled figures come from; "" where measured
}

// pingPongSource is the kernel MeasureFlagLatency times on CUDA devices: two of them pass
// a flag back and forth, one waiting for even values and writing the next odd one, the
// other the reverse. One that waits a second in vain gives up.
const pingPongSource = `__global__ void peerbook_ping_pong(Peer<unsigned> flag, unsigned me, int rounds) {
  for (int r = 0; r < rounds; r++) {
    unsigned want = 2u * (unsigned)r + me;
    if (!flag_wait(flag, 0, want, 1000000000ull)) return;
    flag_set(flag, 0, want + 1u);
  }
}`

// MeasureFlagLatency returns the one-way latency of a flag hand-off between every ordered
// pair of GPUs (from a GPU to itself: between two kernels on it). On CUDA devices two
// kernels, one on each GPU, pass a flag in a shared buffer back and forth; the time per
// round trip, halved, is the latency (MeasureRepeats sets the round trips, default 2000).
// On simulated devices it reports the latency the preset's link table models for the
// machine they simulate, the same every run, and says so (Modelled).
func MeasureFlagLatency(opts ...MeasureOption) (*LatencyMatrix, error) {
	const op = "measure flag latency"
	m, err := current()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	rounds := DefaultLatencyRounds
	for _, o := range opts {
		switch {
		case o.setBytes:
			return nil, fmt.Errorf("%s: MeasureBytes: a hand-off moves one flag; set the round trips with MeasureRepeats", op)
		case o.setRepeats:
			if o.repeats < 1 || o.repeats > maxMeasureRepeats {
				return nil, fmt.Errorf("%s: MeasureRepeats(%d): want from 1 to %d round trips", op, o.repeats, maxMeasureRepeats)
			}
			rounds = o.repeats
		default:
			return nil, fmt.Errorf("%s: an empty MeasureOption (make options with gpu.MeasureRepeats)", op)
		}
	}
	devs := m.devices
	if len(devs) == 0 {
		return nil, fmt.Errorf("%s: %s has no GPU", op, m.spec)
	}
	r := &LatencyMatrix{us: make([][]float64, len(devs))}
	for _, d := range devs {
		r.labels = append(r.labels, shortLabel(d))
	}
	if m.simulated() {
		r.modelled = m.modelSource()
		for i, a := range devs {
			r.us[i] = make([]float64, len(devs))
			for j, b := range devs {
				l, _ := m.linkModel(a, b)
				if err := checkModel(l, a, b); err != nil {
					return nil, fmt.Errorf("%s: %w", op, err)
				}
				r.us[i][j] = l.LatencyUS
			}
		}
		return r, nil
	}
	r.rounds = rounds
	k, err := pingPongKernel()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	bar := display.NewProgress(len(devs)*len(devs), fmt.Sprintf("flag latency i -> j (%d GPUs, %d round trips)", len(devs), rounds))
	defer bar.Done()
	for i, a := range devs {
		r.us[i] = make([]float64, len(devs))
		for j, b := range devs {
			d, err := pingPong(k, a, b, rounds)
			if err != nil {
				return nil, fmt.Errorf("%s %s -> %s: %w", op, r.labels[i], r.labels[j], err)
			}
			r.us[i][j] = float64(d.Nanoseconds()) / 1000
			bar.Add(1)
		}
	}
	return r, nil
}

// pingPongKernel compiles pingPongSource (not registered: cells don't see it).
func pingPongKernel() (*Kernel, error) {
	sigs, err := cudaSignatures(pingPongSource, "flag latency kernel", 1)
	if err != nil {
		return nil, err
	}
	return newKernel(sigs[0], nil, &cudaSource{src: pingPongSource, file: "flag latency kernel", line: 1}), nil
}

// pingPong times rounds round trips of a flag between a kernel on a and one on b, and
// returns the one-way time. A round trip of the same kernels goes first, untimed: the
// first launch of a kernel on a device compiles and loads its module (tens of
// milliseconds), which must not count as hand-off time.
func pingPong(k *Kernel, a, b *Device, rounds int) (time.Duration, error) {
	flag, err := a.AllocShared(Uint32, 1)
	if err != nil {
		return 0, err
	}
	defer flag.Free()
	s, err := b.NewStream()
	if err != nil {
		return 0, err
	}
	defer s.Destroy()
	if _, err := pingPongRun(k, a, b, s, flag, 1); err != nil {
		return 0, fmt.Errorf("warm-up: %w", err)
	}
	if err := flag.Fill(0); err != nil {
		return 0, err
	}
	took, err := pingPongRun(k, a, b, s, flag, rounds)
	if err != nil {
		return 0, err
	}
	return took / time.Duration(2*rounds), nil
}

// pingPongRun passes the flag (zero) between a kernel on b (on stream s) and one on a for
// rounds round trips and returns the time from the first launch to the end of both.
func pingPongRun(k *Kernel, a, b *Device, s *Stream, flag *Buffer, rounds int) (time.Duration, error) {
	start := time.Now()
	if err := k.Launch(b, 1, 1, flag, uint32(1), int32(rounds), OnStream(s)); err != nil {
		return 0, err
	}
	if err := k.Launch(a, 1, 1, flag, uint32(0), int32(rounds)); err != nil {
		s.Synchronize()
		return 0, err
	}
	if err := s.Synchronize(); err != nil {
		return 0, err
	}
	took := time.Since(start)
	got, err := flag.Uint32s()
	if err != nil {
		return 0, err
	}
	if got[0] != uint32(2*rounds) {
		return 0, fmt.Errorf("the hand-off stopped at %d of %d (a kernel waited a second in vain)", got[0], 2*rounds)
	}
	return took, nil
}

// Len returns the number of GPUs (rows and columns).
func (r *LatencyMatrix) Len() int { return len(r.labels) }

// At returns the one-way latency in microseconds from GPU a to GPU b. It panics where
// there is no such pair, as indexing a slice does.
func (r *LatencyMatrix) At(a, b int) float64 {
	if a < 0 || a >= len(r.labels) || b < 0 || b >= len(r.labels) {
		panic(fmt.Errorf("LatencyMatrix.At(%d, %d): no such pair; the matrix has GPUs 0..%d", a, b, len(r.labels)-1))
	}
	return r.us[a][b]
}

// Values returns a copy of the matrix in microseconds: Values()[a][b].
func (r *LatencyMatrix) Values() [][]float64 {
	out := make([][]float64, len(r.us))
	for i, row := range r.us {
		out[i] = append([]float64(nil), row...)
	}
	return out
}

// Labels returns the names of the rows and columns ("GPU0", "GPU1", ...).
func (r *LatencyMatrix) Labels() []string { return append([]string(nil), r.labels...) }

// Rounds returns how many round trips were timed per pair (0 where modelled).
func (r *LatencyMatrix) Rounds() int { return r.rounds }

// Modelled reports whether the figures are modelled (simulated devices) rather than
// measured, and where they come from.
func (r *LatencyMatrix) Modelled() (bool, string) { return r.modelled != "", r.modelled }

// Heatmap returns the matrix as the display package draws it.
func (r *LatencyMatrix) Heatmap() display.MatrixHeatmap {
	note := fmt.Sprintf("measured: %d round trips a pair, halved", r.rounds)
	if r.modelled != "" {
		note = r.modelled
	}
	return display.MatrixHeatmap{Title: "one-way flag hand-off latency", Note: note, RowLabels: r.Labels(),
		ColLabels: r.Labels(), Values: r.Values(), Unit: "µs", LowIsGood: true}
}

// MIMEBundle renders the matrix as an annotated heatmap, with a text table for terminals.
func (r *LatencyMatrix) MIMEBundle() display.Bundle { return r.Heatmap().MIMEBundle() }

// String returns the matrix as a text table.
func (r *LatencyMatrix) String() string {
	text, _ := r.MIMEBundle().Data[display.MIMEText].(string)
	return strings.TrimSuffix(text, "\n")
}
