package kernel

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/peerbook/peerbook/kernel/evaluator"
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
	ev     *evaluator.Event
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

	mu      sync.Mutex
	cur     *child
	gen     int
	closing bool
	done    chan struct{} // closed by close: nobody reads msgs any more
}

// child is one evaluator process.
type child struct {
	gen int
	sup *supervisor
	cmd *exec.Cmd
	pid int

	wmu  sync.Mutex
	reqW *os.File
	wbuf []byte

	ready     chan struct{} // closed on the ready event, or when the child exits first
	readyOnce sync.Once
	readyErr  string // the session failed to start
	wasReady  atomic.Bool
	exited    chan struct{} // closed when the process is gone and its pipes are drained
	exit      exitInfo

	stderrTail  tailBuffer
	crashLine   atomic.Pointer[string] // the first crash line seen on stderr
	runtimeLine atomic.Pointer[string] // the first "runtime: " line
	capturing   []byte                 // a partial stderr line (reader goroutine only)
	capDone     bool

	mu          sync.Mutex
	busy        uint64    // id of the running execute request
	interruptAt time.Time // first interrupt of the running request
	killReason  string
}

// exitInfo is how a child ended.
type exitInfo struct {
	status  string // "exit status 2", "signal: killed"
	tail    string // the end of what it wrote to stderr
	summary string // the crash line ("fatal error: stack overflow"), or status
}

func newSupervisor(argv, env []string, logger *log.Logger) *supervisor {
	return &supervisor{argv: argv, env: env, log: logger, msgs: make(chan procMsg, 256),
		done: make(chan struct{}), interrupts: make(chan struct{}, 1)}
}

// post hands m to the kernel, unless the kernel has stopped listening.
func (s *supervisor) post(m procMsg) {
	select {
	case s.msgs <- m:
	case <-s.done:
	}
}

// current returns the live child, starting one if there is none.
func (s *supervisor) current() (*child, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return nil, errors.New("the kernel is shutting down")
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

// running returns the current child if it is alive, without starting one.
func (s *supervisor) running() *child {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur == nil {
		return nil
	}
	select {
	case <-s.cur.exited:
		return nil
	default:
		return s.cur
	}
}

// start starts a child now (the kernel calls it at startup, in parallel with its sockets).
func (s *supervisor) start() {
	if _, err := s.current(); err != nil {
		s.log.Printf("start evaluator: %v", err)
	}
}

func (s *supervisor) startLocked() (*child, error) {
	s.gen++
	c := &child{gen: s.gen, sup: s, ready: make(chan struct{}), exited: make(chan struct{})}
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
	cmd.Env = append(os.Environ(), s.env...)
	cmd.Stdout = outW
	cmd.Stderr = errW
	cmd.ExtraFiles = []*os.File{reqR, evW} // fd 3, fd 4
	cmd.SysProcAttr = childProcAttr()
	err = cmd.Start()
	closeAll(reqR, evW, outW, errW)
	if err != nil {
		closeAll(reqW, evR, outR, errR)
		return nil, fmt.Errorf("start evaluator %s: %w", s.argv[0], err)
	}
	c.cmd, c.pid, c.reqW = cmd, cmd.Process.Pid, reqW
	s.cur = c

	var pipes sync.WaitGroup
	pipes.Add(3)
	go func() { defer pipes.Done(); c.readEvents(evR) }()
	go func() { defer pipes.Done(); c.readPipe(outR, "stdout") }()
	go func() { defer pipes.Done(); c.readPipe(errR, "stderr") }()
	go c.wait(&pipes)
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
			ev := new(evaluator.Event)
			if jerr := json.Unmarshal(line, ev); jerr != nil {
				c.sup.log.Printf("evaluator %d: bad event: %v", c.pid, jerr)
			} else if ev.Kind == evaluator.EvReady {
				c.readyOnce.Do(func() {
					c.readyErr = ev.Text
					if ev.Text == "" {
						c.wasReady.Store(true)
					}
					close(c.ready)
				})
			} else {
				c.sup.post(procMsg{child: c, kind: pmEvent, ev: ev})
			}
		}
		if err != nil {
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
	var sc evaluator.MarkerScanner
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
			c.stderrTail.Write(p)
			c.captureCrashLine(p)
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
			if kind == pmStderr && len(c.capturing) > 0 && !c.capDone {
				c.noteLine(c.capturing) // the process died mid-line
			}
			return
		}
	}
}

// captureCrashLine remembers, from what the child writes to stderr, the first line that
// says why a Go process dies ("fatal error: ...", "panic: ...", "SIGSEGV ...") and the first
// "runtime: ..." line. Lines may arrive in pieces (reader goroutine only).
func (c *child) captureCrashLine(p []byte) {
	if c.capDone {
		return
	}
	for len(p) > 0 {
		nl := bytes.IndexByte(p, '\n')
		if nl < 0 {
			if len(c.capturing) < 512 {
				c.capturing = append(c.capturing, p...)
			}
			return
		}
		line := append(c.capturing, p[:nl]...)
		c.capturing = c.capturing[:0]
		p = p[nl+1:]
		c.noteLine(line)
		if c.capDone {
			return
		}
	}
}

