package eval

// The Session: its life (New, reset, Close), Execute (a cell's request: its label, output,
// interrupt and stdin), and the cells' records for error messages. A cell's Go code goes
// through the stages of cellpath.go; what the session knows of its declarations is
// sessionState (state.go).

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/peerbook/peerbook/eval/internal/stdlib"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"

	"github.com/peerbook/peerbook/display"
)

// Options configure a new Session.
type Options struct {
	// Dir is the working directory of shell commands (!cmd); "" is the process's.
	Dir string
	// Args is os.Args as cells see it; nil means {"peerbook"}.
	Args []string
	// Hooks drive the gpu and display packages for the session; nil means PackageHooks.
	Hooks Hooks
	// Packages are the symbol tables of further compiled packages that cells may import
	// (third-party modules built into this evaluator binary), keyed "importpath/pkgname"
	// as interp.Use expects; nil means none.
	Packages map[string]map[string]reflect.Value
	// GoMagic runs %go ARGS (get, mod) and returns what it prints; nil means %go is
	// refused. The modules themselves are built before the session starts (the process
	// that starts evaluators does that), so it reports and checks, it doesn't build.
	GoMagic func(args string) (string, error)
}

// Session is one notebook's Go state: cells run one after another against it. Its methods
// are safe for concurrent use; cells run one at a time.
type Session struct {
	opts Options

	mu sync.Mutex // held while a cell runs; guards the fields below
	// sessionState is what the session knows of its declarations (the interpreter, its
	// scope, the table of declarations, the typer, the rewriter: state.go).
	sessionState
	runner *runner
	temps  int // temporary variables made so far (see hoistDefinition)
	serial int
	closed bool

	cellsMu sync.RWMutex        // guards cells and abandoned (read by goroutines)
	cells   map[int]*cellRecord // by serial
	// abandoned holds the serials of the cells interrupted while stuck in compiled code:
	// what is left of them must not run when that code returns (see bridge.alive). A set
	// of its own, not a field of cellRecord: a record is kept for every cell.
	abandoned map[int]bool

	stdout, stderr *outStream
	files          *cellFiles // os.Stdout and os.Stderr of cells
	stdin          *stdinReader
	panics         *panicLog
	bridge         *bridge

	cur     atomic.Pointer[cellState] // the running cell
	lastOut atomic.Pointer[outputRef] // the Output of the last cell (for background output)

	// completion index, rebuilt after each cell (see complete.go)
	idxMu    sync.RWMutex
	idx      *completionIndex
	idxStale atomic.Bool // a cell ran since the index was built
}

// outputRef boxes an Output for atomic storage.
type outputRef struct{ out Output }

// cellRecord is what the session keeps of an executed cell: its label and its lines, for
// error messages.
type cellRecord struct {
	label    string
	lines    []string
	wrappers [][2]int // cell lines of the function literals top-level statements run in
}

// cellState is the state of the running cell.
type cellState struct {
	serial     int
	out        Output
	allowStdin bool
	cancel     context.CancelFunc

	mu       sync.Mutex
	values   []any
	hasValue bool
	goErr    *Error     // a goroutine of the cell panicked
	exitedOK bool       // a goroutine of the cell called os.Exit(0)
	deferred []func()   // calls of top-level defer statements, run when the cell ends
	panicked *cellPanic // the panic that ended the cell's statements or value (see notePanic)
	unwind   unwinding  // what the calls of deferred run for, and how they ended
}

// goroutineError returns the panic of a goroutine of the cell, or nil.
func (c *cellState) goroutineError() *Error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.goErr
}

// exitedZero reports whether a goroutine of the cell called os.Exit(0).
func (c *cellState) exitedZero() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.exitedOK
}

func (c *cellState) setValues(v []any) {
	c.mu.Lock()
	c.values, c.hasValue = v, true
	c.mu.Unlock()
}

