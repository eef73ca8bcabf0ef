package gpu

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/display/plot"
)

// Defaults of the copy measurements.
const (
	// DefaultMeasureBytes is the size of the copies MeasureCopyBandwidth times on CUDA
	// devices, and the largest default size of MeasureCopySweep there.
	DefaultMeasureBytes = 64 << 20
	// DefaultSimMeasureBytes is the same on simulated devices, which copy with the CPU.
	DefaultSimMeasureBytes = 8 << 20
	// DefaultMeasureRepeats is how many copies are timed per measurement (after one copy
	// that is not timed, to warm up).
	DefaultMeasureRepeats = 5
)

// Limits of the measurement options.
const (
	maxMeasureRepeats  = 1_000_000
	sweepMinBytes      = 4 << 10 // the smallest default size of a sweep
	sweepMaxAutoRepeat = 200     // a sweep times up to this many copies of a small size
)

// MeasureOption changes what MeasureCopyBandwidth and MeasureCopySweep measure.
type MeasureOption struct {
	bytes, repeats int
	setBytes       bool
	setRepeats     bool
}

// MeasureBytes sets the bytes each copy of MeasureCopyBandwidth moves, or the largest of
// the default sizes of MeasureCopySweep (powers of two from 4 KiB up to bytes).
func MeasureBytes(bytes int) MeasureOption { return MeasureOption{bytes: bytes, setBytes: true} }

// MeasureRepeats sets how many copies are timed per measurement (one more, untimed, warms
// up). Without it MeasureCopyBandwidth times DefaultMeasureRepeats copies, and
// MeasureCopySweep times more of the small sizes, so that each size moves about as many
// bytes as the largest one (at most 200 copies).
func MeasureRepeats(n int) MeasureOption { return MeasureOption{repeats: n, setRepeats: true} }

// measureConfig is the options of one measurement, applied and checked.
type measureConfig struct {
	bytes, repeats int
	setBytes       bool
	setRepeats     bool
}

// measureConfigOf applies opts over the defaults of machine m; op names the measurement in
// errors.
func measureConfigOf(op string, m *machine, opts []MeasureOption) (measureConfig, error) {
	c := measureConfig{bytes: DefaultMeasureBytes, repeats: DefaultMeasureRepeats}
	if m.simulated() {
		c.bytes = DefaultSimMeasureBytes
	}
	for _, o := range opts {
		if o.setBytes {
			if o.bytes < 1 || o.bytes > maxBytes {
				return c, fmt.Errorf("%s: MeasureBytes(%d): want a number of bytes from 1 to 2^50", op, o.bytes)
			}
			c.bytes, c.setBytes = o.bytes, true
		}
		if o.setRepeats {
			if o.repeats < 1 || o.repeats > maxMeasureRepeats {
				return c, fmt.Errorf("%s: MeasureRepeats(%d): want from 1 to %d timed copies", op, o.repeats, maxMeasureRepeats)
			}
			c.repeats, c.setRepeats = o.repeats, true
		}
		if !o.setBytes && !o.setRepeats {
			return c, fmt.Errorf("%s: an empty MeasureOption (make options with gpu.MeasureBytes or gpu.MeasureRepeats)", op)
		}
	}
	return c, nil
}

// simulated reports whether the machine's GPUs are simulated.
func (m *machine) simulated() bool { return len(m.devices) > 0 && m.devices[0].info.Simulated }

// shortLabel names a device in tables and plots: "GPU0" or "host".
func shortLabel(d *Device) string {
	if d.IsHost() {
		return "host"
	}
	return fmt.Sprintf("GPU%d", d.info.Index)
}

// measureFault, when set (by tests), fails the measurement of the pair src -> dst.
var measureFault func(src, dst *Device) error

// copyTimer times copies on one GPU's stream, between two of its events.
type copyTimer struct {
	s          *Stream
	start, end *Event
}

func newCopyTimer(d *Device) (*copyTimer, error) {
	s, err := d.NewStream()
	if err != nil {
		return nil, err
	}
	t := &copyTimer{s: s}
	if t.start, err = d.NewEvent(); err == nil {
		t.end, err = d.NewEvent()
	}
	if err != nil {
		t.destroy()
		return nil, err
	}
	return t, nil
}

