package kernel

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"os/exec"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
	"github.com/peerbook/peerbook/kernel/internal/crash"
)

// What a child's reader goroutines report to the kernel.
const (
	pmEvent  = iota // an event from fd 4
	pmStdout        // text from fd 1
	pmStderr        // text from fd 2
	pmSync          // a sync marker on fd 1 (stream "stdout") or fd 2 ("stderr")
	pmExit          // the child is gone; its pipes are drained
)

type procMsg struct {
	child  *child
	kind   int
	ev     *evalproto.Event
	text   []byte
	stream string // pmSync: which pipe
	syncID uint64
}

// escalateAfter is how long an interrupt may go unanswered before a second one kills the
// evaluator.
var escalateAfter = 3 * time.Second

// supervisor starts the evaluator child, restarts it when it dies, and funnels everything
// its children say into msgs.
type supervisor struct {
	argv []string
	env  []string
	log  *log.Logger
	msgs chan procMsg

	nextID atomic.Uint64
	// interrupts receives interrupts that came while no cell ran.
	interrupts chan struct{}

	// trace, when set, is told when the first evaluator started and was ready.
	trace *startTrace

	mu      sync.Mutex
	cur     *child // the evaluator, outside rank mode
	gen     int
	closing bool
	// Rank mode (ranks.go): size ranks, run by the children of rg, a generation that ends
	// as a whole. size <= 1 is the single evaluator, cur.
	size int
	rg   *rankGen
	show int // the rank whose rich output is shown (showAll: every rank's)
	// launch, when set, starts the ranks through a cluster launcher (ranks_launch.go),
	// which connect back signed with rankKey.
	launch  *launcher
	rankKey []byte
	done    chan struct{} // closed by close: nobody reads msgs any more

	// adopt: the kernel is a subreaper (adoptOrphans); evaluators' leftover processes are
	// ended when their evaluator ends. live holds the pids of evaluators not reaped yet,
	// own those of the other processes the kernel started itself (go commands of module
	// builds, startOwn) that os/exec has not waited for yet: neither is ever reaped or
	// ended as a leftover.
	adopt bool
	live  map[int]bool
	own   map[int]bool
}

// child is one evaluator process.
type child struct {
	gen  int
	sup  *supervisor
	rank int      // in rank mode; 0 otherwise
	rg   *rankGen // the generation of ranks it belongs to; nil outside rank mode
	proc process
	pid  int
	// remote: a rank a launcher started (ranks_launch.go); pid is its agent's on its host.
	remote bool

	wmu  sync.Mutex
	reqW *os.File
	wbuf []byte

	ready     chan struct{} // closed on the ready event, or when the child exits first
	readyOnce sync.Once
	readyErr  string // the session failed to start
	wasReady  atomic.Bool
	exited    chan struct{} // closed when the process is gone and its pipes are drained
	exit      exitInfo

	stderr crash.Watcher // the end of its stderr, and why it died

	// retired: the supervisor replaced it on purpose (replace); its end is not a death of
	// the session and starts no new child.
	retired atomic.Bool

	mu          sync.Mutex
	busy        uint64    // id of the running execute request
	interruptAt time.Time // first interrupt of the running request
	killReason  string
}

// process is an evaluator process as the supervisor drives it: one it started (os/exec),
// or a rank a launcher started, connected over TCP (ranks_launch.go).
type process interface {
	Signal(sig os.Signal) error
	Kill() error
	// Wait returns when the process has ended; its error's text is the status ("exit
	// status 2", "signal: killed"), nil for exit status 0.
	Wait() error
}

// localProc is a process the supervisor started.
type localProc struct{ *exec.Cmd }

func (p localProc) Signal(sig os.Signal) error { return p.Process.Signal(sig) }
func (p localProc) Kill() error                { return p.Process.Kill() }

// exitInfo is how a child ended.
type exitInfo struct {
	status  string // "exit status 2", "signal: killed"
	tail    string // the end of what it wrote to stderr
	report  string // its crash report (crash.Watcher.Report), "" where it did not crash
	summary string // the crash line ("fatal error: stack overflow"), or status
}

// explain is what to show after the summary of how it died (crash.Explain): a heading and
// up to n lines.
func (e exitInfo) explain(n int) string {
	heading, text := crash.Explain(e.report, e.tail, n)
	if heading == "" {
		return ""
	}
	return heading + "\n" + text
}