// hooks returns the session's Hooks.
func (s *Session) hooks() Hooks {
	if s.opts.Hooks == nil {
		return PackageHooks{}
	}
	return s.opts.Hooks
}

// New starts an empty session.
func New(opts Options) (*Session, error) {
	s := &Session{opts: opts, cells: map[int]*cellRecord{}, abandoned: map[int]bool{}, panics: newPanicLog()}
	s.bridge = &bridge{s: s}
	var err error
	target := func() Output {
		if c := s.cur.Load(); c != nil {
			return c.out
		}
		if r := s.lastOut.Load(); r != nil {
			return r.out
		}
		return nil
	}
	if s.stdout, err = newOutStream("stdout", target); err != nil {
		return nil, err
	}
	if s.stderr, err = newOutStream("stderr", target); err != nil {
		s.stdout.close()
		return nil, err
	}
	s.stdin = &stdinReader{s: s}
	if err := s.reset(); err != nil {
		s.stdout.close()
		s.stderr.close()
		return nil, err
	}
	return s, nil
}

// args is os.Args as cells see it.
func (s *Session) args() []string {
	if s.opts.Args == nil {
		return []string{"peerbook"}
	}
	return s.opts.Args
}

// reset (re)creates the interpreter: a session with nothing defined.
func (s *Session) reset() error {
	args := s.args()
	in := interp.New(interp.Options{
		Stdin:        s.stdin,
		Stdout:       s.stdout.w,
		Stderr:       yaegiStderr{panics: s.panics, next: func() *outStream { return s.stderr }},
		Args:         args,
		Unrestricted: true,
	})
	in.SetCallStackLimit(sessionCallStackLimit()) // a recursion too deep ends its cell, not the process
	if err := in.Use(stdlib.Symbols); err != nil {
		return fmt.Errorf("eval: load the standard library symbols: %w", err)
	}
	if err := s.useOverrides(in); err != nil {
		return err
	}
	if old, ok := s.rw.(interface{ Close() }); ok {
		old.Close() // the previous interpreter's registrations
	}
	if s.in != nil {
		s.in.ReleaseNamedTypes() // the previous interpreter's pool types (yaegi patch 53)
	}
	rw := newRewriter()
	s.rw = rw // the old one is closed (a failed Prepare leaves the session with the new one)
	if rw != nil {
		if err := rw.Prepare(in); err != nil {
			return fmt.Errorf("eval: prepare the cell rewriter: %w", err)
		}
	}
	s.sessionState = newSessionState(in, rw)
	if _, err := in.Eval(`import ` + rtName + ` "` + rtPath + `"`); err != nil {
		return fmt.Errorf("eval: import the session bridge: %w", err)
	}
	if s.rw != nil {
		// The rewriter type-checks cells; the code the session adds to them calls the bridge.
		s.rw.Import(rtName, rtPath)
	}
	r, err := newRunner(in)
	if err != nil {
		return fmt.Errorf("eval: compile the interrupt watcher: %w", err)
	}
	s.runner = r
	s.rebuildIndex()
	return nil
}

