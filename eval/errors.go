package eval

import (
	"errors"
	"fmt"
	"go/scanner"
	"reflect"
	"regexp"
	"runtime"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
	"github.com/peerbook/peerbook/internal/modulegen/naming"
)

// ANSI colours of tracebacks, as Jupyter frontends render them.
const (
	ansiRed    = "\x1b[0;31m"
	ansiBold   = "\x1b[1;31m"
	ansiGreen  = "\x1b[0;32m"
	ansiCyan   = "\x1b[0;36m"
	ansiYellow = "\x1b[0;33m"
	ansiDim    = "\x1b[2m"
	ansiReset  = "\x1b[0m"
)

// Error names (Jupyter's ename).
const (
	NameCompile     = "CompileError"
	NamePanic       = "panic"
	NameInterrupted = "Interrupted"
	NameInternal    = "InternalError"
	NameMagic       = "MagicError"
	NameExit        = "Exit" // os.Exit with a code other than 0
	// NameStackOverflow: calls nested deeper than the session's stack holds.
	NameStackOverflow = "StackOverflow"
)

// encodedPos matches a position in the interpreter's numbering: [_.go:]LINE:COL where LINE
// carries the cell serial (see lineStride).
var encodedPos = regexp.MustCompile(`(?:_\.go:)?(\d{5,}):(\d+)`)

// cellSource gives what the error formatter needs to know about cells: the label of a serial
// ("cell[3]") and the source lines of a cell.
type cellSource interface {
	label(serial int) string
	sourceLine(serial, line int) (string, bool)
}

// decodePositions rewrites interpreter positions in msg into "cell[N] L:C".
func decodePositions(cs cellSource, msg string) string {
	return encodedPos.ReplaceAllStringFunc(msg, func(m string) string {
		sub := encodedPos.FindStringSubmatch(m)
		ln, _ := strconv.Atoi(sub[1])
		return fmt.Sprintf("%s %d:%s", cs.label(ln/lineStride), ln%lineStride, sub[2])
	})
}

// firstPos finds the first interpreter position in msg.
func firstPos(msg string) (serial, line, col int, ok bool) {
	sub := encodedPos.FindStringSubmatch(msg)
	if sub == nil {
		return 0, 0, 0, false
	}
	ln, _ := strconv.Atoi(sub[1])
	col, _ = strconv.Atoi(sub[2])
	return ln / lineStride, ln % lineStride, col, true
}

// sourceContext returns the traceback lines that show a cell line with a caret under col.
func sourceContext(cs cellSource, serial, line, col int) []string {
	text, ok := cs.sourceLine(serial, line)
	if !ok && line > 1 {
		// A position just after the cell's end (the parser wanted more): point after the
		// last line.
		if prev, ok2 := cs.sourceLine(serial, line-1); ok2 {
			if _, more := cs.sourceLine(serial, line); !more {
				text, line, col, ok = prev, line-1, len(prev)+1, true
			}
		}
	}
	if !ok {
		return nil
	}
	text = strings.ReplaceAll(text, "\t", "    ")
	out := []string{"    " + text}
	if col > 0 {
		// Columns count bytes; tabs were widened to 4 spaces.
		raw, _ := cs.sourceLine(serial, line)
		if col > len(raw)+1 {
			col = len(raw) + 1
		}
		width := 0
		for i := 0; i < col-1 && i < len(raw); i++ {
			if raw[i] == '\t' {
				width += 4
			} else if raw[i]&0xC0 != 0x80 {
				width++
			}
		}
		out = append(out, "    "+strings.Repeat(" ", width)+ansiBold+"^"+ansiReset)
	}
	return out
}

// compileError turns a parse or compile error into the cell's Error.
func compileError(cs cellSource, err error) *Error {
	var msgs []string
	var list scanner.ErrorList
	if errors.As(err, &list) {
		for i, e := range list {
			if i == 10 {
				msgs = append(msgs, fmt.Sprintf("(%d more errors)", len(list)-10))
				break
			}
			msgs = append(msgs, e.Error())
		}
	} else {
		msgs = strings.Split(strings.TrimSpace(err.Error()), "\n")
	}
	e := &Error{Name: NameCompile}
	for i, m := range msgs {
		serial, line, col, hasPos := firstPos(m)
		m = decodePositions(cs, m)
		m = strings.TrimPrefix(m, srcFile+": ")
		m = explainMissingPackage(m)
		m = explainNotAKernel(m)
		m = naming.Display(m) // a module generic's interpreted copy by the generic's name
		if i == 0 {
			e.Value = m
		}
		e.Traceback = append(e.Traceback, ansiRed+m+ansiReset)
		if hasPos {
			e.Traceback = append(e.Traceback, sourceContext(cs, serial, line, col)...)
		}
	}
	if e.Value == "" {
		e.Value = "compile error"
	}
	return e
}

// internalError reports a failure of the interpreter itself (a bug in yaegi or here).
func internalError(what string, v any) *Error {
	msg := fmt.Sprintf("%s: %v", what, v)
	return &Error{
		Name:  NameInternal,
		Value: msg,
		Traceback: []string{
			ansiBold + "internal error" + ansiReset + ": " + msg,
			ansiDim + "(the interpreter failed on this cell; the session goes on — please report the cell)" + ansiReset,
		},
	}
}

