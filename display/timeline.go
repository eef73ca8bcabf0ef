package display

import (
	"fmt"
	"hash/fnv"
	"html"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"text/tabwriter"
	"time"
)

// TimelineView is a recording of what devices did, as plain data (package gpu fills it
// from a gpu.Timeline): lanes top to bottom, and operations on them. It renders as a chart
// (SVG; in HTML with zoom by dragging over a range, double-click to zoom out) and as a
// table (Table, HTML and text).
type TimelineView struct {
	Title string
	Lanes []string     // lane labels, top to bottom ("GPU0", "GPU0 stream 1", "host")
	Ops   []TimelineOp // in any order
	Note  string       // a line under the chart ("device clocks within 2 µs of the host's")
	// Groups gather consecutive lanes under a heading (the ranks of a rank session: a
	// group per rank); lanes in no group are drawn as usual.
	Groups []LaneGroup
}

// LaneGroup is a run of lanes drawn under a heading: Count lanes from First. The chart
// labels its lanes without the group's Name at their start ("rank 1 GPU0" shows as "GPU0"
// under "rank 1"); tables and text keep the whole lane name.
type LaneGroup struct {
	Name         string // "rank 1"
	About        string // more for the heading ("sim-H200-1 on host n1"), may be ""
	First, Count int
}

// TimelineOp is one operation of a TimelineView.
type TimelineOp struct {
	Lane       int           // index into Lanes
	Kind       string        // "kernel", "copy", "memset", "event", "sync", "wait", "flag"
	Name       string        // kernel name, "copy", "synchronize GPU0", ...
	Start, End time.Duration // from the recording's start
	Bytes      int64         // copies and fills
	Dir        string        // copies: "H2D", "D2H", "D2D", "P2P", "H2H"
	Detail     string        // more for the tooltip (grid, block, arguments), lines split by \n
	Err        string        // why it failed, or could not be timed
}

// Timeline chart geometry.
const (
	tlWidth     = 960.0
	tlLeft      = 130.0 // lane labels
	tlRight     = 16.0
	tlTop       = 44.0 // title and axis
	tlLaneH     = 22.0
	tlLaneGap   = 6.0
	tlGroupH    = 18.0 // a lane group's heading
	tlMinBar    = 4.0  // operations narrower than this many pixels are drawn in groups
	tlTableRows = 200  // rows of the HTML table (the text table shows fewer)
	tlTextRows  = 40
)

// copyColours are the colours of copies by direction.
var copyColours = map[string]string{"H2D": "#e6550d", "D2H": "#31a354", "D2D": "#8c6bb1", "P2P": "#d62728", "H2H": "#969696"}

// kernelColours are the colours kernels take by name.
var kernelColours = []string{"#3182bd", "#6baed6", "#2b8cbe", "#08519c", "#4292c6", "#1f78b4", "#5e81ac", "#2c7fb8"}

// kindColours are the colours of the other kinds.
var kindColours = map[string]string{"memset": "#bdbdbd", "event": "#252525", "sync": "#d9d9d9", "wait": "#fdd0a2", "flag": "#e31a1c"}

func (op TimelineOp) colour() string {
	switch op.Kind {
	case "kernel":
		h := fnv.New32a()
		h.Write([]byte(op.Name))
		return kernelColours[h.Sum32()%uint32(len(kernelColours))]
	case "copy":
		if c, ok := copyColours[op.Dir]; ok {
			return c
		}
	}
	if c, ok := kindColours[op.Kind]; ok {
		return c
	}
	return "#9e9e9e"
}

// label is the text on an operation's bar: the kernel's name; a copy's direction, size
// and rate.
func (op TimelineOp) label() string {
	if op.Kind == "copy" {
		s := op.Dir + " " + formatBytes(float64(op.Bytes))
		if r := op.rate(); r != "" {
			s += " " + r
		}
		return s
	}
	return op.Name
}

// rate is a copy's or fill's rate ("12.5 GB/s"), "" where it has no duration.
func (op TimelineOp) rate() string {
	d := op.End - op.Start
	if op.Bytes <= 0 || d <= 0 {
		return ""
	}
	return strconv.FormatFloat(float64(op.Bytes)/d.Seconds()/1e9, 'g', 3, 64) + " GB/s"
}