func newSupervisor(argv, env []string, logger *log.Logger) *supervisor {
	return &supervisor{argv: argv, env: env, log: logger, msgs: make(chan procMsg, 256),
		done: make(chan struct{}), interrupts: make(chan struct{}, 1), live: map[int]bool{}, own: map[int]bool{}}
}

// post hands m to the kernel, unless the kernel has stopped listening.
func (s *supervisor) post(m procMsg) {
	select {
	case s.msgs <- m:
	case <-s.done:
	}
}

// current returns the live child, starting one if there is none. In rank mode it is rank
// 0's, and every rank is started.
func (s *supervisor) current() (*child, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return nil, errors.New("the kernel is shutting down")
	}
	if s.size > 1 {
		g, err := s.currentRanksLocked()
		if err != nil {
			return nil, err
		}
		return g.kids[0], nil
	}
	if s.cur != nil {
		select {
		case <-s.cur.exited:
		default:
			return s.cur, nil
		}
	}
	return s.startLocked()
}

// running returns the current child (rank 0's in rank mode) if it is alive, without
// starting one.
func (s *supervisor) running() *child {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.cur
	if s.rg != nil {
		c = s.rg.kids[0]
	}
	if c == nil {
		return nil
	}
	select {
	case <-c.exited:
		return nil
	default:
		return c
	}
}

// start starts a child now (the kernel calls it at startup, in parallel with its sockets).
func (s *supervisor) start() {
	if _, err := s.current(); err != nil {
		s.log.Printf("start evaluator: %v", err)
	}
}

func (s *supervisor) startLocked() (*child, error) {
	c, err := s.spawnLocked(nil, 0, nil)
	if err != nil {
		return nil, err
	}
	s.cur = c
	return c, nil
}

// spawnLocked starts one evaluator process: rank rank of g (nil: not a rank), with env
// added to the supervisor's.
func (s *supervisor) spawnLocked(g *rankGen, rank int, env []string) (*child, error) {
	s.gen++
	c := &child{gen: s.gen, sup: s, rank: rank, rg: g, ready: make(chan struct{}), exited: make(chan struct{})}
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("evaluator pipes: %w", err)
	}
	evR, evW, err := os.Pipe()
	if err != nil {
		closeAll(reqR, reqW)
		return nil, fmt.Errorf("evaluator pipes: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(reqR, reqW, evR, evW)
		return nil, fmt.Errorf("evaluator pipes: %w", err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(reqR, reqW, evR, evW, outR, outW)
		return nil, fmt.Errorf("evaluator pipes: %w", err)
	}
	cmd := exec.Command(s.argv[0], s.argv[1:]...)
	cmd.Env = append(append(os.Environ(), s.env...), env...)
	cmd.Stdout = outW
	cmd.Stderr = errW
	cmd.ExtraFiles = []*os.File{reqR, evW} // fd 3, fd 4
	cmd.SysProcAttr = childProcAttr()
	err = startOnSpawner(cmd.Start)
	closeAll(reqR, evW, outW, errW)
	if err != nil {
		closeAll(reqW, evR, outR, errR)
		return nil, evaluatorStartError(s.argv[0], err)
	}
	c.proc, c.pid, c.reqW = localProc{cmd}, cmd.Process.Pid, reqW
	s.trace.step(stepEvaluatorStart)
	s.live[c.pid] = true

	var pipes sync.WaitGroup
	pipes.Add(3)
	go func() { defer pipes.Done(); c.readEvents(evR) }()
	go func() { defer pipes.Done(); c.readPipe(outR, "stdout") }()
	go func() { defer pipes.Done(); c.readPipe(errR, "stderr") }()
	go c.wait(&pipes)
	go c.watchStopped()
	return c, nil
}

func closeAll(files ...*os.File) {
	for _, f := range files {
		f.Close()
	}
}

// readEvents reads fd 4. The ready event is handled here; the rest goes to msgs.
func (c *child) readEvents(r *os.File) {
	defer r.Close()
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			ev := new(evalproto.Event)
			if line[len(line)-1] != '\n' {
				// Cut off by the end of the channel: the process died mid-write or a cell
				// wrote part of a line and closed the descriptor.
				go c.eventsEnded()
				return
			}
			if jerr := json.Unmarshal(line, ev); jerr != nil {
				c.badEvent(line, jerr)
				return
			} else if ev.Kind == evalproto.EvGather {
				c.gather(ev) // answered by the kernel, whatever the shell worker does
			} else if ev.Kind == evalproto.EvReady {
				c.readyOnce.Do(func() {
					c.readyErr = ev.Text
					if ev.Text == "" {
						c.wasReady.Store(true)
						c.sup.trace.step(stepEvaluatorReady)
					}
					close(c.ready)
				})
			} else {
				c.sup.post(procMsg{child: c, kind: pmEvent, ev: ev})
			}
		}
		if err != nil {
			go c.eventsEnded()
			return
		}
	}
}