// interruptedError is the Error of an interrupted cell.
func interruptedError(stuck bool) *Error {
	e := &Error{Name: NameInterrupted, Value: "the cell was interrupted"}
	e.Traceback = []string{ansiRed + "Interrupted" + ansiReset + ": the cell was stopped"}
	if stuck {
		e.Traceback = append(e.Traceback, ansiYellow+"note: the cell is blocked in compiled code (a lock, a WaitGroup, a system call) and did not stop within "+
			interruptGrace.String()+"; when that call returns, the rest of the cell is skipped. Restart the kernel if it never returns."+ansiReset)
	}
	return e
}

// leftRunningNote tells that n goroutines cells started outlived an interrupt: they are
// blocked in compiled code (a lock, a channel of compiled code, a system call) where an
// interrupt can't reach them, and they keep what they hold until the kernel restarts.
func leftRunningNote(n int64) string {
	return ansiYellow + fmt.Sprintf("note: %d goroutine(s) started by cells are still running after the interrupt, blocked in compiled code (a lock, a WaitGroup, a system call) where an interrupt can't stop them; they keep their memory until they return. Restart the kernel to end them.", n) + ansiReset
}

// panicMessage renders a panic value as Go prints it, with yaegi's own messages translated to
// the runtime errors Go would raise.
func panicMessage(cs cellSource, v any) string {
	var msg string
	switch x := v.(type) {
	case runtime.Error:
		msg = x.Error()
	case error:
		msg = x.Error()
	case fmt.Stringer:
		msg = x.String()
	case string:
		msg = x
	default:
		msg = fmt.Sprintf("%v", v)
	}
	if isYaegiCfgError(v) {
		msg = decodePositions(cs, msg)
	}
	for from, to := range yaegiRuntimeErrors {
		if strings.Contains(msg, from) {
			return to
		}
	}
	if isYaegiCfgError(v) {
		// yaegi's runtime checks carry "cell[N] L:C: " in front; Go's panics don't.
		if i := strings.Index(msg, ": "); i > 0 && strings.HasPrefix(msg, "cell[") {
			msg = msg[i+2:]
		}
	}
	return msg
}

// isYaegiCfgError reports whether v is one of yaegi's own positioned errors.
func isYaegiCfgError(v any) bool {
	return strings.Contains(fmt.Sprintf("%T", v), "interp.cfgError")
}

// yaegiRuntimeErrors maps messages of panics raised by reflect inside yaegi to Go's.
var yaegiRuntimeErrors = map[string]string{
	"reflect: slice index out of range":                      "runtime error: index out of range",
	"reflect: array index out of range":                      "runtime error: index out of range",
	"reflect: string index out of range":                     "runtime error: index out of range",
	"reflect: call of reflect.Value.Elem on zero Value":      "runtime error: invalid memory address or nil pointer dereference",
	"reflect: call of reflect.Value.Field on zero Value":     "runtime error: invalid memory address or nil pointer dereference",
	"reflect: call of reflect.Value.Interface on zero Value": "runtime error: invalid memory address or nil pointer dereference",
	"reflect: call of reflect.Value.Call on zero Value":      "runtime error: invalid memory address or nil pointer dereference",
}

// panicError turns a panic into the cell's Error: the value, then the interpreted frames,
// innermost first, each with its cell line.
func panicError(cs cellSource, v any, frames []frame, where string) *Error {
	msg := panicMessage(cs, v)
	e := &Error{Name: NamePanic, Value: msg}
	head := ansiBold + "panic" + ansiReset + ": " + msg
	if where != "" {
		head += " " + ansiDim + "[" + where + "]" + ansiReset
	}
	e.Traceback = append(e.Traceback, head)
	if len(frames) > 0 {
		e.Traceback = append(e.Traceback, "")
	}
	for _, f := range frames {
		fn := f.fn
		if fn == "" {
			fn = "(cell)"
		} else {
			fn = collapseLiterals(fn) + "(...)"
		}
		loc := fmt.Sprintf("%s %d", cs.label(f.serial), f.line)
		if f.col > 0 {
			loc += fmt.Sprintf(":%d", f.col)
		}
		e.Traceback = append(e.Traceback, ansiCyan+fn+ansiReset+" at "+ansiGreen+loc+ansiReset)
		if ctx := sourceContext(cs, f.serial, f.line, 0); len(ctx) > 0 {
			e.Traceback = append(e.Traceback, "    "+ctx[0])
		}
	}
	return e
}

// collapseLiterals shortens a frame's function name made of nested function literals
// ("f.func.func.func", the session adds some around statements and panics) to one level
// ("f.func").
func collapseLiterals(fn string) string {
	parts := strings.Split(fn, ".")
	out := make([]string, 0, len(parts))
	for i, p := range parts {
		if p == "func" && i > 0 && parts[i-1] == "func" {
			continue
		}
		out = append(out, p)
	}
	return strings.Join(out, ".")
}

// asPanic extracts the value of a yaegi panic.
func asPanic(err error) (any, bool) {
	var p interp.Panic
	if errors.As(err, &p) {
		return unwrapValue(p.Value), true
	}
	var pp *interp.Panic
	if errors.As(err, &pp) && pp != nil {
		return unwrapValue(pp.Value), true
	}
	return nil, false
}

// unwrapValue returns what a reflect.Value holds (yaegi panics with reflect values of the
// panic argument).
func unwrapValue(v any) any {
	if rv, ok := v.(reflect.Value); ok {
		if !rv.IsValid() {
			return nil
		}
		if rv.CanInterface() {
			return rv.Interface()
		}
	}
	return v
}