// useOverrides loads what the session adds to or changes in yaegi's symbol tables.
func (s *Session) useOverrides(in *interp.Interpreter) error {
	var stdin io.Reader = s.stdin
	files, err := newCellFiles(s.stdout, s.stderr)
	if err != nil {
		return err
	}
	if s.files != nil {
		s.files.close()
	}
	s.files = files
	exports := interp.Exports{
		"time/time": {
			"Sleep": reflect.ValueOf(func(d time.Duration) { s.runner.sleep(d) }),
			"After": reflect.ValueOf(func(d time.Duration) <-chan time.Time { return s.runner.after(d) }),
			"AfterFunc": reflect.ValueOf(func(d time.Duration, f func()) *time.Timer {
				return time.AfterFunc(d, s.guardCallback(f))
			}),
		},
		"flag/flag": newCellFlags(s.args(), files.stderr).exports(),
		"os/os": {
			"Stdin":  reflect.ValueOf(&stdin).Elem(),
			"Stdout": reflect.ValueOf(&files.stdout).Elem(),
			"Stderr": reflect.ValueOf(&files.stderr).Elem(),
			"Exit":   reflect.ValueOf(func(code int) { panic(cellExit{code}) }),
		},
	}
	// log.Fatal prints and ends the program (os.Exit(1)): the interpreter's log functions
	// write to the session's stderr through its logger (the one log.SetFlags changes).
	if output, ok := in.Symbols("log")["log"]["Output"]; ok {
		logOutput, _ := output.Interface().(func(int, string) error)
		if logOutput != nil {
			fatal := func(s string) {
				_ = logOutput(3, s)
				panic(cellExit{1})
			}
			exports["log/log"] = map[string]reflect.Value{
				"Fatal":   reflect.ValueOf(func(v ...any) { fatal(fmt.Sprint(v...)) }),
				"Fatalf":  reflect.ValueOf(func(format string, v ...any) { fatal(fmt.Sprintf(format, v...)) }),
				"Fatalln": reflect.ValueOf(func(v ...any) { fatal(fmt.Sprintln(v...)) }),
			}
		}
	}
	for _, e := range []interp.Exports{s.bridge.exports(), exports} {
		if err := in.Use(e); err != nil {
			return fmt.Errorf("eval: load session symbols: %w", err)
		}
	}
	if len(s.opts.Packages) > 0 {
		addPackageTables(s.opts.Packages)
		registerModuleSources(s.opts.Packages)
		if err := in.Use(s.opts.Packages); err != nil {
			return fmt.Errorf("eval: load the symbols of the notebook's modules: %w", err)
		}
	}
	project := projectSymbols()
	if err := in.Use(project); err != nil {
		return fmt.Errorf("eval: load the project's symbols: %w", err)
	}
	if extra := displayExports(project); extra != nil {
		if err := in.Use(extra); err != nil {
			return fmt.Errorf("eval: load display wrappers: %w", err)
		}
	}
	short := interp.Exports{}
	for shortPath, full := range shortImportPaths {
		name := full[strings.LastIndex(full, "/")+1:]
		if syms, ok := project[full+"/"+name]; ok {
			short[shortPath+"/"+name] = syms
		}
	}
	if len(short) > 0 {
		if err := in.Use(short); err != nil {
			return fmt.Errorf("eval: load short import paths: %w", err)
		}
	}
	return nil
}

// guardCallback wraps a function that compiled code calls on its own goroutine (time.AfterFunc),
// so that a panic in it is reported instead of killing the process.
func (s *Session) guardCallback(f func()) func() {
	serial := 0
	if c := s.cur.Load(); c != nil {
		serial = c.serial
	}
	return func() {
		defer func() {
			if r := recover(); r != nil {
				s.goroutinePanicked(r, serial)
			}
		}()
		f()
	}
}

// current returns the running cell, or nil.
func (s *Session) current() *cellState { return s.cur.Load() }

// label implements cellSource.
func (s *Session) label(serial int) string {
	s.cellsMu.RLock()
	c, ok := s.cells[serial]
	s.cellsMu.RUnlock()
	if ok {
		return c.label
	}
	if serial == 0 {
		return "session"
	}
	return fmt.Sprintf("cell[#%d]", serial)
}

// abandon marks the cell with serial abandoned (see Session.abandoned).
func (s *Session) abandon(serial int) {
	s.cellsMu.Lock()
	s.abandoned[serial] = true
	s.cellsMu.Unlock()
}

// isAbandoned reports whether the cell with serial was abandoned (see Session.abandoned).
func (s *Session) isAbandoned(serial int) bool {
	s.cellsMu.RLock()
	defer s.cellsMu.RUnlock()
	return s.abandoned[serial]
}

// sourceLine implements cellSource.
func (s *Session) sourceLine(serial, line int) (string, bool) {
	s.cellsMu.RLock()
	c, ok := s.cells[serial]
	s.cellsMu.RUnlock()
	if !ok || line < 1 || line > len(c.lines) {
		return "", false
	}
	return c.lines[line-1], true
}

