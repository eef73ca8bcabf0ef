package gpu

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/peerbook/peerbook/display"
)

// recordingSink is a display sink that keeps what it is sent.
type recordingSink struct {
	mu    sync.Mutex
	calls []sinkCall
}

type sinkCall struct {
	text   string
	id     string
	update bool
}

func (s *recordingSink) Display(b display.Bundle, id string, update bool) {
	text, _ := b.Data[display.MIMEText].(string)
	s.mu.Lock()
	s.calls = append(s.calls, sinkCall{text: text, id: id, update: update})
	s.mu.Unlock()
}

func (s *recordingSink) ClearOutput(bool) {}

func (s *recordingSink) snapshot() []sinkCall {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]sinkCall(nil), s.calls...)
}

// withSink sends what the test displays to a new recordingSink until the test ends.
func withSink(t *testing.T) *recordingSink {
	s := &recordingSink{}
	t.Cleanup(display.SetSink(s))
	return s
}

// checkProgress checks that calls are one progress bar, shown and then updated in place,
// whose last state has done steps of total.
func checkProgress(t *testing.T, calls []sinkCall, label string, done, total int) {
	t.Helper()
	if len(calls) < 2 {
		t.Fatalf("the sink got %d outputs, want a progress bar shown and updated: %+v", len(calls), calls)
	}
	for i, c := range calls {
		if c.id == "" || c.id != calls[0].id || c.update != (i > 0) {
			t.Fatalf("output %d = id %q update %v; want updates of display %q", i, c.id, c.update, calls[0].id)
		}
		if !strings.HasPrefix(c.text, label) {
			t.Errorf("output %d = %q, want a bar labelled %q", i, c.text, label)
		}
	}
	if !strings.Contains(calls[0].text, fmt.Sprintf(" 0/%d ", total)) {
		t.Errorf("first output %q, want the bar at 0/%d", calls[0].text, total)
	}
	last := calls[len(calls)-1].text
	if !strings.Contains(last, fmt.Sprintf(" %d/%d ", done, total)) {
		t.Errorf("last output %q, want the bar at %d/%d", last, done, total)
	}
}

func positiveFinite(v float64) bool { return v > 0 && !math.IsInf(v, 0) && !math.IsNaN(v) }

// freeMemory returns the free memory of every GPU of the current devices.
func freeMemory(t *testing.T) []uint64 {
	t.Helper()
	var out []uint64
	for _, d := range Devices() {
		out = append(out, must(d.FreeMemory()))
	}
	return out
}

func TestMeasureCopyBandwidthMatrix(t *testing.T) {
	withSink(t)
	use(t, "sim:pcie4") // GPU3 has no P2P access to the others: its copies go through the host
	before := freeMemory(t)
	r, err := MeasureCopyBandwidth(MeasureBytes(1<<20), MeasureRepeats(3))
	if err != nil {
		t.Fatal(err)
	}
	if r.Len() != 4 || r.Bytes() != 1<<20 || r.Repeats() != 3 {
		t.Fatalf("Len, Bytes, Repeats = %d, %d, %d; want 4, %d, 3", r.Len(), r.Bytes(), r.Repeats(), 1<<20)
	}
	if got := strings.Join(r.Labels(), ","); got != "GPU0,GPU1,GPU2,GPU3" {
		t.Errorf("Labels = %s", got)
	}
	values := r.Values()
	if len(values) != 4 {
		t.Fatalf("Values has %d rows, want 4", len(values))
	}
	for i, row := range values {
		if len(row) != 4 {
			t.Fatalf("Values row %d has %d columns, want 4", i, len(row))
		}
		for j, v := range row {
			if !positiveFinite(v) || v != r.At(i, j) {
				t.Errorf("GPU%d -> GPU%d: Values %v, At %v; want the same positive finite GB/s", i, j, v, r.At(i, j))
			}
		}
	}
	values[0][0] = -1
	if r.At(0, 0) == -1 {
		t.Error("changing what Values returned changed the matrix")
	}
	if after := freeMemory(t); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("free memory %v after measuring, %v before: buffers left allocated", after, before)
	}
	defer func() {
		if p := recover(); p == nil || !strings.Contains(fmt.Sprint(p), "At(4, 0): no such pair; the matrix has GPUs 0..3") {
			t.Errorf("At(4, 0) panicked with %v, want a message naming the GPUs there are", p)
		}
	}()
	r.At(4, 0)
}