// readPipe reads fd 1 or fd 2, splitting off sync markers.
func (c *child) readPipe(r *os.File, stream string) {
	defer r.Close()
	kind := pmStdout
	if stream == "stderr" {
		kind = pmStderr
	}
	var sc evalproto.MarkerScanner
	// $PEERBOOK_EVALUATOR_LOG gets a copy of everything the evaluator writes to stderr.
	var logFile *os.File
	if path := os.Getenv("PEERBOOK_EVALUATOR_LOG"); path != "" && kind == pmStderr {
		if f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600); err == nil {
			logFile = f
			defer f.Close()
		}
	}
	text := func(p []byte) {
		if kind == pmStderr {
			if logFile != nil {
				logFile.Write(p)
			}
			c.stderr.Write(p)
		}
		c.sup.post(procMsg{child: c, kind: kind, text: bytes.Clone(p)})
	}
	sync := func(id uint64) {
		c.sup.post(procMsg{child: c, kind: pmSync, stream: stream, syncID: id})
	}
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			sc.Feed(buf[:n], text, sync)
		}
		if err != nil {
			sc.Flush(text)
			if kind == pmStderr {
				c.stderr.Close() // the process may have died mid-line
			}
			return
		}
	}
}

// wait reaps the child, reports its exit, and restarts a session that died after it was up.
func (c *child) wait(pipes *sync.WaitGroup) {
	err := c.proc.Wait()
	if !c.remote {
		c.sup.evaluatorEnded(c.pid)
	}
	drained := make(chan struct{})
	go func() { pipes.Wait(); close(drained) }()
	select {
	case <-drained:
	case <-time.After(time.Second): // a grandchild holds the pipes open
	}
	c.wmu.Lock()
	c.reqW.Close()
	c.wmu.Unlock()

	status := "exit status 0"
	if err != nil {
		status = err.Error()
	}
	c.mu.Lock()
	kill := c.killReason
	c.mu.Unlock()
	tail := c.stderr.Tail()
	summary := kill
	if summary == "" {
		summary = c.stderr.Summary(status)
	}
	c.exit = exitInfo{status: status, tail: tail, report: c.stderr.Report(), summary: summary}
	c.readyOnce.Do(func() { close(c.ready) })
	close(c.exited)

	s := c.sup
	s.mu.Lock()
	closing := s.closing
	s.mu.Unlock()
	if closing {
		return
	}
	if c.rg != nil {
		s.rankEnded(c)
		return
	}
	if c.retired.Load() {
		s.log.Printf("evaluator %d replaced (%s)", c.pid, c.exit.summary)
	} else if c.wasReady.Load() {
		s.log.Printf("evaluator %d died (%s); starting a new one", c.pid, c.exit.summary)
		s.start()
	} else {
		s.log.Printf("evaluator %d failed to start (%s)", c.pid, c.exit.summary)
	}
	s.post(procMsg{child: c, kind: pmExit})
}

// errInterruptedWaiting is an interrupt that came while a request waited for the evaluator.
var errInterruptedWaiting = errors.New("interrupted while the Go session was starting")

// waitReady waits until c is up. The error says why it is not.
func (c *child) waitReady(ctx context.Context, interrupts <-chan struct{}) error {
	select {
	case <-c.ready:
	case <-ctx.Done():
		return ctx.Err()
	case <-interrupts:
		return errInterruptedWaiting
	}
	if c.wasReady.Load() {
		return nil
	}
	if c.readyErr != "" {
		return fmt.Errorf("the Go session could not start: %s", c.readyErr)
	}
	<-c.exited
	msg := "the evaluator process exited before it was ready (" + c.exit.summary + ")"
	if more := c.exit.explain(20); more != "" {
		msg += "\n" + more
	}
	return errors.New(msg)
}