// tooltip is the text of an operation's <title>.
func (op TimelineOp) tooltip(lane string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s on %s\nstart %s, took %s", op.Kind, op.Name, lane, formatSpan(op.Start), formatSpan(op.End-op.Start))
	if op.Bytes > 0 {
		fmt.Fprintf(&b, "\n%s %s (%s bytes)", op.Dir, formatBytes(float64(op.Bytes)), groupDigits(op.Bytes))
		if r := op.rate(); r != "" {
			b.WriteString(", " + r)
		}
	}
	if op.Detail != "" {
		b.WriteString("\n" + truncateText(op.Detail, 600))
	}
	if op.Err != "" {
		b.WriteString("\nerror: " + op.Err)
	}
	return b.String()
}

// formatSpan prints a duration with 3 significant digits in the unit that suits it.
func formatSpan(d time.Duration) string {
	switch a := math.Abs(float64(d)); {
	case a < 1e3:
		return fmt.Sprintf("%d ns", d.Nanoseconds())
	case a < 1e6:
		return strconv.FormatFloat(float64(d)/1e3, 'g', 3, 64) + " µs"
	case a < 1e9:
		return strconv.FormatFloat(float64(d)/1e6, 'g', 3, 64) + " ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'g', 3, 64) + " s"
}

// timeUnit chooses the unit of an axis spanning span: its name and size in nanoseconds.
func timeUnit(span float64) (string, float64) {
	switch {
	case span < 1e3:
		return "ns", 1
	case span < 1e6:
		return "µs", 1e3
	case span < 1e9:
		return "ms", 1e6
	}
	return "s", 1e9
}

// span returns the time range the chart shows, in nanoseconds.
func (v TimelineView) span() (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, op := range v.Ops {
		lo = math.Min(lo, float64(op.Start))
		hi = math.Max(hi, float64(op.End))
	}
	if len(v.Ops) == 0 {
		return 0, 1e3
	}
	lo = math.Max(0, lo)
	if hi <= lo {
		hi = lo + 1e3
	}
	pad := (hi - lo) * 0.02
	return math.Max(0, lo-pad), hi + pad
}

// spanText says when the operations ran, as the axis reads: "over 563 µs" when they start
// at the timeline's start, else "over 563 µs, from 1.8 ms to 2.36 ms" (the axis counts from
// the timeline's start, which may be long before the first operation).
func (v TimelineView) spanText() string {
	if len(v.Ops) == 0 {
		return "over 0 ns"
	}
	lo, hi := v.Ops[0].Start, v.Ops[0].End
	for _, op := range v.Ops {
		lo, hi = min(lo, op.Start), max(hi, op.End)
	}
	lo = max(lo, 0)
	if hi < lo {
		hi = lo
	}
	text := "over " + formatSpan(hi-lo)
	if lo > (hi-lo)/20 {
		text += ", from " + formatSpan(lo) + " to " + formatSpan(hi)
	}
	return text
}

// mark is one thing drawn in a lane: an operation, or a group of operations too narrow to
// draw one by one.
type mark struct {
	op     TimelineOp
	count  int            // > 1: a group
	kinds  map[string]int // a group's operations by kind and name
	x0, x1 float64
}

// layoutLane groups the lane's operations (sorted by start) that are narrower than
// tlMinBar pixels and fall within tlMinBar pixels of each other.
func layoutLane(ops []TimelineOp, x func(float64) float64) []mark {
	var out []mark
	for _, op := range ops {
		x0, x1 := x(float64(op.Start)), x(float64(op.End))
		if x1-x0 >= tlMinBar || op.End == op.Start && (op.Kind == "flag" || op.Kind == "event") && len(ops) < 500 {
			out = append(out, mark{op: op, count: 1, x0: x0, x1: x1})
			continue
		}
		if n := len(out); n > 0 && out[n-1].x1-out[n-1].x0 < tlMinBar*2 && x0 <= out[n-1].x1+tlMinBar && (out[n-1].count > 1 || out[n-1].x1-out[n-1].x0 < tlMinBar) {
			g := &out[n-1]
			if g.count == 1 {
				g.kinds = map[string]int{g.op.Kind + " " + g.op.Name: 1}
			}
			g.count++
			g.kinds[op.Kind+" "+op.Name]++
			g.x1 = math.Max(g.x1, x1)
			if op.End > g.op.End {
				g.op.End = op.End
			}
			continue
		}
		out = append(out, mark{op: op, count: 1, x0: x0, x1: x1})
	}
	return out
}

// groupTooltip describes a group of operations.
func (m mark) groupTooltip() string {
	keys := make([]string, 0, len(m.kinds))
	for k := range m.kinds {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return m.kinds[keys[i]] > m.kinds[keys[j]] || m.kinds[keys[i]] == m.kinds[keys[j]] && keys[i] < keys[j]
	})
	var b strings.Builder
	fmt.Fprintf(&b, "%d operations, %s to %s", m.count, formatSpan(m.op.Start), formatSpan(m.op.End))
	for i, k := range keys {
		if i == 8 {
			fmt.Fprintf(&b, "\n…")
			break
		}
		fmt.Fprintf(&b, "\n%d× %s", m.kinds[k], k)
	}
	return b.String()
}