func (t *copyTimer) destroy() {
	t.s.Synchronize() // queued work must not outlive the buffers its caller frees next
	t.s.Destroy()
	if t.start != nil {
		t.start.Destroy()
	}
	if t.end != nil {
		t.end.Destroy()
	}
}

// gbps copies src to dst once, untimed, then repeats times between the timer's events, and
// returns the bandwidth in GB/s (10^9 bytes a second).
func (t *copyTimer) gbps(dst, src *Buffer, repeats int) (float64, error) {
	if measureFault != nil {
		if err := measureFault(src.Device(), dst.Device()); err != nil {
			return 0, err
		}
	}
	if err := CopyAsync(dst, src, t.s); err != nil {
		return 0, err
	}
	if err := t.start.Record(t.s); err != nil {
		return 0, err
	}
	for r := 0; r < repeats; r++ {
		if err := CopyAsync(dst, src, t.s); err != nil {
			return 0, err
		}
	}
	if err := t.end.Record(t.s); err != nil {
		return 0, err
	}
	if err := t.s.Synchronize(); err != nil {
		return 0, err
	}
	took, err := t.start.Elapsed(t.end)
	if err != nil {
		return 0, err
	}
	if took <= 0 {
		return 0, fmt.Errorf("%d copies of %s took no measurable time; time more of them (MeasureRepeats)",
			repeats, formatBytes(uint64(src.Bytes())))
	}
	return float64(repeats) * float64(src.Bytes()) / took.Seconds() / 1e9, nil
}

// freeAll frees the buffers that are not nil.
func freeAll(bufs []*Buffer) {
	for _, b := range bufs {
		if b != nil {
			b.Free()
		}
	}
}

// allocForCopies allocates bytes on d, shared with the GPUs in peers that can reach it,
// so that copies between them go over the link rather than through the host.
func allocForCopies(d *Device, bytes int, peers []*Device) (*Buffer, error) {
	b, err := d.Alloc(Uint8, bytes)
	if err != nil {
		return nil, err
	}
	var reach []*Device
	for _, p := range peers {
		if p != d && !p.IsHost() && !d.IsHost() && d.CanAccessPeer(p) && p.CanAccessPeer(d) {
			reach = append(reach, p)
		}
	}
	if len(reach) > 0 {
		if err := b.ShareWith(reach...); err != nil {
			b.Free()
			return nil, err
		}
	}
	return b, nil
}

// BandwidthMatrix is the copy bandwidth between every ordered pair of GPUs, measured by
// MeasureCopyBandwidth. As a cell's value it shows as an annotated heatmap.
type BandwidthMatrix struct {
	labels   []string    // "GPU0", ...
	gbps     [][]float64 // gbps[src][dst], GB/s
	bytes    int
	repeats  int
	modelled string // where modelled figures come from; "" where measured
}

