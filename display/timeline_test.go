package display

import (
	"encoding/xml"
	"fmt"
	"github.com/peerbook/peerbook/internal/svgtest"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// denseTimeline is n operations on four lanes, as a cell launching kernels and copies in
// a loop makes: kernels of 3 µs on two streams, copies between them, host synchronizes.
func denseTimeline(n int) TimelineView {
	v := TimelineView{Title: "dense", Lanes: []string{"GPU0", "GPU0 stream 1", "GPU1 stream 1", "host"}}
	at := time.Duration(0)
	for i := range n {
		lane := i % 4
		op := TimelineOp{Lane: lane, Start: at, End: at + 3*time.Microsecond}
		switch lane {
		case 0:
			op.Kind, op.Name, op.Bytes, op.Dir = "copy", "copy", 1<<20, "H2D"
		case 1, 2:
			op.Kind, op.Name, op.Detail = "kernel", fmt.Sprintf("k%d", i%3), "grid 4, block 256\nx = float32[1024] on GPU0\nn = 1024"
		case 3:
			op.Kind, op.Name = "sync", "synchronize GPU0 stream 1"
		}
		v.Ops = append(v.Ops, op)
		at += time.Microsecond
	}
	return v
}

func bundleSize(b Bundle) int {
	n := 0
	for _, v := range b.Data {
		if s, ok := v.(string); ok {
			n += len(s)
		}
	}
	return n
}

// wellFormed checks that s parses as XML.
func wellFormed(t *testing.T, s string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	d.Entity = xml.HTMLEntity
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%.400s", err, s)
		}
	}
}

func TestTimelineDenseIsGroupedAndSmall(t *testing.T) {
	for _, n := range []int{100, 5000, 50000} {
		v := denseTimeline(n)
		b := v.MIMEBundle()
		size := bundleSize(b)
		if size > 300<<10 {
			t.Errorf("%d operations: the bundle is %d KiB, more than 300", n, size>>10)
		}
		svg := v.SVG()
		wellFormed(t, svg)
		groups := strings.Count(svg, "operations, ")
		if n >= 5000 && groups == 0 {
			t.Errorf("%d operations of 3 µs over %v: no groups drawn", n, time.Duration(n)*time.Microsecond)
		}
		if n == 100 && groups != 0 {
			t.Errorf("100 operations: %d groups, want every operation drawn", groups)
		}
		t.Logf("%d operations: %d KiB, %d groups", n, size>>10, groups)
	}
}

func TestTimelineAxisUnits(t *testing.T) {
	tickRe := regexp.MustCompile(`>([0-9.]+) (ns|µs|ms|s)</text>`)
	for _, c := range []struct {
		span time.Duration
		unit string
	}{{800 * time.Nanosecond, "ns"}, {40 * time.Microsecond, "µs"}, {1770 * time.Microsecond, "ms"}, {30 * time.Millisecond, "ms"}, {5 * time.Second, "s"}} {
		v := TimelineView{Lanes: []string{"GPU0"}, Ops: []TimelineOp{{Kind: "kernel", Name: "k", Start: 0, End: c.span}}}
		svg := v.SVG()
		ticks := tickRe.FindAllStringSubmatch(svg, -1)
		if len(ticks) < 4 || len(ticks) > 12 {
			t.Errorf("span %v: %d ticks", c.span, len(ticks))
		}
		for _, tk := range ticks {
			if tk[2] != c.unit {
				t.Errorf("span %v: tick %q, want unit %s", c.span, tk[0], c.unit)
			}
		}
	}
}

