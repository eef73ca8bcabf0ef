package eval

import (
	"context"
	"errors"
	"reflect"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

// interruptGrace is how long an interrupted cell gets to unwind before Execute returns
// anyway (the cell is then stuck in compiled code and is left to finish in the background).
const interruptGrace = 500 * time.Millisecond

// errInterrupted is returned by runner.run when the context ended before the program did.
var errInterrupted = errors.New("interrupted")

// runner runs compiled programs so that they can be interrupted.
//
// yaegi stops interpreted code only through ExecuteWithContext/EvalWithContext, which return
// as soon as the context ends while the interpreted code is still unwinding. The session has
// to know when a cell has really stopped (the next cell must not run beside it), so the cell
// runs on a goroutine of ours, and a watcher program (a call to the bridge's Wait) runs under
// ExecuteWithContext beside it: the watcher sets up yaegi's cancellation state (the stop
// channel that blocked channel operations select on), and cancelling the watcher's context
// makes yaegi stop every interpreted frame.
type runner struct {
	in       *interp.Interpreter
	waitProg *interp.Program

	mu      sync.Mutex
	parked  chan struct{} // closed when the watcher has parked in Wait
	release chan struct{} // closed to let the watcher finish

	watcher *watcher // parked for the cells to come; nil: none yet, or used by an interrupt
	// cancelled are the release channels of watchers an interrupt used, parked for good
	// while the interpreter lives (see cancelWatcher); discard lets them end.
	cancelled []chan struct{}

	epochMu sync.Mutex
	epoch   chan struct{} // closed when a cell is interrupted; renewed afterwards

	live atomic.Int64 // goroutines started by cells that have not ended

	// overflow receives the stack overflow of the running cell (yaegi patch 180: a call
	// past interp.MaxCallDepth); nil while no cancellable cell runs.
	overflow chan interp.CallDepthExceeded
}

// newRunner compiles the watcher program; the interpreter must have imported the bridge.
func newRunner(in *interp.Interpreter) (*runner, error) {
	r := &runner{in: in, epoch: make(chan struct{})}
	p, err := in.Compile(rtName + ".Wait()")
	if err != nil {
		return nil, err
	}
	r.waitProg = p
	in.SetCallDepthHook(r.callDepthExceeded)
	return r, nil
}

// callDepthExceeded is the interpreter's hook for a call nested too deep (yaegi patch 180),
// called on the goroutine that made it: the running cell is stopped as an interrupt stops
// it (every interpreted goroutine of the cell stops, no deferred call runs, as a Go program
// ends at a stack overflow) and ends with e. It returns false when no cell that can be
// stopped runs (a goroutine left running by an earlier cell): the call then panics.
func (r *runner) callDepthExceeded(e interp.CallDepthExceeded) bool {
	r.mu.Lock()
	ch := r.overflow
	r.mu.Unlock()
	if ch == nil {
		return false
	}
	select {
	case ch <- e:
	default: // another goroutine's overflow came first: the stop is on its way
	}
	return true
}

// park is called by the watcher program: it signals that the watcher is in place and waits.
func (r *runner) park() {
	r.mu.Lock()
	parked, release := r.parked, r.release
	r.mu.Unlock()
	if parked == nil {
		return
	}
	close(parked)
	<-release
}

// interrupted returns a channel closed when the running cell is interrupted. Sleeps and
// input reads of cells select on it.
func (r *runner) interrupted() <-chan struct{} {
	r.epochMu.Lock()
	defer r.epochMu.Unlock()
	return r.epoch
}

// fire closes the interrupt channel.
func (r *runner) fire() {
	r.epochMu.Lock()
	defer r.epochMu.Unlock()
	select {
	case <-r.epoch:
	default:
		close(r.epoch)
	}
}

// renew gives the next cell a fresh interrupt channel, if the last one was closed.
func (r *runner) renew() {
	r.epochMu.Lock()
	defer r.epochMu.Unlock()
	select {
	case <-r.epoch:
		r.epoch = make(chan struct{})
	default:
	}
}

// runOutcome is what running a program produced.
type runOutcome struct {
	value reflect.Value
	err   error  // a yaegi error, interp.Panic, or errInterrupted
	gid   uint64 // the goroutine that ran the program (for its panic trace)
	stuck bool   // interrupted, but the program had not stopped after interruptGrace
}

// watcher is the small program that holds yaegi's cancellation while cells run: it parks
// (closing parked) until release is closed, or until stop cancels it, which stops every
// interpreted frame of the interpreter; done closes when it has returned.
type watcher struct {
	parked  <-chan struct{}
	release chan struct{}
	done    <-chan struct{}
	stop    context.CancelFunc
}

// startWatcher starts a watcher and makes it the one the runner's cells see.
func (r *runner) startWatcher() watcher {
	parked, release := make(chan struct{}), make(chan struct{})
	r.mu.Lock()
	r.parked, r.release = parked, release
	r.mu.Unlock()
	wctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() { _ = recover() }()
		_, _ = r.in.ExecuteWithContext(wctx, r.waitProg)
	}()
	return watcher{parked: parked, release: release, done: done, stop: stop}
}