// MeasureCopyBandwidth measures the copy bandwidth from every GPU to every GPU (to itself:
// between two buffers on it). For each ordered pair it copies a buffer once to warm up,
// then times a few copies with events on a stream of the destination. Buffers are shared
// between the GPUs that have P2P access, so that copies take the direct link. A progress
// bar counts the pairs. Options: MeasureBytes (default 64 MiB on CUDA, 8 MiB on simulated
// devices) and MeasureRepeats (default 5). On simulated devices the copies are made, but
// what the matrix reports is the bandwidth the preset's link table models for the machine
// they simulate (latency, then bandwidth), the same every run, and it says so (Modelled).
func MeasureCopyBandwidth(opts ...MeasureOption) (*BandwidthMatrix, error) {
	const op = "measure copy bandwidth"
	m, err := current()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	c, err := measureConfigOf(op, m, opts)
	if err != nil {
		return nil, err
	}
	devs := m.devices
	if len(devs) == 0 {
		return nil, fmt.Errorf("%s: %s has no GPU", op, m.spec)
	}

	// Two buffers a GPU: copies leave from srcs[i] and arrive in dsts[j], timed on a stream
	// of GPU j. The deferred calls run in reverse: the streams finish before the frees.
	srcs, dsts := make([]*Buffer, len(devs)), make([]*Buffer, len(devs))
	defer func() { freeAll(srcs); freeAll(dsts) }()
	timers := make([]*copyTimer, len(devs))
	defer func() {
		for _, t := range timers {
			if t != nil {
				t.destroy()
			}
		}
	}()
	for i, d := range devs {
		if srcs[i], err = allocForCopies(d, c.bytes, devs); err == nil {
			dsts[i], err = allocForCopies(d, c.bytes, devs)
		}
		if err == nil {
			timers[i], err = newCopyTimer(d)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
	}

	r := &BandwidthMatrix{bytes: c.bytes, repeats: c.repeats, gbps: make([][]float64, len(devs))}
	if m.simulated() {
		r.modelled = m.modelSource()
	}
	for _, d := range devs {
		r.labels = append(r.labels, shortLabel(d))
	}
	bar := display.NewProgress(len(devs)*len(devs),
		fmt.Sprintf("copy bandwidth i -> j (%d GPUs, %s)", len(devs), formatBytes(uint64(c.bytes))))
	defer bar.Done()
	for i := range devs {
		r.gbps[i] = make([]float64, len(devs))
		for j := range devs {
			v, err := timers[j].gbps(dsts[j], srcs[i], c.repeats)
			if err != nil {
				return nil, fmt.Errorf("%s %s -> %s: %w", op, r.labels[i], r.labels[j], err)
			}
			if l, ok := m.linkModel(devs[i], devs[j]); ok {
				if err := checkModel(l, devs[i], devs[j]); err != nil {
					return nil, fmt.Errorf("%s: %w", op, err)
				}
				v = modelledGBps(l, c.bytes)
			}
			r.gbps[i][j] = v
			bar.Add(1)
		}
	}
	return r, nil
}

// Len returns the number of GPUs measured (rows and columns).
func (r *BandwidthMatrix) Len() int { return len(r.labels) }

// At returns the bandwidth in GB/s of copies from GPU src to GPU dst. It panics where
// there is no such pair, as indexing a slice does.
func (r *BandwidthMatrix) At(src, dst int) float64 {
	if src < 0 || src >= len(r.labels) || dst < 0 || dst >= len(r.labels) {
		panic(fmt.Errorf("BandwidthMatrix.At(%d, %d): no such pair; the matrix has GPUs 0..%d", src, dst, len(r.labels)-1))
	}
	return r.gbps[src][dst]
}

// Values returns a copy of the matrix in GB/s: Values()[src][dst].
func (r *BandwidthMatrix) Values() [][]float64 {
	out := make([][]float64, len(r.gbps))
	for i, row := range r.gbps {
		out[i] = append([]float64(nil), row...)
	}
	return out
}

// Labels returns the names of the rows and columns ("GPU0", "GPU1", ...).
func (r *BandwidthMatrix) Labels() []string { return append([]string(nil), r.labels...) }

// Bytes returns the size of each copy measured.
func (r *BandwidthMatrix) Bytes() int { return r.bytes }

// Repeats returns how many copies were timed per pair.
func (r *BandwidthMatrix) Repeats() int { return r.repeats }

// Modelled reports whether the figures are modelled (simulated devices) rather than
// measured, and where they come from.
func (r *BandwidthMatrix) Modelled() (bool, string) { return r.modelled != "", r.modelled }

// Heatmap returns the matrix as the display package draws it.
func (r *BandwidthMatrix) Heatmap() display.MatrixHeatmap {
	return display.MatrixHeatmap{
		Title:     fmt.Sprintf("copy bandwidth (%s copies), source row to destination column", formatBytes(uint64(r.bytes))),
		Note:      r.modelled,
		RowLabels: r.Labels(), ColLabels: r.Labels(), Values: r.Values(), Unit: "GB/s"}
}

// MIMEBundle renders the matrix as an annotated heatmap, with a text table for terminals.
func (r *BandwidthMatrix) MIMEBundle() display.Bundle { return r.Heatmap().MIMEBundle() }

// String returns the matrix as a text table.
func (r *BandwidthMatrix) String() string {
	text, _ := r.MIMEBundle().Data[display.MIMEText].(string)
	return strings.TrimSuffix(text, "\n")
}

// BandwidthSweep is copy bandwidth against transfer size between two devices, measured by
// MeasureCopySweep. As a cell's value it shows as a line plot.
type BandwidthSweep struct {
	src, dst string // "GPU0", "host"
	sizes    []int
	gbps     []float64
	repeats  []int
	modelled string // where modelled figures come from; "" where measured
}

// defaultSweepSizes returns the powers of two from 4 KiB to largest.
func defaultSweepSizes(largest int) []int {
	var sizes []int
	for n := sweepMinBytes; n <= largest; n *= 2 {
		sizes = append(sizes, n)
	}
	return sizes
}

// MeasureCopySweep measures the copy bandwidth from src to dst for each transfer size in
// sizes (bytes; nil: powers of two from 4 KiB to 64 MiB on CUDA, to 8 MiB on simulated
// devices, or to MeasureBytes), in ascending order. One of the devices may be the host;
// the copies are timed on a stream of the other (of dst where both are GPUs). A progress
// bar counts the sizes. MeasureRepeats sets how many copies of each size are timed. On
// simulated devices the copies are made, but the sweep reports what the preset's link
// table models (the link's latency, then its bandwidth), and says so (Modelled).
func MeasureCopySweep(src, dst *Device, sizes []int, opts ...MeasureOption) (*BandwidthSweep, error) {
	const op = "measure copy sweep"
	if src == nil || dst == nil {
		return nil, fmt.Errorf("%s: nil device", op)
	}
	if src.m != dst.m {
		return nil, fmt.Errorf("%s: %s and %s belong to different device sets; gpu.Use made the newer one", op, src.label(), dst.label())
	}
	name := fmt.Sprintf("%s %s -> %s", op, shortLabel(src), shortLabel(dst))
	c, err := measureConfigOf(name, src.m, opts)
	if err != nil {
		return nil, err
	}
	timed := dst
	if dst.IsHost() {
		timed = src
	}
	if timed.IsHost() {
		return nil, fmt.Errorf("%s: one of the devices must be a GPU (streams and events belong to GPUs)", name)
	}
	if sizes == nil {
		if c.setBytes && c.bytes < sweepMinBytes {
			return nil, fmt.Errorf("%s: MeasureBytes(%d): the default sizes start at 4 KiB; pass the sizes to measure smaller ones", name, c.bytes)
		}
		sizes = defaultSweepSizes(c.bytes)
	} else {
		if c.setBytes {
			return nil, fmt.Errorf("%s: MeasureBytes sets the largest default size; pass either sizes or MeasureBytes", name)
		}
		if len(sizes) == 0 {
			return nil, fmt.Errorf("%s: no sizes (nil for the default ones)", name)
		}
		sizes = append([]int(nil), sizes...)
		for i, n := range sizes {
			if n < 1 || n > maxBytes {
				return nil, fmt.Errorf("%s: size %d (sizes[%d]): want a number of bytes from 1 to 2^50", name, n, i)
			}
		}
		sort.Ints(sizes)
	}
	largest := sizes[len(sizes)-1]

	// One buffer at each end, as large as the largest size; each size copies a view of it.
	// The deferred calls run in reverse: the stream finishes before the frees.
	bufs := make([]*Buffer, 2)
	defer func() { freeAll(bufs) }()
	if bufs[0], err = allocForCopies(src, largest, []*Device{dst}); err == nil {
		bufs[1], err = allocForCopies(dst, largest, []*Device{src})
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	from, to := bufs[0], bufs[1]
	timer, err := newCopyTimer(timed)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	defer timer.destroy()

	r := &BandwidthSweep{src: shortLabel(src), dst: shortLabel(dst)}
	link, modelled := src.m.linkModel(src, dst)
	if modelled {
		if err := checkModel(link, src, dst); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		r.modelled = src.m.modelSource()
	}
	bar := display.NewProgress(len(sizes), fmt.Sprintf("copy bandwidth %s -> %s by size", r.src, r.dst))
	defer bar.Done()
	for _, n := range sizes {
		repeats := c.repeats
		if !c.setRepeats {
			repeats = max(DefaultMeasureRepeats, min(sweepMaxAutoRepeat, largest/n))
		}
		a, err := from.Slice(0, n)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		b, err := to.Slice(0, n)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		v, err := timer.gbps(b, a, repeats)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", name, formatBytes(uint64(n)), err)
		}
		if modelled {
			v = modelledGBps(link, n)
		}
		r.sizes = append(r.sizes, n)
		r.gbps = append(r.gbps, v)
		r.repeats = append(r.repeats, repeats)
		bar.Add(1)
	}
	return r, nil
}

// Len returns the number of sizes measured.
func (r *BandwidthSweep) Len() int { return len(r.sizes) }

// Sizes returns the transfer sizes measured, in bytes, ascending.
func (r *BandwidthSweep) Sizes() []int { return append([]int(nil), r.sizes...) }

// Values returns the bandwidth in GB/s of each size, in the order of Sizes.
func (r *BandwidthSweep) Values() []float64 { return append([]float64(nil), r.gbps...) }

// At returns the bandwidth in GB/s of the i-th size. It panics where there is none, as
// indexing a slice does.
func (r *BandwidthSweep) At(i int) float64 {
	if i < 0 || i >= len(r.gbps) {
		panic(fmt.Errorf("BandwidthSweep.At(%d): no such size; the sweep has sizes 0..%d", i, len(r.gbps)-1))
	}
	return r.gbps[i]
}

// Modelled reports whether the figures are modelled (simulated devices) rather than
// measured, and where they come from.
func (r *BandwidthSweep) Modelled() (bool, string) { return r.modelled != "", r.modelled }

// title names the sweep in its plot and table.
func (r *BandwidthSweep) title() string {
	if r.modelled != "" {
		return fmt.Sprintf("copy bandwidth %s → %s by transfer size, modelled", r.src, r.dst)
	}
	return fmt.Sprintf("copy bandwidth %s → %s by transfer size", r.src, r.dst)
}

// Plot returns the sweep as a line plot of GB/s against the transfer size (log scale).
func (r *BandwidthSweep) Plot() *plot.Plot {
	xs := make([]float64, len(r.sizes))
	for i, n := range r.sizes {
		xs[i] = float64(n)
	}
	return plot.Line(xs, r.Values()).LogX().Title(r.title()).XLabel("transfer size (bytes)").YLabel("GB/s")
}

// MIMEBundle renders the sweep as a line plot, with a text table for terminals.
func (r *BandwidthSweep) MIMEBundle() display.Bundle {
	b := r.Plot().MIMEBundle()
	b.Data[display.MIMEText] = r.String()
	return b
}

// String returns the sweep as a text table: size, GB/s and the number of copies timed.
func (r *BandwidthSweep) String() string {
	rows := [][3]string{{"size", "GB/s", "copies"}}
	for i, n := range r.sizes {
		rows = append(rows, [3]string{formatBytes(uint64(n)), formatGBps(r.gbps[i]), fmt.Sprint(r.repeats[i])})
	}
	var w [3]int
	for _, row := range rows {
		for c, s := range row {
			w[c] = max(w[c], len([]rune(s)))
		}
	}
	var s strings.Builder
	if r.modelled != "" {
		s.WriteString(fmt.Sprintf("copy bandwidth %s → %s by transfer size, %s", r.src, r.dst, r.modelled))
	} else {
		s.WriteString(r.title())
	}
	for _, row := range rows {
		s.WriteString("\n")
		for c, cell := range row {
			if c > 0 {
				s.WriteString("  ")
			}
			s.WriteString(strings.Repeat(" ", w[c]-len([]rune(cell))) + cell)
		}
	}
	return s.String()
}

// formatGBps writes a bandwidth with three significant digits.
func formatGBps(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 {
		return fmt.Sprint(v)
	}
	digits := max(0, 2-int(math.Floor(math.Log10(v))))
	return fmt.Sprintf("%.*f", digits, v)
}
