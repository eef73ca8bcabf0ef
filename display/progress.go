package display

import (
	"cmp"
	"fmt"
	"html"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// ProgressInterval is the least time between two updates of a progress bar: a tight loop
// calling Add sends at most about 1/ProgressInterval updates a second.
const ProgressInterval = 100 * time.Millisecond

// Progress is a progress bar for long work. In a notebook it is one output updated in place;
// without a sink it is a text bar on stderr, redrawn with '\r' when stderr is a terminal and
// printed once by Done otherwise. Add and Set are cheap and safe to call from many
// goroutines at once.
type Progress struct {
	label    string
	total    int64
	clock    clock
	start    time.Time
	interval time.Duration

	n        atomic.Int64
	lastEmit atomic.Int64 // nanoseconds since start of the last update sent
	pending  atomic.Bool  // a trailing update is scheduled
	done     atomic.Bool

	emitMu  sync.Mutex // serialises what is sent, so updates arrive in order
	handle  *Handle    // notebook mode; nil in terminal mode
	w       io.Writer  // terminal mode: where the bar goes
	live    bool       // terminal mode: redraw in place (stderr is a terminal)
	lastLen int        // terminal mode: length of the last line drawn
	final   bool       // the final update was sent
}

// NewProgress starts a progress bar for total steps (total <= 0: unknown, only the count is
// shown) named label, and shows it at 0.
func NewProgress(total int, label string) *Progress {
	return newProgress(int64(total), label, ProgressInterval, currentSink() != nil, os.Stderr, isTerminal(os.Stderr))
}

// newProgress is NewProgress with its environment spelled out (tests use it).
func newProgress(total int64, label string, interval time.Duration, notebook bool, w io.Writer, live bool) *Progress {
	return newProgressOn(systemClock{}, total, label, interval, notebook, w, live)
}

// newProgressOn is newProgress on a clock of the caller's (tests move time themselves).
func newProgressOn(c clock, total int64, label string, interval time.Duration, notebook bool, w io.Writer, live bool) *Progress {
	if total < 0 {
		total = 0
	}
	p := &Progress{label: label, total: total, clock: c, start: c.Now(), interval: interval, w: w, live: live}
	if notebook {
		p.handle = Display(p)
	} else {
		p.emit(false)
	}
	return p
}

// clock is the time a Progress reads and the timers it sets.
type clock interface {
	Now() time.Time
	AfterFunc(d time.Duration, f func())
}

// systemClock is the clock of the system.
type systemClock struct{}

func (systemClock) Now() time.Time                      { return time.Now() }
func (systemClock) AfterFunc(d time.Duration, f func()) { time.AfterFunc(d, f) }

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Add advances the bar by n steps.
func (p *Progress) Add(n int) {
	if p == nil {
		return
	}
	p.n.Add(int64(n))
	p.changed()
}

// Set sets the number of steps done to n.
func (p *Progress) Set(n int) {
	if p == nil {
		return
	}
	p.n.Store(int64(n))
	p.changed()
}

// Value returns the number of steps done so far.
func (p *Progress) Value() int {
	if p == nil {
		return 0
	}
	return int(p.n.Load())
}

// Done finishes the bar: it shows the final count and the time taken. A bar finished before
// reaching its total says where it stopped. Later calls do nothing.
func (p *Progress) Done() {
	if p == nil || p.done.Swap(true) {
		return
	}
	p.emit(true)
}

// changed sends an update now when the last one is older than the interval, and otherwise
// makes sure one is sent when the interval is over (so the last value always shows).
func (p *Progress) changed() {
	if p.done.Load() {
		return
	}
	now := int64(p.clock.Now().Sub(p.start))
	last := p.lastEmit.Load()
	if now-last >= int64(p.interval) && p.lastEmit.CompareAndSwap(last, now) {
		p.emit(false)
		return
	}
	if p.pending.CompareAndSwap(false, true) {
		wait := time.Duration(last + int64(p.interval) - now)
		p.clock.AfterFunc(wait, func() {
			// Sends now, or (when an Add just did) schedules one more for the latest value.
			p.pending.Store(false)
			p.changed()
		})
	}
}

// emit sends the current state: to the notebook output, or to the terminal.
func (p *Progress) emit(final bool) {
	p.emitMu.Lock()
	defer p.emitMu.Unlock()
	if p.final {
		return
	}
	p.final = final
	if p.handle != nil {
		// A bar left running after its cell ended has no sink: it must not print.
		if s := currentSink(); s != nil {
			s.Display(Render(p), p.handle.id, true)
		}
		return
	}
	if !p.live && !final {
		return
	}
	line := p.text()
	if p.live {
		pad := ""
		if n := p.lastLen - len([]rune(line)); n > 0 {
			pad = strings.Repeat(" ", n)
		}
		p.lastLen = len([]rune(line))
		line = "\r" + line + pad
	}
	if final {
		line += "\n"
	}
	io.WriteString(p.w, line)
}

// progressState is a snapshot of a bar.
type progressState struct {
	n, total int64
	elapsed  time.Duration
	done     bool
}

func (p *Progress) state() progressState {
	return progressState{n: p.n.Load(), total: p.total, elapsed: p.clock.Now().Sub(p.start), done: p.done.Load()}
}

// fraction is the part done, in [0, 1]; -1 when the total is unknown.
func (s progressState) fraction() float64 {
	if s.total <= 0 {
		return -1
	}
	f := float64(s.n) / float64(s.total)
	return clamp(f, 0, 1)
}

// summary is the numbers after the bar: "45% · 450/1000 · 1.2s · ETA 1.5s".
func (s progressState) summary() string {
	var parts []string
	if f := s.fraction(); f >= 0 {
		parts = append(parts, fmt.Sprintf("%3.0f%%", 100*f), fmt.Sprintf("%d/%d", s.n, s.total))
	} else {
		parts = append(parts, fmt.Sprintf("%d", s.n))
	}
	parts = append(parts, formatDuration(s.elapsed))
	switch {
	case s.done && s.total > 0 && s.n < s.total:
		parts = append(parts, "stopped")
	case !s.done && s.total > 0 && s.n > 0 && s.n < s.total:
		eta := time.Duration(float64(s.elapsed) * float64(s.total-s.n) / float64(s.n))
		parts = append(parts, "ETA "+formatDuration(eta))
	case !s.done && s.total <= 0 && s.elapsed > 0:
		parts = append(parts, fmt.Sprintf("%.3g/s", float64(s.n)/s.elapsed.Seconds()))
	}
	return strings.Join(parts, " · ")
}

// text is the one-line text form of the bar.
func (p *Progress) text() string {
	s := p.state()
	var b strings.Builder
	if p.label != "" {
		b.WriteString(p.label)
		b.WriteString(" ")
	}
	if f := s.fraction(); f >= 0 {
		const width = 30
		full := int(f*width + 0.5)
		b.WriteString("[" + strings.Repeat("#", full) + strings.Repeat(".", width-full) + "] ")
	}
	b.WriteString(s.summary())
	return b.String()
}

// MIMEBundle renders the bar as it is now: an HTML bar and a text line.
func (p *Progress) MIMEBundle() Bundle {
	s := p.state()
	colour := "#43a047"
	if s.done && s.total > 0 && s.n < s.total {
		colour = "#fb8c00"
	}
	var bar string
	if f := s.fraction(); f >= 0 {
		bar = fmt.Sprintf(`<div style="flex:1;min-width:120px;height:12px;background:rgba(128,128,128,0.25);border-radius:6px;overflow:hidden">`+
			`<div style="width:%.1f%%;height:100%%;background:%s"></div></div>`, 100*f, colour)
	}
	label := ""
	if p.label != "" {
		label = `<span style="white-space:nowrap">` + html.EscapeString(p.label) + `</span>`
	}
	b := newBundle()
	b.Data[MIMEHTML] = `<div style="display:flex;align-items:center;gap:10px;max-width:720px;font-family:` + fontStack + `;font-size:13px">` +
		label + bar + `<span style="white-space:nowrap;font-variant-numeric:tabular-nums">` +
		html.EscapeString(s.summary()) + `</span></div>`
	b.Data[MIMEText] = p.text()
	return b
}

// formatDuration prints d briefly: "850ms", "12.3s", "4m05s", "1h02m".
func formatDuration(d time.Duration) string {
	switch {
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	case d < time.Hour:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
	return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
}

// clamp is v limited to [lo, hi] (NaN stays NaN).
func clamp[T cmp.Ordered](v, lo, hi T) T {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}