// layout places the lanes: the top of each lane, the heading rows (the y of each group's
// heading, by group), and the bottom of the last lane.
func (v TimelineView) layout() (laneY []float64, headY []float64, bottom float64) {
	laneY = make([]float64, len(v.Lanes))
	headY = make([]float64, len(v.Groups))
	starts := map[int]int{} // first lane -> group
	for g, gr := range v.Groups {
		if gr.Count > 0 && gr.First >= 0 && gr.First < len(v.Lanes) {
			starts[gr.First] = g + 1
		}
	}
	y := tlTop
	for i := range v.Lanes {
		if g := starts[i]; g > 0 {
			headY[g-1] = y
			y += tlGroupH
		}
		laneY[i] = y
		y += tlLaneH + tlLaneGap
	}
	return laneY, headY, y
}

// laneLabel is lane i's label in the chart: without its group's name at its start.
func (v TimelineView) laneLabel(i int) string {
	for _, g := range v.Groups {
		if i >= g.First && i < g.First+g.Count {
			if rest, ok := strings.CutPrefix(v.Lanes[i], g.Name+" "); ok && rest != "" {
				return rest
			}
		}
	}
	return v.Lanes[i]
}

var timelineSeq atomic.Int64

// maxTimelineBytes bounds a timeline's bundle: past it the standalone SVG goes first (the
// HTML carries the chart, the PNG stands for it elsewhere).
const maxTimelineBytes = 300 << 10

// SVG draws the chart as a static picture.
func (v TimelineView) SVG() string { return v.svg("").String() }