// send writes one request to the child.
func (c *child) send(req *evalproto.Request) error {
	b, err := json.Marshal(req)
	if err != nil {
		return fmt.Errorf("encode request: %w", err)
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.wbuf = append(append(c.wbuf[:0], b...), '\n')
	if _, err := c.reqW.Write(c.wbuf); err != nil {
		return fmt.Errorf("send to evaluator: %w", err)
	}
	return nil
}

// setBusy records the running execute request (0: none).
func (c *child) setBusy(id uint64) {
	c.mu.Lock()
	c.busy = id
	c.interruptAt = time.Time{}
	c.mu.Unlock()
}

// interrupt asks the child to interrupt the running cell (an interrupt request naming it;
// SIGINT too when that fails or the cell was interrupted before). When an earlier
// interrupt of the same cell went unanswered for escalateAfter, it kills the child
// instead: the session is lost, the kernel lives.
func (s *supervisor) interrupt() {
	s.mu.Lock()
	c, g := s.cur, s.rg
	s.mu.Unlock()
	if g != nil {
		g.interrupt()
		return
	}
	if c == nil {
		return
	}
	c.interrupt()
}

// interrupt is supervisor.interrupt for one child.
func (c *child) interrupt() {
	s := c.sup
	c.mu.Lock()
	if c.busy == 0 {
		// Nothing runs (a SIGINT now could kill a child still starting): an execute request
		// waiting for the evaluator to come up is cancelled instead.
		c.mu.Unlock()
		select {
		case s.interrupts <- struct{}{}:
		default:
		}
		return
	}
	again := !c.interruptAt.IsZero()
	kill := again && time.Since(c.interruptAt) >= escalateAfter
	if !again {
		c.interruptAt = time.Now()
	}
	if kill {
		c.killReason = fmt.Sprintf("killed: the cell did not stop within %v of an interrupt", escalateAfter)
	}
	busy := c.busy
	c.mu.Unlock()
	if kill {
		s.log.Printf("evaluator %d ignored an interrupt for %v: killing it", c.pid, escalateAfter)
		c.proc.Kill()
		return
	}
	// The request names the cell, so an interrupt that reaches the child before the cell
	// started is kept for it, and one that arrives after the cell ended is dropped. A
	// signal names no cell: one the child takes in late (its handler runs on a busy
	// machine after the cell ended) would stop the next cell. So SIGINT goes only where
	// the request could not be sent, and with a repeated interrupt of the same cell (before
	// the kill), for a child that reads no requests.
	err := c.send(&evalproto.Request{Op: evalproto.OpInterrupt, ID: busy})
	if err != nil {
		s.log.Printf("evaluator %d: %v", c.pid, err)
	}
	if err != nil || again {
		c.proc.Signal(os.Interrupt)
	}
}

// replace makes argv the evaluator command and ends the current child (a close request,
// then SIGKILL after grace); the next request starts a child of argv. It returns the
// command it replaced.
func (s *supervisor) replace(argv []string, grace time.Duration) []string {
	s.mu.Lock()
	old := s.argv
	s.argv = argv
	c, g := s.cur, s.rg
	s.cur, s.rg = nil, nil
	if c != nil {
		c.retired.Store(true)
	}
	s.mu.Unlock()
	if g != nil {
		g.retire(grace)
	}
	if c == nil {
		return old
	}
	c.closeWithin(grace)
	return old
}

// command returns the evaluator command.
func (s *supervisor) command() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.argv)
}

// closeWithin ends the child: a close request, then SIGKILL after grace; it returns once
// the child has exited.
func (c *child) closeWithin(grace time.Duration) {
	c.send(&evalproto.Request{Op: evalproto.OpClose})
	select {
	case <-c.exited:
	case <-time.After(grace):
		c.proc.Kill()
		<-c.exited
	}
}

// close stops the current child: a close request, then SIGKILL after grace.
func (s *supervisor) close(grace time.Duration) {
	s.mu.Lock()
	already := s.closing
	s.closing = true
	c, g := s.cur, s.rg
	s.mu.Unlock()
	if !already {
		close(s.done)
	}
	if g != nil {
		g.retire(grace)
		s.endLeftovers()
	}
	if c == nil {
		return
	}
	c.closeWithin(grace)
	s.endLeftovers() // those of a child that ended while close waited
}