func TestBandwidthMatrixRenders(t *testing.T) {
	r := &BandwidthMatrix{labels: []string{"GPU0", "GPU1"}, gbps: [][]float64{{1500, 12.5}, {12.4, 1499}},
		bytes: 8 << 20, repeats: 5}
	b := r.MIMEBundle()
	for _, mime := range []string{display.MIMEText, display.MIMEHTML, display.MIMESVG} {
		if _, ok := b.Data[mime].(string); !ok {
			t.Errorf("the bundle lacks %s; it has %v", mime, keys(b.Data))
		}
	}
	text := b.Data[display.MIMEText].(string)
	for _, want := range []string{"copy bandwidth (8 MiB copies)", "GB/s", "GPU1", "1500", "12.4"} {
		if !strings.Contains(text, want) {
			t.Errorf("text/plain lacks %q:\n%s", want, text)
		}
	}
	if r.String() != strings.TrimSuffix(text, "\n") {
		t.Errorf("String() = %q, want the text/plain form", r.String())
	}
	if svg := b.Data[display.MIMESVG].(string); !strings.Contains(svg, ">1500<") || !strings.Contains(svg, ">12.4<") {
		t.Error("the heatmap does not write the values in its cells")
	}
	// Eight GPUs: the largest machine of one host in common use.
	big := &BandwidthMatrix{bytes: 64 << 20, repeats: 5}
	for i := 0; i < 8; i++ {
		big.labels = append(big.labels, fmt.Sprintf("GPU%d", i))
		row := make([]float64, 8)
		for j := range row {
			row[j] = 100 + float64(i*8+j)
		}
		big.gbps = append(big.gbps, row)
	}
	// The SVG and its PNG, each alone and in the HTML (which shows the PNG where scripts
	// don't run, the SVG where they do).
	if n := bundleSize(big.MIMEBundle()); n > 128<<10 {
		t.Errorf("the 8 x 8 matrix renders as %d bytes, want at most 128 KiB", n)
	}
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestMeasureCopyBandwidthProgress(t *testing.T) {
	sink := withSink(t)
	use(t, "sim:2")
	if _, err := MeasureCopyBandwidth(MeasureBytes(64<<10), MeasureRepeats(2)); err != nil {
		t.Fatal(err)
	}
	checkProgress(t, sink.snapshot(), "copy bandwidth i -> j (2 GPUs, 64 KiB)", 4, 4)
}

func TestMeasureCopySweep(t *testing.T) {
	sink := withSink(t)
	use(t, "sim:2")
	r, err := MeasureCopySweep(Dev(0), Dev(1), nil)
	if err != nil {
		t.Fatal(err)
	}
	// Powers of two from 4 KiB to 8 MiB, the default largest size on simulated devices.
	sizes := r.Sizes()
	if len(sizes) != 12 || r.Len() != 12 || sizes[0] != 4<<10 || sizes[11] != 8<<20 {
		t.Fatalf("Sizes = %v, want the powers of two from 4 KiB to 8 MiB", sizes)
	}
	for i, v := range r.Values() {
		if !positiveFinite(v) || v != r.At(i) {
			t.Errorf("size %d: Values %v, At %v; want the same positive finite GB/s", sizes[i], v, r.At(i))
		}
	}
	checkProgress(t, sink.snapshot(), "copy bandwidth GPU0 -> GPU1 by size", 12, 12)
	// Small sizes are timed over more copies, up to 200.
	if r.repeats[0] != 200 || r.repeats[11] != DefaultMeasureRepeats {
		t.Errorf("copies timed: %v, want 200 for 4 KiB and %d for 8 MiB", r.repeats, DefaultMeasureRepeats)
	}

	b := r.MIMEBundle()
	if _, ok := b.Data[display.MIMESVG].(string); !ok {
		t.Errorf("the sweep renders as %v, want an SVG plot", keys(b.Data))
	}
	if n := bundleSize(b); n > 256<<10 {
		t.Errorf("the sweep renders as %d bytes, want at most 256 KiB", n)
	}
	text := b.Data[display.MIMEText].(string)
	lines := strings.Split(text, "\n")
	if len(lines) != 14 || !strings.Contains(lines[0], "GPU0 → GPU1") || !strings.Contains(lines[1], "GB/s") ||
		!strings.Contains(lines[2], "4 KiB") || !strings.Contains(lines[13], "8 MiB") {
		t.Errorf("text/plain is not a title and a table of 12 sizes:\n%s", text)
	}
}

func TestMeasureCopySweepSizesAndHost(t *testing.T) {
	withSink(t)
	use(t, "sim:1")
	before := freeMemory(t)
	r, err := MeasureCopySweep(Host(), Dev(0), []int{1 << 20, 100, 4096}, MeasureRepeats(3))
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(r.Sizes()); got != "[100 4096 1048576]" {
		t.Errorf("Sizes = %s, want the sizes given, ascending", got)
	}
	if fmt.Sprint(r.repeats) != "[3 3 3]" {
		t.Errorf("copies timed %v, want 3 each as MeasureRepeats says", r.repeats)
	}
	if !strings.HasPrefix(r.String(), "copy bandwidth host → GPU0") {
		t.Errorf("String() = %q, want it to name host and GPU0", r.String())
	}
	if after := freeMemory(t); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("free memory %v after measuring, %v before: buffers left allocated", after, before)
	}
}