// parkedWatcher returns the watcher parked for the cells to come, starting one where there
// is none (the first cell, and after an interrupt used the last). It stays parked between
// cells: yaegi's cancellation state it set up holds for every program run until it is
// cancelled, so a cell costs no watcher start and stop. ok is false when no watcher could
// park: the cell then runs without interrupt support.
func (r *runner) parkedWatcher() (w watcher, ok bool) {
	if r.watcher != nil {
		select {
		case <-r.watcher.done: // gone (it can't end on its own, but be sure)
			r.watcher = nil
		default:
			return *r.watcher, true
		}
	}
	w = r.startWatcher()
	select {
	case <-w.parked:
		r.watcher = &w
		return w, true
	case <-w.done: // the watcher could not start
		w.stop()
		return w, false
	}
}

// cancelWatcher makes yaegi stop every interpreted frame through the parked watcher w, and
// waits until ExecuteWithContext has seen it. The watcher's goroutine stays parked (released,
// its program would run on beside the next cell: yaegi's stop came first); a parked
// goroutine per interrupt, until the session closes or is reset (close). The next cell starts
// a new watcher.
func (r *runner) cancelWatcher(w watcher) {
	r.watcher = nil
	w.stop()
	<-w.done
	r.cancelled = append(r.cancelled, w.release)
}

// discard stops every interpreted goroutine (as stopAll) and lets the parked goroutines of
// every watcher end (as close): the interpreter is being dropped (%reset).
func (r *runner) discard() {
	r.stopAll()
	r.close()
}

// close lets the parked watcher and those that interrupts used finish: no cell will run
// beside them any more, and a goroutine parked in the interpreter would keep it, and all
// the session had built, in memory (a process that closes sessions, as the differential
// tester's workers do, grew by a session per interrupted cell).
func (r *runner) close() {
	if r.watcher != nil {
		close(r.watcher.release)
		r.watcher.stop()
		r.watcher = nil
	}
	for _, release := range r.cancelled {
		close(release)
	}
	r.cancelled = nil
}

// run executes prog until it ends or ctx is done. Cells run one at a time (the session's
// lock), so run, stopAll and close are never called concurrently.
func (r *runner) run(ctx context.Context, prog *interp.Program) runOutcome {
	r.renew()
	w, cancellable := r.parkedWatcher()

	var overflow chan interp.CallDepthExceeded
	if cancellable {
		overflow = make(chan interp.CallDepthExceeded, 1)
	}
	r.mu.Lock()
	r.overflow = overflow
	r.mu.Unlock()
	defer func() {
		r.mu.Lock()
		r.overflow = nil
		r.mu.Unlock()
	}()

	done := make(chan runOutcome, 1)
	go func() {
		var o runOutcome
		o.gid = goroutineID()
		defer func() {
			if p := recover(); p != nil {
				o.err = interp.Panic{Value: p, Stack: debug.Stack()}
			}
			done <- o
		}()
		o.value, o.err = r.in.Execute(prog)
	}()

	var stopErr error = errInterrupted
	select {
	case o := <-done:
		return o // the watcher stays parked for the next cell
	case <-ctx.Done():
	case e := <-overflow:
		stopErr = e
	}
	if cancellable {
		r.cancelWatcher(w) // yaegi stops every interpreted frame
	}
	r.fire() // sleeps and input reads return
	deadline := time.Now().Add(interruptGrace)
	select {
	case o := <-done:
		o.err, o.value = stopErr, reflect.Value{}
		r.waitGoroutines(deadline)
		return o
	case <-time.After(interruptGrace):
		return runOutcome{err: stopErr, stuck: true}
	}
}

// waitGoroutines waits, until deadline, for the goroutines cells started to end (after an
// interrupt they stop at their next interpreted step).
func (r *runner) waitGoroutines(deadline time.Time) {
	for r.live.Load() > 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
}

// sleep is time.Sleep for cells: it returns early when the cell is interrupted.
func (r *runner) sleep(d time.Duration) {
	if d <= 0 {
		runtime.Gosched()
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-r.interrupted():
	}
}

// after is time.After for cells: the channel fires after d, or never once the cell is
// interrupted (the timer is released; a select on it stops with the cell).
func (r *runner) after(d time.Duration) <-chan time.Time {
	c := make(chan time.Time, 1)
	stop := r.interrupted()
	t := time.NewTimer(d)
	go func() {
		select {
		case now := <-t.C:
			c <- now
		case <-stop:
			t.Stop()
		}
	}()
	return c
}

// stopAll stops every interpreted goroutine of the interpreter (those of finished cells too),
// as an interrupt does.
func (r *runner) stopAll() {
	if w, ok := r.parkedWatcher(); ok {
		r.cancelWatcher(w)
	}
	r.fire()
	r.waitGoroutines(time.Now().Add(interruptGrace))
}