// svg draws the chart; id, when not empty, names its elements for the zoom script.
func (v TimelineView) svg(id string) *svgDoc {
	lo, hi := v.span()
	plotW := tlWidth - tlLeft - tlRight
	x := func(t float64) float64 { return tlLeft + (t-lo)/(hi-lo)*plotW }
	laneY, headY, bottom := v.layout()
	h := bottom + 34
	d := new(svgDoc)
	d.begin(tlWidth, h)
	if id != "" {
		// The script finds its picture by this id.
		d.group(` id="`+id+`"`, "")
	} else {
		d.group("", "")
	}
	title := v.Title
	if title == "" {
		title = "timeline"
	}
	d.text(8, 16, "start", 13, "#222", fmt.Sprintf("%s: %s %s", title, countOps(len(v.Ops)), v.spanText()), bold)
	// Axis: ticks in the unit that suits the span.
	unit, scale := timeUnit(hi - lo)
	ticks, step := niceTicks(lo/scale, hi/scale, 8)
	d.group(` class="pbtl-axis"`, "")
	for _, tv := range ticks {
		tx := x(tv * scale)
		if tx < tlLeft-0.5 || tx > tlWidth-tlRight+0.5 {
			continue
		}
		d.line(tx, tlTop-6, tx, bottom, "#e0e0e0", 1, shape{})
		label := formatTick(tv, step) + " " + unit
		// A label centred on a tick near an edge would stick out of the picture: it ends
		// (or starts) at the edge instead.
		lx, anchor := tx, "middle"
		if half := textWidth(label, 10, false) / 2; tx+half > tlWidth-1 {
			lx, anchor = tlWidth-1, "end"
		} else if tx-half < 1 {
			lx, anchor = 1, "start"
		}
		d.text(lx, tlTop-10, anchor, 10, "#555", label, plain)
	}
	d.groupEnd()
	// Lanes.
	byLane := make([][]TimelineOp, len(v.Lanes))
	for _, op := range v.Ops {
		if op.Lane >= 0 && op.Lane < len(v.Lanes) {
			byLane[op.Lane] = append(byLane[op.Lane], op)
		}
	}
	for g, gr := range v.Groups {
		if gr.Count <= 0 || gr.First < 0 || gr.First >= len(v.Lanes) {
			continue
		}
		y := headY[g]
		d.line(8, y+1, tlWidth-tlRight, y+1, "#9e9e9e", 0.75, shape{})
		head := gr.Name
		if gr.About != "" {
			head += " · " + gr.About
		}
		d.text(8, y+tlGroupH-5, "start", 11, "#222", head, bold)
	}
	for li, full := range v.Lanes {
		y := laneY[li]
		label := v.laneLabel(li)
		fill := "#f7f7f7"
		if strings.HasPrefix(label, "host") {
			fill = "#fff8ef"
		}
		d.rect(tlLeft, y, plotW, tlLaneH, fill, shape{})
		d.text(tlLeft-8, y+tlLaneH/2+4, "end", 11, "#222", label, plain)
		label = full // tooltips name the whole lane
		ops := byLane[li]
		sort.SliceStable(ops, func(i, j int) bool { return ops[i].Start < ops[j].Start })
		for _, m := range layoutLane(ops, x) {
			drawMark(d, m, y, label, id != "")
		}
	}
	// Legend.
	ly := bottom + 18
	lx := tlLeft
	for _, item := range [][2]string{{"kernel", kernelColours[0]}, {"H2D", copyColours["H2D"]}, {"D2H", copyColours["D2H"]},
		{"D2D", copyColours["D2D"]}, {"P2P", copyColours["P2P"]}, {"memset", kindColours["memset"]},
		{"sync", kindColours["sync"]}, {"wait", kindColours["wait"]}, {"flag", kindColours["flag"]}, {"event", kindColours["event"]}} {
		d.rect(lx, ly-9, 10, 10, item[1], stroked("#888", 0.5))
		d.text(lx+14, ly, "start", 10, "#333", item[0], plain)
		lx += 20 + 6.5*float64(len(item[0]))
	}
	if v.Note != "" {
		d.text(tlWidth-tlRight, ly, "end", 10, "#666", v.Note, plain)
	}
	d.groupEnd()
	d.end()
	return d
}