// TestTimelineAxisLabelsStayInside: a tick near the axis's end is labelled inside the
// picture, as every tick is (these spans put a tick labelled "17.5 ms", "20.0 ms" or
// "27.5 ms" within a few pixels of the right edge, where a centred label stuck out).
func TestTimelineAxisLabelsStayInside(t *testing.T) {
	for _, c := range []struct{ start, end time.Duration }{
		{0, 17170 * time.Microsecond},
		{700 * time.Microsecond, 19640 * time.Microsecond},
		{10500 * time.Microsecond, 27180 * time.Microsecond},
		{0, 20 * time.Millisecond},
	} {
		v := TimelineView{Lanes: []string{"GPU0"}, Ops: []TimelineOp{{Kind: "kernel", Name: "k", Start: c.start, End: c.end}}}
		out, err := svgtest.Outside(v.SVG())
		if err != nil {
			t.Fatal(err)
		}
		if len(out) > 0 {
			t.Errorf("operation %v..%v: text outside the picture: %q", c.start, c.end, out)
		}
	}
	// And over a grid of spans, wherever the ticks fall.
	for s := 0; s < 200; s += 13 {
		for e := 300; e < 3000; e += 29 {
			start, end := time.Duration(s)*100*time.Microsecond, time.Duration(e)*10*time.Microsecond
			if end <= start {
				continue
			}
			v := TimelineView{Lanes: []string{"GPU0"}, Ops: []TimelineOp{{Kind: "kernel", Name: "k", Start: start, End: end}}}
			if out, _ := svgtest.Outside(v.SVG()); len(out) > 0 {
				t.Fatalf("operation %v..%v: text outside the picture: %q", start, end, out)
			}
		}
	}
}

// The title says when the operations ran as the axis counts (from the timeline's start):
// operations from 1.8 ms to 2.363 ms are "over 563 µs, from 1.8 ms to 2.36 ms", whose ends
// lie within the axis's first and last ticks' reach.
func TestTimelineTitleAgreesWithItsAxis(t *testing.T) {
	tickRe := regexp.MustCompile(`>([0-9.]+) (µs|ms)</text>`)
	v := TimelineView{Title: "copies", Lanes: []string{"GPU0"}, Ops: []TimelineOp{
		{Kind: "copy", Name: "c", Start: 1800 * time.Microsecond, End: 2000 * time.Microsecond},
		{Kind: "kernel", Name: "k", Start: 1900 * time.Microsecond, End: 2363 * time.Microsecond},
	}}
	svg := v.SVG()
	const want = "copies: 2 operations over 563 µs, from 1.8 ms to 2.36 ms"
	if !strings.Contains(svg, want) {
		t.Errorf("the SVG's title is not %q:\n%.400s", want, svg)
	}
	if text := v.Text(); !strings.HasPrefix(text, "copies: 2 operations on 1 lane over 563 µs, from 1.8 ms to 2.36 ms\n") {
		t.Errorf("text: %q", text)
	}
	ticks := tickRe.FindAllStringSubmatch(svg, -1)
	if len(ticks) < 2 {
		t.Fatalf("ticks: %v", ticks)
	}
	at := func(tk []string) time.Duration {
		f, _ := strconv.ParseFloat(tk[1], 64)
		if tk[2] == "ms" {
			return time.Duration(f * 1e6)
		}
		return time.Duration(f * 1e3)
	}
	first, last := at(ticks[0]), at(ticks[len(ticks)-1])
	if first < 1700*time.Microsecond || first > 1800*time.Microsecond || last < 2300*time.Microsecond || last > 2400*time.Microsecond {
		t.Errorf("the axis runs %v .. %v, the title says 1.8 ms to 2.36 ms", first, last)
	}
	// From the timeline's start, the title needs no range.
	v.Ops[0].Start = 0
	if svg := v.SVG(); !strings.Contains(svg, "copies: 2 operations over 2.36 ms<") {
		t.Errorf("a timeline from its start: %.300s", svg)
	}
}