func TestMeasureBadOptions(t *testing.T) {
	withSink(t)
	use(t, "sim:2")
	_, err := MeasureCopyBandwidth(MeasureBytes(0))
	wantErr(t, err, "measure copy bandwidth: MeasureBytes(0): want a number of bytes from 1 to 2^50")
	_, err = MeasureCopyBandwidth(MeasureRepeats(0))
	wantErr(t, err, "measure copy bandwidth: MeasureRepeats(0): want from 1 to 1000000 timed copies")
	_, err = MeasureCopyBandwidth(MeasureRepeats(2_000_000))
	wantErr(t, err, "measure copy bandwidth: MeasureRepeats(2000000): want from 1 to 1000000 timed copies")
	_, err = MeasureCopyBandwidth(MeasureOption{})
	wantErr(t, err, "measure copy bandwidth: an empty MeasureOption (make options with gpu.MeasureBytes or gpu.MeasureRepeats)")
	_, err = MeasureCopyBandwidth(MeasureBytes(2 << 30))
	wantErrContains(t, err, "measure copy bandwidth: alloc uint8[2147483648]: out of memory on device 0 (sim-GPU-0)")

	_, err = MeasureCopySweep(nil, Dev(1), nil)
	wantErr(t, err, "measure copy sweep: nil device")
	_, err = MeasureCopySweep(Host(), Host(), nil)
	wantErr(t, err, "measure copy sweep host -> host: one of the devices must be a GPU (streams and events belong to GPUs)")
	_, err = MeasureCopySweep(Dev(0), Dev(1), []int{4096, 0})
	wantErr(t, err, "measure copy sweep GPU0 -> GPU1: size 0 (sizes[1]): want a number of bytes from 1 to 2^50")
	_, err = MeasureCopySweep(Dev(0), Dev(1), []int{})
	wantErr(t, err, "measure copy sweep GPU0 -> GPU1: no sizes (nil for the default ones)")
	_, err = MeasureCopySweep(Dev(0), Dev(1), []int{4096}, MeasureBytes(1<<20))
	wantErr(t, err, "measure copy sweep GPU0 -> GPU1: MeasureBytes sets the largest default size; pass either sizes or MeasureBytes")
	_, err = MeasureCopySweep(Dev(0), Dev(1), nil, MeasureBytes(1000))
	wantErr(t, err, "measure copy sweep GPU0 -> GPU1: MeasureBytes(1000): the default sizes start at 4 KiB; pass the sizes to measure smaller ones")
	old := Dev(0)
	use(t, "sim:2")
	_, err = MeasureCopySweep(old, Dev(1), nil)
	wantErr(t, err, "measure copy sweep: device 0 (sim-GPU-0) and device 1 (sim-GPU-1) belong to different device sets; gpu.Use made the newer one")
}