// drawMark draws one mark in the lane at y. With zoom set, elements carry their times
// (data-s, data-e in nanoseconds) for the script.
func drawMark(d *svgDoc, m mark, y float64, lane string, zoom bool) {
	op := m.op
	data := ""
	if zoom {
		data = fmt.Sprintf(` data-s="%d" data-e="%d"`, int64(op.Start), int64(op.End))
	}
	w := math.Max(m.x1-m.x0, 1.5)
	if m.count > 1 {
		// A group of operations: translucent, outlined in dashes.
		d.rect(m.x0, y+2, w, tlLaneH-4, op.colour(), shape{fillOpacity: 0.55, stroke: "#555", strokeWidth: 0.5,
			dash: []float64{2, 1}, svgOnly: data, title: m.groupTooltip()})
		return
	}
	title := op.tooltip(lane)
	outline := shape{svgOnly: data, title: title}
	if op.Err != "" {
		outline.stroke, outline.strokeWidth = "#b30000", 1.5
	}
	switch op.Kind {
	case "flag", "event":
		// An instant: a line through the lane with a marker on top.
		cx := m.x0
		d.group(data, title)
		d.line(cx, y, cx, y+tlLaneH, op.colour(), 1.5, shape{})
		var marker pathData
		marker.moveTo(cx, y)
		marker.lineTo(cx+4, y+3)
		marker.lineTo(cx, y+6)
		marker.close()
		d.path(&marker, op.colour(), shape{})
		d.groupEnd()
		return
	case "wait", "sync":
		if op.Err == "" {
			outline.stroke, outline.strokeWidth = "#a0a0a0", 0.5
		}
		d.rect(m.x0, y+5, w, tlLaneH-10, op.colour(), outline)
	default:
		outline.rx = 2
		d.rect(m.x0, y+2, w, tlLaneH-4, op.colour(), outline)
	}
	label := op.label()
	if op.Kind == "wait" || op.Kind == "sync" {
		label = op.Name
	}
	if chars := int((w - 6) / 6.2); chars >= 3 {
		fill := "#ffffff"
		if op.Kind == "memset" || op.Kind == "wait" || op.Kind == "sync" {
			fill = "#222"
		}
		d.text(m.x0+3, y+tlLaneH/2+3.5, "start", 10, fill, truncateLabel(label, chars),
			textStyle{svgOnly: ` pointer-events="none"` + data})
	}
}

// countOps writes "1 operation", "5 operations".
func countOps(n int) string {
	if n == 1 {
		return "1 operation"
	}
	return fmt.Sprintf("%d operations", n)
}

// truncateLabel shortens s to n characters with an ellipsis.
func truncateLabel(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	if n <= 1 {
		return "…"
	}
	return string(r[:n-1]) + "…"
}

// zoomScript lets a person drag over a range of the chart to zoom into it; a double-click
// zooms out (and goes no further: the classic Notebook's own double-click handler of a cell
// throws). It moves the drawn marks and redraws the axis; groups stay groups.
const zoomScript = `(function(){var g=document.getElementById("%s");if(!g)return;var svg=g.ownerSVGElement;
var L=%s,R=%s,T=%s,B=%s,lo0=%s,hi0=%s,lo=lo0,hi=hi0,ns="http://www.w3.org/2000/svg";
var els=g.querySelectorAll("[data-s]"),axis=g.querySelector(".pbtl-axis");
function unit(s){return s<1e3?["ns",1]:s<1e6?["µs",1e3]:s<1e9?["ms",1e6]:["s",1e9];}
function ticks(a,b,n){var raw=(b-a)/n,m=Math.pow(10,Math.floor(Math.log10(raw))),st=m;
[1,2,2.5,5,10].some(function(k){if(k*m>=raw){st=k*m;return true;}});var out=[];
for(var v=Math.ceil(a/st-1e-9)*st;v<=b+st*1e-9&&out.length<40;v+=st)out.push(v);return [out,st];}
function X(t){return L+(t-lo)/(hi-lo)*(R-L);}
function draw(){var u=unit(hi-lo),tk=ticks(lo/u[1],hi/u[1],8),dec=Math.max(0,-Math.floor(Math.log10(tk[1])+1e-9));
while(axis.firstChild)axis.removeChild(axis.firstChild);
tk[0].forEach(function(v){var x=X(v*u[1]);if(x<L-0.5||x>R+0.5)return;var l=document.createElementNS(ns,"line");
l.setAttribute("x1",x);l.setAttribute("x2",x);l.setAttribute("y1",T-6);l.setAttribute("y2",B);l.setAttribute("stroke","#e0e0e0");axis.appendChild(l);
var t=document.createElementNS(ns,"text"),lb=v.toFixed(Math.min(dec,6))+" "+u[0],hw=lb.length*2.9,tx=x,an="middle";
if(x+hw>R+15){tx=R+15;an="end";}t.setAttribute("x",tx);t.setAttribute("y",T-10);t.setAttribute("text-anchor",an);
t.setAttribute("font-size","10");t.setAttribute("fill","#555");t.textContent=lb;axis.appendChild(t);});
els.forEach(function(e){var s=+e.getAttribute("data-s"),en=+e.getAttribute("data-e"),x0=X(s),x1=X(en),vis=x1>=L&&x0<=R;
e.style.display=vis?"":"none";if(!vis)return;x0=Math.max(x0,L);x1=Math.min(x1,R);
if(e.tagName=="rect"){e.setAttribute("x",x0);e.setAttribute("width",Math.max(x1-x0,1.5));}
else if(e.tagName=="text"){e.setAttribute("x",x0+3);e.style.display=(x1-x0>30)?"":"none";}
else{e.setAttribute("transform","translate("+(x0-e.__x0)+",0)");}});}
els.forEach(function(e){if(e.tagName=="g"){e.__x0=+e.querySelector("line").getAttribute("x1");}});
var sel=null,start=0;function px(ev){var p=svg.createSVGPoint();p.x=ev.clientX;p.y=ev.clientY;return p.matrixTransform(svg.getScreenCTM().inverse()).x;}
svg.addEventListener("mousedown",function(ev){var x=px(ev);if(x<L||x>R)return;start=x;sel=document.createElementNS(ns,"rect");
sel.setAttribute("y",T);sel.setAttribute("height",B-T);sel.setAttribute("fill","#3182bd");sel.setAttribute("fill-opacity","0.15");
sel.setAttribute("x",x);sel.setAttribute("width",0);g.appendChild(sel);ev.preventDefault();});
svg.addEventListener("mousemove",function(ev){if(!sel)return;var x=Math.min(Math.max(px(ev),L),R);
sel.setAttribute("x",Math.min(x,start));sel.setAttribute("width",Math.abs(x-start));});
window.addEventListener("mouseup",function(ev){if(!sel)return;var x=Math.min(Math.max(px(ev),L),R);g.removeChild(sel);sel=null;
if(Math.abs(x-start)<3)return;var a=lo+(Math.min(x,start)-L)/(R-L)*(hi-lo),b=lo+(Math.max(x,start)-L)/(R-L)*(hi-lo);
if(b-a<1)b=a+1;lo=a;hi=b;draw();});
svg.addEventListener("dblclick",function(ev){ev.stopPropagation();lo=lo0;hi=hi0;draw();});})();`