// noteLine records line if it is a crash line.
func (c *child) noteLine(line []byte) {
	if len(line) > 512 {
		line = line[:512]
	}
	switch {
	case bytes.HasPrefix(line, []byte("runtime: ")):
		if c.runtimeLine.Load() == nil {
			l := string(line)
			c.runtimeLine.Store(&l)
		}
	case isCrashLine(line):
		l := string(line)
		c.crashLine.Store(&l)
		c.capDone = true
	}
}

// wait reaps the child, reports its exit, and restarts a session that died after it was up.
func (c *child) wait(pipes *sync.WaitGroup) {
	err := c.cmd.Wait()
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
	tail := c.stderrTail.String()
	summary := crashSummary(tail, status, kill)
	if kill == "" {
		if l := c.crashLine.Load(); l != nil {
			summary = strings.TrimSpace(*l)
		} else if l := c.runtimeLine.Load(); l != nil && summary == status {
			summary = strings.TrimSpace(*l)
		}
	}
	c.exit = exitInfo{status: status, tail: tail, summary: summary}
	c.readyOnce.Do(func() { close(c.ready) })
	close(c.exited)

	s := c.sup
	s.mu.Lock()
	closing := s.closing
	s.mu.Unlock()
	if closing {
		return
	}
	if c.wasReady.Load() {
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
	if c.exit.tail != "" {
		msg += "\n" + lastLines(c.exit.tail, 20)
	}
	return errors.New(msg)
}

// send writes one request to the child.
func (c *child) send(req *evaluator.Request) error {
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

// interrupt sends SIGINT to the child. When an earlier interrupt of the same cell went
// unanswered for escalateAfter, it kills the child instead: the session is lost, the
// kernel lives.
func (s *supervisor) interrupt() {
	s.mu.Lock()
	c := s.cur
	s.mu.Unlock()
	if c == nil {
		return
	}
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
	kill := !c.interruptAt.IsZero() && time.Since(c.interruptAt) >= escalateAfter
	if c.interruptAt.IsZero() {
		c.interruptAt = time.Now()
	}
	if kill {
		c.killReason = fmt.Sprintf("killed: the cell did not stop within %v of an interrupt", escalateAfter)
	}
	c.mu.Unlock()
	if kill {
		s.log.Printf("evaluator %d ignored an interrupt for %v: killing it", c.pid, escalateAfter)
		c.cmd.Process.Kill()
		return
	}
	c.cmd.Process.Signal(os.Interrupt)
}

// close stops the current child: a close request, then SIGKILL after grace.
func (s *supervisor) close(grace time.Duration) {
	s.mu.Lock()
	already := s.closing
	s.closing = true
	c := s.cur
	s.mu.Unlock()
	if !already {
		close(s.done)
	}
	if c == nil {
		return
	}
	c.send(&evaluator.Request{Op: evaluator.OpClose})
	select {
	case <-c.exited:
	case <-time.After(grace):
		c.cmd.Process.Kill()
		<-c.exited
	}
}

// crashPrefixes start the lines the Go runtime (and the kernel) write when a process dies.
var crashPrefixes = []string{
	"panic: ", "fatal error: ", "runtime: ", "SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE",
	"SIGABRT", "SIGTRAP", "unexpected fault address", "fatal: ",
}

func isCrashLine(line []byte) bool {
	for _, p := range crashPrefixes {
		if bytes.HasPrefix(line, []byte(p)) {
			return true
		}
	}
	return false
}

// crashSummary picks the line that says why a child died.
func crashSummary(tail, status, kill string) string {
	if kill != "" {
		return kill
	}
	var runtimeLine string
	for _, line := range strings.Split(tail, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "fatal error: ") || strings.HasPrefix(line, "panic: ") ||
			strings.HasPrefix(line, "SIG") || strings.HasPrefix(line, "unexpected fault address") {
			return line
		}
		if runtimeLine == "" && strings.HasPrefix(line, "runtime: ") {
			runtimeLine = line
		}
	}
	if runtimeLine != "" {
		return runtimeLine
	}
	return status
}

// lastLines returns at most n trailing lines of s.
func lastLines(s string, n int) string {
	s = strings.TrimRight(s, "\n")
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = append([]string{"..."}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}

// tailBuffer keeps the last tailSize bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

const tailSize = 16 << 10

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(p) >= tailSize {
		t.buf = append(t.buf[:0], p[len(p)-tailSize:]...)
		return len(p), nil
	}
	if over := len(t.buf) + len(p) - tailSize; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	t.buf = append(t.buf, p...)
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

var _ io.Writer = (*tailBuffer)(nil)