func TestMeasureErrorsNameThePairAndFree(t *testing.T) {
	sink := withSink(t)
	use(t, "sim:2")
	before := freeMemory(t)
	measureFault = func(src, dst *Device) error {
		if src.Index() == 1 && dst.Index() == 0 {
			return errors.New("injected fault")
		}
		return nil
	}
	t.Cleanup(func() { measureFault = nil })
	_, err := MeasureCopyBandwidth(MeasureBytes(64 << 10))
	wantErr(t, err, "measure copy bandwidth GPU1 -> GPU0: injected fault")
	if after := freeMemory(t); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("free memory %v after the failure, %v before: buffers left allocated", after, before)
	}
	// The bar stops where the measurement did: two pairs of four done.
	calls := sink.snapshot()
	if last := calls[len(calls)-1].text; !strings.Contains(last, " 2/4 ") || !strings.Contains(last, "stopped") {
		t.Errorf("the bar ends as %q, want it stopped at 2/4", last)
	}

	_, err = MeasureCopySweep(Dev(1), Dev(0), []int{4096})
	wantErr(t, err, "measure copy sweep GPU1 -> GPU0: 4 KiB: injected fault")
	if after := freeMemory(t); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("free memory %v after the failed sweep, %v before: buffers left allocated", after, before)
	}
}

// setLargeCopy sets the large-copy variables for one test.
func setLargeCopy(t *testing.T, simBytes, firstChunk int64, chunkTime, progressAfter time.Duration) {
	oldBytes, oldChunk := largeCopySimBytes, largeCopySimFirstChunk
	oldTime, oldAfter := largeCopyChunkTime, largeCopyProgressAfter
	largeCopySimBytes, largeCopySimFirstChunk = simBytes, firstChunk
	largeCopyChunkTime, largeCopyProgressAfter = chunkTime, progressAfter
	t.Cleanup(func() {
		largeCopySimBytes, largeCopySimFirstChunk = oldBytes, oldChunk
		largeCopyChunkTime, largeCopyProgressAfter = oldTime, oldAfter
	})
}

// countingBuffer returns a float32 buffer on d holding 0, 1, 2, ... n-1.
func countingBuffer(d *Device, n int) *Buffer {
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(i)
	}
	return must(d.AllocFrom(v))
}