// HTML returns the chart with its zoom script, and the table in a collapsed section.
func (v TimelineView) HTML() string {
	id, pic := v.picture()
	return v.html(id, pic.html())
}

// picture draws the chart, its elements named by id for the zoom script.
func (v TimelineView) picture() (id string, pic picture) {
	id = fmt.Sprintf("pbtl-%d-%d", time.Now().UnixNano()%1e9, timelineSeq.Add(1))
	return id, v.svg(id).render()
}

// html is the page around the chart's HTML: its zoom script, and the table.
func (v TimelineView) html(id, chart string) string {
	lo, hi := v.span()
	var b strings.Builder
	b.WriteString(`<div class="peerbook-timeline">`)
	b.WriteString(chart)
	_, _, bottom := v.layout()
	fmt.Fprintf(&b, "<script>"+zoomScript+"</script>", id, num(tlLeft), num(tlWidth-tlRight), num(tlTop), num(bottom),
		strconv.FormatFloat(lo, 'f', 0, 64), strconv.FormatFloat(hi, 'f', 0, 64))
	b.WriteString(`<div style="font-size:11px;color:#666">drag over the chart to zoom in, double-click to zoom out; hover for details</div>`)
	fmt.Fprintf(&b, `<details><summary style="cursor:pointer;font-size:12px">table of the %d operations</summary>%s</details>`, len(v.Ops), v.TableHTML())
	b.WriteString(`</div>`)
	return b.String()
}

// sortedOps returns the operations by start time.
func (v TimelineView) sortedOps() []TimelineOp {
	ops := append([]TimelineOp(nil), v.Ops...)
	sort.SliceStable(ops, func(i, j int) bool { return ops[i].Start < ops[j].Start })
	return ops
}

func (v TimelineView) laneName(i int) string {
	if i >= 0 && i < len(v.Lanes) {
		return v.Lanes[i]
	}
	return "?"
}

