package eval

import (
	"bytes"
	"fmt"
	"go/ast"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
)

// goroutineID returns the id of the calling goroutine (from its stack header).
func goroutineID() uint64 {
	var buf [64]byte
	n := runtime.Stack(buf[:], false)
	b := bytes.TrimPrefix(buf[:n], []byte("goroutine "))
	if i := bytes.IndexByte(b, ' '); i > 0 {
		id, _ := strconv.ParseUint(string(b[:i]), 10, 64)
		return id
	}
	return 0
}

// panicLine matches the lines yaegi writes to its stderr for each interpreted frame a panic
// unwinds: "<pos>: panic: main.f(...)".
var panicLine = regexp.MustCompile(`^(?:_\.go:)?(\d+)(?::(\d+))?: panic: (\S*)\(\.\.\.\)\s*$`)

// preludeLine matches the same lines for the frames of the rewriter's prelude files
// (_pb_prelude_main.go: helpers such as _pb_assert that cells call): not the user's code,
// they are dropped from the trace and from the cell's stderr (Go prints nothing while a
// panic unwinds).
var preludeLine = regexp.MustCompile(`^_pb_prelude_\w+\.go:\d+(?::\d+)?: panic: \S*\(\.\.\.\)\s*$`)

// frame is one interpreted frame of a panic trace.
type frame struct {
	serial, line, col int
	fn                string // "" for a cell's top level
}

// panicLog collects, per goroutine, the frames yaegi reports while a panic unwinds, and
// where the last call of panic was (see markPanics).
type panicLog struct {
	mu     sync.Mutex
	frames map[uint64][]frame
	sites  map[uint64]panicSite
}

// panicSite is a call of panic: the value and the position (serial, cell line and column).
type panicSite struct {
	value any
	at    frame
}

func newPanicLog() *panicLog {
	return &panicLog{frames: map[uint64][]frame{}, sites: map[uint64]panicSite{}}
}

// maxSites bounds the sites kept for goroutines whose panic was recovered.
const maxSites = 1024

// mark records that goroutine gid calls panic(v) at line:col (line in the interpreter's
// numbering).
func (p *panicLog) mark(gid uint64, v any, line, col int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.sites[gid]; !ok && len(p.sites) >= maxSites {
		clear(p.sites)
	}
	p.sites[gid] = panicSite{value: v, at: frame{serial: line / lineStride, line: line % lineStride, col: col}}
}

// takeSite returns and forgets the last panic call of gid.
func (p *panicLog) takeSite(gid uint64) (panicSite, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	st, ok := p.sites[gid]
	delete(p.sites, gid)
	return st, ok
}

// maxFrames bounds a trace (deep recursion).
const maxFrames = 64

// add records a frame line for goroutine gid; it reports whether text was such a line.
func (p *panicLog) add(gid uint64, text []byte) bool {
	line := bytes.TrimRight(text, "\n")
	if preludeLine.Match(line) {
		return true
	}
	m := panicLine.FindSubmatch(line)
	if m == nil {
		return false
	}
	ln, _ := strconv.Atoi(string(m[1]))
	col, _ := strconv.Atoi(string(m[2]))
	fn := string(m[3])
	if fn == "main" {
		fn = ""
	} else if len(fn) > 5 && fn[:5] == "main." {
		fn = fn[5:]
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fs := p.frames[gid]
	if len(fs) < maxFrames {
		p.frames[gid] = append(fs, frame{serial: ln / lineStride, line: ln % lineStride, col: col, fn: fn})
	}
	return true
}

// take returns and forgets the frames recorded for gid.
func (p *panicLog) take(gid uint64) []frame {
	p.mu.Lock()
	defer p.mu.Unlock()
	fs := p.frames[gid]
	delete(p.frames, gid)
	return fs
}

// forget drops what was recorded for gid.
func (p *panicLog) forget(gid uint64) {
	p.mu.Lock()
	delete(p.frames, gid)
	delete(p.sites, gid)
	p.mu.Unlock()
}

// trace returns the interpreted frames of the panic (with value v) that ended goroutine gid,
// innermost first. For a cell's own goroutine (step), the frame of the function literal a
// top-level statement runs in is shown as the cell's, and the outermost frame, that of the
// step around it (yaegi places it at the step's first statement), is dropped. The
// innermost frame gets the line of the panic call when the panic came from one.
func (s *Session) trace(gid uint64, v any, step bool) []frame {
	out := s.panics.take(gid)
	if n := len(out); step && n >= 2 {
		inner, outer := out[n-2], out[n-1]
		if isLiteralFrame(inner.fn) && s.isWrapper(inner.serial, inner.line) &&
			(outer.fn == "" || isLiteralFrame(outer.fn) && s.isWrapper(outer.serial, outer.line)) {
			out[n-2].fn = ""
			out = out[:n-1]
		}
	}
	st, ok := s.panics.takeSite(gid)
	if !ok || !(panicMessage(s, st.value) == panicMessage(s, v) || !isRuntimePanic(v)) {
		return out
	}
	if len(out) == 0 {
		return []frame{st.at}
	}
	out[0].serial, out[0].line, out[0].col = st.at.serial, st.at.line, st.at.col
	return out
}

// isLiteralFrame reports whether a frame's function name is that of a function literal
// ("func", "func.func", ... once "main." is gone).
func isLiteralFrame(fn string) bool {
	return fn != "" && strings.Trim(strings.ReplaceAll(fn, "func", ""), ".") == ""
}

// isRuntimePanic reports whether v is a panic of the runtime (or of yaegi's reflect calls,
// standing for one) rather than a value given to panic.
func isRuntimePanic(v any) bool {
	if _, ok := v.(runtime.Error); ok || isYaegiCfgError(v) {
		return true
	}
	var msg string
	switch x := v.(type) {
	case error:
		msg = x.Error()
	case string:
		msg = x
	}
	return strings.HasPrefix(msg, "reflect") || strings.HasPrefix(msg, "runtime error")
}

// yaegiStderr is the interpreter's stderr: yaegi's panic-trace lines are recorded, the rest
// goes to the stderr stream.
type yaegiStderr struct {
	panics *panicLog
	next   func() *outStream
}

func (w yaegiStderr) Write(b []byte) (int, error) {
	if len(b) > 0 && bytes.Contains(b, []byte(": panic: ")) && w.panics.add(goroutineID(), b) {
		return len(b), nil
	}
	if st := w.next(); st != nil {
		return st.w.Write(b)
	}
	return len(b), nil
}

// goHooks are what a cell's goroutines run in (see rewrite.IsolateGo): _pbs.GoFor(serial) starts them
// from compiled code, GoStart and GoPanic (deferred first in the goroutine, called whether
// it panicked or not) count the goroutines that run interpreted code, so that an interrupt
// can wait for them to stop, and report their panics as the cell's.
func goHooks(serial int) rewrite.GoHooks {
	return rewrite.GoHooks{
		Start:    fmt.Sprintf("%s.GoFor(%d)", rtName, serial),
		Started:  rtName + ".GoStart()",
		Deferred: fmt.Sprintf("func() { %s.GoPanic(recover(), %d) }", rtName, serial),
	}
}

// wrapGo rewrites every go statement under n (rewrite.IsolateGo with the session's hooks).
func wrapGo(n ast.Node, serial int) { rewrite.IsolateGo(n, goHooks(serial)) }