// Execute runs one cell. A cell that fails returns an *Error; Execute never panics. When ctx
// is cancelled the cell stops within a second and the error is named "Interrupted".
func (s *Session) Execute(ctx context.Context, req ExecuteRequest, out Output) (res Result, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer func() {
		if p := recover(); p != nil {
			res, err = Result{}, internalError("eval: executing the cell", p)
		}
	}()
	if s.closed {
		return Result{}, &Error{Name: NameInternal, Value: "the session is closed"}
	}
	if out == nil {
		out = discardOutput{}
	}
	s.serial = s.serial%maxSerial + 1
	serial := s.serial
	label := fmt.Sprintf("cell[%d]", req.ExecutionCount)
	if req.ExecutionCount <= 0 {
		label = fmt.Sprintf("cell[#%d]", serial)
	}
	s.cellsMu.Lock()
	s.cells[serial] = &cellRecord{label: label, lines: strings.Split(req.Code, "\n")}
	delete(s.abandoned, serial) // a serial comes back after maxSerial cells
	s.cellsMu.Unlock()

	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	c := &cellState{serial: serial, out: out, allowStdin: req.AllowStdin, cancel: cancel}
	s.lastOut.Store(&outputRef{out: out})
	s.cur.Store(c)
	s.stdin.reset()
	restore := s.hooks().SetDisplaySink(syncedSink{s: s, out: out})
	s.hooks().SetInterrupt(cctx.Done())
	defer func() {
		if cctx.Err() == nil {
			s.hooks().SetInterrupt(nil) // before the channel is released: the cell was not interrupted
		}
		s.syncStreams()
		for _, note := range s.files.repair(s.stdout, s.stderr) {
			out.Stream("stderr", note)
		}
		restore()
		s.cur.Store(nil)
		s.idxStale.Store(true)
	}()

	res, err = s.executeCell(cctx, c, req.Code)
	if goErr := c.goroutineError(); goErr != nil {
		var e *Error
		if err == nil || (errors.As(err, &e) && e.Name == NameInterrupted && ctx.Err() == nil) {
			err = goErr
		}
	}
	if c.exitedZero() {
		// os.Exit(0) in a goroutine ended the cell (it stopped the cell's goroutine):
		// a success, as the program's end.
		var e *Error
		if errors.As(err, &e) && e.Name == NameInterrupted && ctx.Err() == nil {
			err = nil
		}
	}
	if len(req.UserExpressions) > 0 && cctx.Err() == nil {
		res.UserExpressions = s.userExpressions(cctx, c, req.UserExpressions)
	}
	return res, err
}

// discardOutput is the Output of a cell executed without one.
type discardOutput struct{}

func (discardOutput) Display(display.Bundle, string, bool) {}
func (discardOutput) ClearOutput(bool)                     {}
func (discardOutput) Stream(string, string)                {}
func (discardOutput) Input(string, bool) (string, error)   { return "", io.EOF }

// syncedSink is the display sink of a running cell: text written before a display call is
// sent before it.
type syncedSink struct {
	s   *Session
	out Output
}

func (k syncedSink) Display(b display.Bundle, id string, update bool) {
	k.s.syncStreams()
	k.out.Display(b, id, update)
}

func (k syncedSink) ClearOutput(wait bool) {
	k.s.syncStreams()
	k.out.ClearOutput(wait)
}

// syncStreams waits until what cells wrote to stdout and stderr has been sent.
func (s *Session) syncStreams() {
	s.stdout.sync(false)
	s.stderr.sync(false)
}