func TestTimelineBars(t *testing.T) {
	v := TimelineView{Lanes: []string{"GPU0", "GPU1 stream 1", "host"}, Note: "GPU clocks within 1µs", Ops: []TimelineOp{
		{Lane: 1, Kind: "kernel", Name: "consume", Start: 0, End: 90 * time.Microsecond, Detail: "grid 1, block 256\nround = 3"},
		{Lane: 0, Kind: "kernel", Name: "produce", Start: 10 * time.Microsecond, End: 80 * time.Microsecond},
		{Lane: 0, Kind: "copy", Name: "copy", Start: 80 * time.Microsecond, End: 100 * time.Microsecond, Bytes: 1 << 20, Dir: "P2P"},
		{Lane: 2, Kind: "flag", Name: "store [0] = 1", Start: 50 * time.Microsecond, End: 50 * time.Microsecond},
		{Lane: 2, Kind: "wait", Name: "wait [0] == 2", Start: 50 * time.Microsecond, End: 95 * time.Microsecond, Err: "interrupted"},
	}}
	b := v.MIMEBundle()
	svg := b.Data[MIMESVG].(string)
	wellFormed(t, svg)
	for _, want := range []string{
		">consume</text>", ">produce</text>", "P2P 1 MiB 52.4 GB/s", // 2^20 B in 20 µs
		"grid 1, block 256\nround = 3", "error: interrupted", copyColours["P2P"], kindColours["flag"], "GPU clocks within 1µs",
	} {
		if !strings.Contains(svg, want) {
			t.Errorf("svg lacks %q", want)
		}
	}
	htm := b.Data[MIMEHTML].(string)
	if !strings.Contains(htm, "<script>") || !strings.Contains(htm, `data-s=\"10000\" data-e=\"80000\"`) {
		t.Errorf("html lacks the zoom script or the marks' times")
	}
	text := b.Data[MIMEText].(string)
	for _, want := range []string{"5 operations on 3 lanes", "GPU1 stream 1", "52.4 GB/s", "error: interrupted"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
}

// TestTimelineLaneGroups: lanes in groups (a rank session's ranks) are drawn under their
// group's heading, labelled without the group's name; tooltips, the table and the text keep
// the whole lane name.
func TestTimelineLaneGroups(t *testing.T) {
	v := TimelineView{Title: "timeline of 2 ranks",
		Lanes:  []string{"rank 0 GPU0", "rank 0 host", "rank 1 GPU0", "rank 1 GPU0 stream 1"},
		Groups: []LaneGroup{{Name: "rank 0", About: "sim-H200-0 on n1", First: 0, Count: 2}, {Name: "rank 1", About: "sim-H200-1 on n1", First: 2, Count: 2}},
		Ops: []TimelineOp{
			{Lane: 0, Kind: "kernel", Name: "produce", Start: 0, End: 50 * time.Microsecond},
			{Lane: 3, Kind: "kernel", Name: "consume", Start: 10 * time.Microsecond, End: 60 * time.Microsecond},
			{Lane: 1, Kind: "sync", Name: "synchronize GPU0", Start: 0, End: 55 * time.Microsecond},
		}}
	laneY, headY, bottom := v.layout()
	step := tlLaneH + tlLaneGap
	if headY[0] != tlTop || laneY[0] != tlTop+tlGroupH || headY[1] != tlTop+tlGroupH+2*step ||
		laneY[2] != tlTop+2*tlGroupH+2*step || bottom != tlTop+2*tlGroupH+4*step {
		t.Errorf("layout: lanes at %v, headings at %v, bottom %v", laneY, headY, bottom)
	}
	b := v.MIMEBundle()
	svg := b.Data[MIMESVG].(string)
	wellFormed(t, svg)
	for _, want := range []string{">rank 0 · sim-H200-0 on n1</text>", ">rank 1 · sim-H200-1 on n1</text>", ">GPU0 stream 1</text>",
		">host</text>", "kernel consume on rank 1 GPU0 stream 1"} {
		if !strings.Contains(svg, want) {
			t.Errorf("svg lacks %q", want)
		}
	}
	if strings.Contains(svg, ">rank 1 GPU0 stream 1</text>") {
		t.Error("a lane in a group is labelled with the group's name")
	}
	text := b.Data[MIMEText].(string)
	for _, want := range []string{"3 operations on 4 lanes", "rank 1 GPU0 stream 1", "rank 0 host"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	// A group that names no lane is left out, the lanes drawn as usual.
	v.Groups = []LaneGroup{{Name: "rank 9", First: 7, Count: 1}}
	if laneY, _, _ := v.layout(); laneY[0] != tlTop {
		t.Errorf("a group past the lanes moved them: %v", laneY)
	}
	wellFormed(t, v.SVG())
}

func BenchmarkTimelineRender(b *testing.B) {
	for _, n := range []int{100, 5000} {
		v := denseTimeline(n)
		b.Run(fmt.Sprintf("ops=%d", n), func(b *testing.B) {
			var size int
			for b.Loop() {
				size = bundleSize(v.MIMEBundle())
			}
			b.ReportMetric(float64(size)/1024, "KiB")
		})
	}
}