// tableRow is one row of the table: lane, kind, name, start, duration, bytes, rate, detail.
func (v TimelineView) tableRow(op TimelineOp) [8]string {
	bytes := ""
	if op.Bytes > 0 {
		bytes = formatBytes(float64(op.Bytes))
	}
	detail := op.Dir
	if op.Detail != "" {
		first, _, _ := strings.Cut(op.Detail, "\n")
		detail = strings.TrimSpace(detail + " " + first)
	}
	if op.Err != "" {
		detail = strings.TrimSpace(detail + " error: " + op.Err)
	}
	return [8]string{v.laneName(op.Lane), op.Kind, op.Name, formatSpan(op.Start), formatSpan(op.End - op.Start), bytes, op.rate(), detail}
}

var tableHeader = [8]string{"lane", "kind", "name", "start", "took", "bytes", "rate", "detail"}

// Table returns the operations as a text table, by start time (the first max rows; max
// <= 0: all).
func (v TimelineView) Table(max int) string {
	ops := v.sortedOps()
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(tableHeader[:], "\t"))
	for i, op := range ops {
		if max > 0 && i == max {
			break
		}
		r := v.tableRow(op)
		fmt.Fprintln(tw, strings.Join(r[:], "\t"))
	}
	tw.Flush()
	lines := strings.Split(b.String(), "\n")
	b.Reset()
	for _, l := range lines[:len(lines)-1] {
		b.WriteString(strings.TrimRight(l, " "))
		b.WriteByte('\n')
	}
	if max > 0 && len(ops) > max {
		fmt.Fprintf(&b, "… %d more operations\n", len(ops)-max)
	}
	return b.String()
}

// TableHTML returns the operations as an HTML table, by start time (the first 200).
func (v TimelineView) TableHTML() string {
	ops := v.sortedOps()
	var b strings.Builder
	b.WriteString(`<style>.pbtl-t{font-size:11px;border-collapse:collapse}.pbtl-t td,.pbtl-t th{padding:1px 6px;text-align:left}` +
		`.pbtl-t td{font-family:` + html.EscapeString(monoStack) + `}.pbtl-t td.n{text-align:right}</style><table class="pbtl-t"><tr>`)
	for _, h := range tableHeader {
		fmt.Fprintf(&b, `<th>%s</th>`, h)
	}
	b.WriteString(`</tr>`)
	for i, op := range ops {
		if i == tlTableRows {
			fmt.Fprintf(&b, `<tr><td colspan="8" style="padding:1px 6px">… %d more operations</td></tr>`, len(ops)-tlTableRows)
			break
		}
		b.WriteString(`<tr>`)
		for j, c := range v.tableRow(op) {
			if j >= 3 && j <= 6 {
				b.WriteString(`<td class="n">`)
			} else {
				b.WriteString(`<td>`)
			}
			b.WriteString(html.EscapeString(c))
			b.WriteString(`</td>`)
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</table>`)
	return b.String()
}

// Text is a summary line per lane and the first rows of the table.
func (v TimelineView) Text() string {
	var b strings.Builder
	title := v.Title
	if title == "" {
		title = "timeline"
	}
	lanes := "lanes"
	if len(v.Lanes) == 1 {
		lanes = "lane"
	}
	fmt.Fprintf(&b, "%s: %s on %d %s %s\n", title, countOps(len(v.Ops)), len(v.Lanes), lanes, v.spanText())
	for i, l := range v.Lanes {
		var n int
		var busy time.Duration
		for _, op := range v.Ops {
			if op.Lane == i {
				n++
				busy += op.End - op.Start
			}
		}
		fmt.Fprintf(&b, "  %-16s %5d ops, %s busy\n", l, n, formatSpan(busy))
	}
	if v.Note != "" {
		b.WriteString(v.Note + "\n")
	}
	b.WriteString("\n")
	b.WriteString(v.Table(tlTextRows))
	return b.String()
}

// MIMEBundle renders the chart: HTML with zoom, a static SVG picture (nbconvert, GitHub)
// and text.
func (v TimelineView) MIMEBundle() Bundle {
	b := newBundle()
	b.Data[MIMEText] = v.Text()
	id, pic := v.picture()
	return pic.fit(b, func(chart string) string { return v.html(id, chart) }, maxTimelineBytes)
}