func TestLargeCopyInChunks(t *testing.T) {
	sink := withSink(t)
	use(t, "sim:2")
	// Chunks of an odd number of bytes (250 001 floats and one byte), so that they split
	// elements, and a progress bar from the first chunk on.
	setLargeCopy(t, 1<<20, 1_000_005, 0, 0)
	const n = 3_000_000 // 12 MB: 12 chunks
	src := countingBuffer(Dev(0), n)
	dst := must(Dev(1).Alloc(Float32, n+10))
	from := must(src.Slice(3, n))  // 2 999 997 elements from byte 12 of src
	to := must(dst.Slice(7, n+10)) // into dst from byte 28
	if err := Copy(to, from); err != nil {
		t.Fatal(err)
	}
	got := must(dst.Float32s())
	for _, i := range []int{0, 6, 7, 8, 250_007, 250_008, 1_500_000, n + 3, n + 4, n + 9} {
		want := float32(0)
		if i >= 7 && i < n+4 {
			want = float32(i - 4) // dst[7+k] = src[3+k]
		}
		if got[i] != want {
			t.Errorf("dst[%d] = %v, want %v", i, got[i], want)
		}
	}
	for i := 7; i < n+4; i++ {
		if got[i] != float32(i-4) {
			t.Fatalf("dst[%d] = %v, want %v (first wrong element)", i, got[i], float32(i-4))
		}
	}
	// 11 999 988 bytes: 12 MiB rounded up.
	checkProgress(t, sink.snapshot(), "copy 11.4 MiB GPU0 -> GPU1 (MiB)", 12, 12)
}

func TestLargeCopyDefaults(t *testing.T) {
	sink := withSink(t)
	use(t, "sim:2")
	// At the threshold, with the real chunk sizes: quick, so no progress bar.
	n := int(largeCopySimBytes / 4)
	src := countingBuffer(Dev(0), n)
	dst := must(Dev(0).Alloc(Float32, n))
	if err := dst.CopyFrom(src); err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, 1, n/2 - 1, n / 2, n - 2, n - 1} {
		if v := must(dst.At(i)); v != float64(i) {
			t.Errorf("dst[%d] = %v, want %d", i, v, i)
		}
	}
	if calls := sink.snapshot(); len(calls) != 0 {
		t.Errorf("a quick copy displayed %d outputs, want none: %+v", len(calls), calls)
	}
}

func TestLargeCopyOverlappingViews(t *testing.T) {
	withSink(t)
	use(t, "sim:1")
	setLargeCopy(t, 1<<20, 100_000, 0, time.Hour)
	const n = 1 << 20
	b := countingBuffer(Dev(0), n+1000)
	// Forward by 1000 elements within one allocation: chunked front to back, this would
	// copy chunks it already overwrote.
	if err := Copy(must(b.Slice(1000, n+1000)), must(b.Slice(0, n))); err != nil {
		t.Fatal(err)
	}
	got := must(b.Float32s())
	for i := 1000; i < n+1000; i++ {
		if got[i] != float32(i-1000) {
			t.Fatalf("b[%d] = %v, want %v", i, got[i], float32(i-1000))
		}
	}
}

// BenchmarkCopySmall copies 4 KiB between two simulated devices: the path every copy
// below the large-copy threshold takes, whose cost must not change.
func BenchmarkCopySmall(b *testing.B) {
	if err := Use("sim:2"); err != nil {
		b.Fatal(err)
	}
	src := must(Dev(0).Alloc(Float32, 1024))
	dst := must(Dev(1).Alloc(Float32, 1024))
	b.SetBytes(src.Bytes())
	for b.Loop() {
		if err := Copy(dst, src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLargeCopy64MiB copies 64 MiB between two simulated devices in chunks (as Copy
// does) and in one call (as before chunking), to measure what chunking costs.
func BenchmarkLargeCopy64MiB(b *testing.B) {
	if err := Use("sim:2"); err != nil {
		b.Fatal(err)
	}
	const n = 16 << 20
	src := must(Dev(0).Alloc(Float32, n))
	dst := must(Dev(1).Alloc(Float32, n))
	src.Fill(1) // touch the pages before timing
	dst.Fill(0)
	for _, c := range []struct {
		name      string
		threshold int64
	}{{"chunked", largeCopySimBytes}, {"one-call", math.MaxInt64}} {
		b.Run(c.name, func(b *testing.B) {
			old := largeCopySimBytes
			largeCopySimBytes = c.threshold
			defer func() { largeCopySimBytes = old }()
			b.SetBytes(4 * n)
			for b.Loop() {
				if err := Copy(dst, src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
