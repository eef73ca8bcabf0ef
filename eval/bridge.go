package eval

import (
	"fmt"
	"reflect"

	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"

	"github.com/peerbook/peerbook/display"
)

// rtPath is the import path of the package through which rewritten cells call back into the
// session (showing a value, reporting a goroutine's panic). Cells import it under rtName.
const (
	rtPath = "_peerbook/session"
	rtName = "_pbs"
)

// The interfaces below let the session see, through yaegi's interface wrappers, the methods
// of interpreted values a cell shows: yaegi only keeps a method of an interpreted type on a
// value passed to compiled code when that code asks for a named interface that has it.

// htmler is a value with an HTML form.
type htmler interface{ HTML() string }

// markdowner is a value with a Markdown form.
type markdowner interface{ Markdown() string }

// svger is a value with an SVG form.
type svger interface{ SVG() string }

// latexer is a value with a LaTeX form.
type latexer interface{ LaTeX() string }

// The wrappers yaegi fills in when an interpreted value goes to one of the interfaces above
// (the layout yaegi extract generates: the value, then one W-prefixed func per method).
type (
	_htmler struct {
		IValue interface{}
		WHTML  func() string
	}
	_markdowner struct {
		IValue    interface{}
		WMarkdown func() string
	}
	_svger struct {
		IValue interface{}
		WSVG   func() string
	}
	_latexer struct {
		IValue interface{}
		WLaTeX func() string
	}
	_Renderer struct {
		IValue      interface{}
		WMIMEBundle func() display.Bundle
	}
)

func (w _htmler) HTML() string                 { return w.WHTML() }
func (w _markdowner) Markdown() string         { return w.WMarkdown() }
func (w _svger) SVG() string                   { return w.WSVG() }
func (w _latexer) LaTeX() string               { return w.WLaTeX() }
func (w _Renderer) MIMEBundle() display.Bundle { return w.WMIMEBundle() }

// bridge holds the compiled functions that rewritten cells call.
type bridge struct {
	s       *Session
	kernels cellKernels // the kernels cells defined, for their variables (Kernel)
}

// exports returns the yaegi symbol tables of the bridge package, of the wrappers above, and
// the interface mapping that makes yaegi wrap values passed to Show.
func (b *bridge) exports() interp.Exports {
	show := reflect.ValueOf(b.show)
	goPanic := reflect.ValueOf(b.goPanic)
	panicSite := reflect.ValueOf(b.panicSite)
	ifaces := []reflect.Type{
		reflect.TypeOf((*display.Renderer)(nil)).Elem(),
		reflect.TypeOf((*error)(nil)).Elem(),
		reflect.TypeOf((*htmler)(nil)).Elem(),
		reflect.TypeOf((*markdowner)(nil)).Elem(),
		reflect.TypeOf((*svger)(nil)).Elem(),
		reflect.TypeOf((*latexer)(nil)).Elem(),
		reflect.TypeOf((*fmt.Stringer)(nil)).Elem(),
	}
	panicIfaces := []reflect.Type{
		reflect.TypeOf((*error)(nil)).Elem(),
		reflect.TypeOf((*fmt.Stringer)(nil)).Elem(),
	}
	return interp.Exports{
		rtPath + "/session": {
			"Show":    show,
			"GoPanic": goPanic,
			"GoStart": reflect.ValueOf(b.goStart),
			"GoFor":   reflect.ValueOf(b.goRunFor),
			"Alive":   reflect.ValueOf(b.alive),
			"Wait":    reflect.ValueOf(b.wait),

			"PanicSite":   panicSite,
			"Defer":       reflect.ValueOf(b.deferCall),
			"RunDeferred": reflect.ValueOf(b.runDeferred),
			"Return":      reflect.ValueOf(b.cellReturn),
			"Kernel":      reflect.ValueOf(b.kernels.kernel),
		},
		"github.com/peerbook/peerbook/eval/eval": {
			"htmler":      reflect.ValueOf((*htmler)(nil)),
			"markdowner":  reflect.ValueOf((*markdowner)(nil)),
			"svger":       reflect.ValueOf((*svger)(nil)),
			"latexer":     reflect.ValueOf((*latexer)(nil)),
			"_htmler":     reflect.ValueOf((*_htmler)(nil)),
			"_markdowner": reflect.ValueOf((*_markdowner)(nil)),
			"_svger":      reflect.ValueOf((*_svger)(nil)),
			"_latexer":    reflect.ValueOf((*_latexer)(nil)),
		},
		".": {
			"MapTypes": reflect.ValueOf(map[reflect.Value][]reflect.Type{
				show:      ifaces,
				goPanic:   panicIfaces,
				panicSite: panicIfaces,
			}),
		},
	}
}

// displayExports registers the Renderer wrapper under the display package's path, where
// yaegi looks for it, unless the generated display symbols already provide one.
func displayExports(have interp.Exports) interp.Exports {
	const key = "github.com/peerbook/peerbook/display/display"
	if m, ok := have[key]; ok {
		if _, ok := m["_Renderer"]; ok {
			return nil
		}
	}
	return interp.Exports{key: {
		"_Renderer": reflect.ValueOf((*_Renderer)(nil)),
	}}
}