// readLine asks the frontend for a line of input, for os.Stdin.
func (s *Session) readLine() (string, error) {
	c := s.current()
	if c == nil || !c.allowStdin {
		return "", io.EOF
	}
	s.stderr.sync(false)
	prompt := s.stdout.sync(true)
	type answer struct {
		line string
		err  error
	}
	ch := make(chan answer, 1)
	go func() {
		line, err := c.out.Input(prompt, false)
		ch <- answer{line, err}
	}()
	select {
	case a := <-ch:
		if a.err != nil {
			return "", fmt.Errorf("eval: reading os.Stdin: %w", a.err)
		}
		return a.line, nil
	case <-s.runner.interrupted():
		return "", errors.New("eval: reading os.Stdin: interrupted")
	}
}

// goroutinePanicked reports a panic in a goroutine started by the cell with serial: it
// becomes that cell's error (and stops the cell) while it runs, or goes to stderr.
// goroutineExited is called when a goroutine a cell started calls os.Exit: as the end
// of a program, it ends the running cell (code 0 a success, another the error "exit status
// N"); the goroutines the cell started are left as an interrupt leaves them.
func (s *Session) goroutineExited(code int) {
	s.runner.live.Add(-1) // its deferred GoPanic did not run (yaegi patch 59)
	c := s.cur.Load()
	if c == nil {
		_, _ = s.stderr.w.Write([]byte(fmt.Sprintf("os.Exit(%d) called in a goroutine after its cell ended: ignored\n", code)))
		return
	}
	c.mu.Lock()
	if c.goErr == nil && !c.exitedOK {
		if code == 0 {
			c.exitedOK = true
		} else {
			c.goErr = exitError(code).(*Error)
		}
	}
	c.mu.Unlock()
	c.cancel()
}

func (s *Session) goroutinePanicked(r any, serial int) {
	r = unwrapValue(r)
	e := panicError(s, r, s.trace(goroutineID(), r, false), "in a goroutine")
	if c := s.cur.Load(); c != nil && c.serial == serial {
		c.mu.Lock()
		if c.goErr == nil {
			c.goErr = e
		}
		c.mu.Unlock()
		c.cancel()
		return
	}
	text := fmt.Sprintf("panic in a goroutine started by %s: %s\n", s.label(serial), e.Value)
	for _, l := range e.Traceback[1:] {
		text += l + "\n"
	}
	_, _ = s.stderr.w.Write([]byte(text))
}

// executeCell runs a cell's magics and Go code.
func (s *Session) executeCell(ctx context.Context, c *cellState, code string) (Result, error) {
	m, err := parseMagics(code)
	if err != nil {
		return Result{}, magicError(err)
	}
	return s.runMagics(ctx, c, m)
}

// asError returns err as an *Error.
func asError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Name: NameInternal, Value: err.Error(), Traceback: []string{err.Error()}}
}

// Close ends the session: its output pipes are closed. Goroutines that cells started and
// that are still running are not stopped (the evaluator process ends with the session).
func (s *Session) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	s.runner.fire()
	s.runner.close()
	if rw, ok := s.rw.(interface{ Close() }); ok {
		rw.Close()
	}
	if s.in != nil {
		s.in.ReleaseNamedTypes()
	}
	s.files.close() // the pipes end when every copy of their write end is closed
	s.stdout.close()
	s.stderr.close()
	return nil
}

// cellPanic is the value of a panic that ended a cell's statements or value.
type cellPanic struct{ v any }

// unwinding is what the calls of a cell's top-level defer statements run for (see
// Session.runDeferred): the panic p when panicking, and whether a call stopped it.
type unwinding struct {
	p         any
	panicking bool
	stopped   bool
}

// notePanic records that the cell's statements or value ended with the panic v (see
// Session.run), for its deferred calls.
func (c *cellState) notePanic(v any) {
	c.mu.Lock()
	c.panicked = &cellPanic{v: v}
	c.mu.Unlock()
}

// takePanic returns the panic notePanic recorded last (nil if none), and forgets it.
func (c *cellState) takePanic() *cellPanic {
	c.mu.Lock()
	defer c.mu.Unlock()
	p := c.panicked
	c.panicked = nil
	return p
}