// show receives the values of a cell's last expression.
func (b *bridge) show(vals ...any) {
	if c := b.s.current(); c != nil {
		c.setValues(vals)
	}
}

// abandoned is the panic value that ends what is left of an abandoned cell.
type abandoned struct{ serial int }

func (a abandoned) Error() string {
	return fmt.Sprintf("cell #%d was interrupted: the rest of it is skipped", a.serial)
}

// alive is called between the top-level statements of a cell (see buildNode): when the
// cell was interrupted while blocked in compiled code (it is abandoned), the rest of it
// must not run once that call returns, beside the cells that came after.
func (b *bridge) alive(serial int) {
	if b.s.isAbandoned(serial) {
		panic(abandoned{serial})
	}
}

// goRunFor returns the function that starts a goroutine of the cell with serial (see
// wrapGo and goRun).
func (b *bridge) goRunFor(serial int) func(func()) {
	return func(f func()) { b.goRun(f, serial) }
}

// goRun starts a goroutine of the cell with serial (see wrapGo). A call of os.Exit in it
// passes its interpreted recover (yaegi patch 59) and ends here: it ends the cell as it
// would end the program, instead of the evaluator process. A panic ends here when the
// goroutine's deferred GoPanic did not run: the interpreter was stopped (the cell failed
// with another goroutine's panic, or was interrupted) while it unwound, and a stopped
// frame runs no code, its deferred calls' included. Go would have ended the program at
// the first panic; here it is reported as GoPanic reports it (dropped when the cell
// already failed with a goroutine's panic) instead of ending the evaluator process.
func (b *bridge) goRun(f func(), serial int) {
	go func() {
		defer func() {
			if r := recover(); r != nil {
				if ex, ok := exitCause(r).(cellExit); ok {
					b.s.goroutineExited(ex.code)
					return
				}
				b.s.runner.live.Add(-1) // its deferred GoPanic did not run
				if c := b.s.cur.Load(); c != nil && c.serial == serial && c.goroutineError() != nil {
					return
				}
				b.s.goroutinePanicked(r, serial)
			}
		}()
		f()
	}()
}

// goStart is called before a cell starts a goroutine (see wrapGo; goRun starts it).
func (b *bridge) goStart() { b.s.runner.live.Add(1) }

// goPanic is deferred in every goroutine a cell starts (see wrapGo): r is what recover
// returned there.
func (b *bridge) goPanic(r any, serial int) {
	defer b.s.runner.live.Add(-1)
	if r == nil {
		return
	}
	b.s.goroutinePanicked(r, serial)
}

// panicSite is called by a cell just before it panics with v (see markPanics); line is in
// the interpreter's numbering.
func (b *bridge) panicSite(v any, line, col int) {
	b.s.panics.mark(goroutineID(), v, line, col)
}

// deferCall registers the call of a top-level defer statement of the cell with serial (see
// cellLevel).
func (b *bridge) deferCall(serial int, f func()) {
	if c := b.s.current(); c != nil && c.serial == serial && f != nil {
		c.mu.Lock()
		c.deferred = append(c.deferred, f)
		c.mu.Unlock()
	}
}

// runDeferred runs the calls the cell with serial deferred, last first, as the deferred
// calls of a function (yaegi patch 265, Interpreter.CallDeferred): while the panic that
// ended the cell's statements goes on, if one did (see Session.runDeferred); a recover()
// in a call stops it, a call that panics replaces it, and the panic left goes on here
// when a call raised it (the cell's own goes on from its statement).
func (b *bridge) runDeferred(serial int) {
	c := b.s.current()
	if c == nil || c.serial != serial {
		return
	}
	c.mu.Lock()
	calls, u := c.deferred, c.unwind
	c.deferred = nil
	c.mu.Unlock()
	left, still, replaced := b.s.in.CallDeferred(calls, u.p, u.panicking)
	c.mu.Lock()
	c.unwind.stopped = u.panicking && !still
	c.mu.Unlock()
	if still && replaced {
		panic(left)
	}
}

// exitCause is the exit that the panic value v carries past fmt's recover (package rt's
// exitThroughFmt), or v.
func exitCause(v any) any {
	if c, ok := v.(interface{ PeerbookExitCause() any }); ok {
		return c.PeerbookExitCause()
	}
	return v
}

// cellExit is the panic value of os.Exit in a cell: it ends the cell, running no deferred
// call and stopped by no recover (yaegi patch 59: it is an interp.ProgramExit), as
// os.Exit ends a program. Code 0 ends the cell as a success, another as the error "exit
// status N" (go run's words); the session goes on.
type cellExit struct{ code int }

// PeerbookProgramExit marks cellExit as an interp.ProgramExit.
func (cellExit) PeerbookProgramExit() {}

// cellReturned is the panic value that ends a cell at a top-level return (see cellLevel).
type cellReturned struct{}

// cellReturn is a return statement at the top level of a cell.
func (b *bridge) cellReturn() { panic(cellReturned{}) }

// wait parks the interpreter's cancellation watcher while a cell runs (see runner).
func (b *bridge) wait() {
	b.s.runner.park()
}
