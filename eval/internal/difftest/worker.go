package difftest

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/eval"
)

// CellResult is what a program did as cells of a fresh session.
type CellResult struct {
	Stdout string `json:"-"`
	Stderr string `json:"-"`
	// The output as bytes between processes (a string field would lose bytes that are
	// not UTF-8).
	StdoutBytes []byte `json:"stdout"`
	StderrBytes []byte `json:"stderr"`
	// ErrName and ErrValue are the failing cell's error (Jupyter's ename and evalue),
	// empty when every cell succeeded; FailedCell is its index, from 0.
	ErrName    string `json:"ename,omitempty"`
	ErrValue   string `json:"evalue,omitempty"`
	FailedCell int    `json:"failed_cell,omitempty"`
	// Crash says the worker process died running the program (the session with it).
	Crash string `json:"crash,omitempty"`
	// Timeout says the cells ran past the limit.
	Timeout bool `json:"timeout,omitempty"`
}

// request is one program sent to a worker.
type request struct {
	Cells   []string      `json:"cells"`
	Timeout time.Duration `json:"timeout"`
}

// begun is the line a worker writes when it has read a program, before running it.
type begun struct {
	Begun bool `json:"begun"`
}

// WorkerEnv names the environment variable that makes a process a session worker
// (see Serve): the test binary and the soak command re-execute themselves with it.
const WorkerEnv = "PEERBOOK_DIFFTEST_WORKER"

// Serve makes this process a session worker: it reads requests (JSON lines) from stdin
// and writes each result (a JSON line) to file descriptor 3, running every request in
// a fresh session. Cells write to the session's pipes, never to fd 1 or 2 of the process.
func Serve() error {
	out := os.NewFile(3, "results")
	if out == nil {
		return errors.New("difftest worker: no fd 3")
	}
	enc := json.NewEncoder(out)
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var req request
		if err := json.Unmarshal(sc.Bytes(), &req); err != nil {
			return fmt.Errorf("difftest worker: %w", err)
		}
		// The begin line tells the pool this worker was alive when the program came:
		// a worker that dies before it was killed by the program it ran before.
		if err := enc.Encode(begun{Begun: true}); err != nil {
			return fmt.Errorf("difftest worker: %w", err)
		}
		res := runCells(req)
		res.StdoutBytes, res.StderrBytes = []byte(res.Stdout), []byte(res.Stderr)
		if err := enc.Encode(res); err != nil {
			return fmt.Errorf("difftest worker: %w", err)
		}
	}
	return sc.Err()
}

// cellOutput collects what cells write.
type cellOutput struct {
	mu             sync.Mutex
	stdout, stderr strings.Builder
}

func (o *cellOutput) Stream(name, text string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if name == "stdout" {
		o.stdout.WriteString(text)
	} else {
		o.stderr.WriteString(text)
	}
}

func (o *cellOutput) Input(string, bool) (string, error) {
	return "", errors.New("no input in difftest")
}

func (o *cellOutput) Display(display.Bundle, string, bool) {}
func (o *cellOutput) ClearOutput(bool)                     {}

func runCells(req request) CellResult {
	s, err := eval.New(eval.Options{})
	if err != nil {
		return CellResult{Crash: "new session: " + err.Error()}
	}
	defer s.Close()
	out := &cellOutput{}
	deadline := time.Now().Add(req.Timeout)
	var res CellResult
	for i, cell := range req.Cells {
		ctx, cancel := context.WithDeadline(context.Background(), deadline)
		_, err := s.Execute(ctx, eval.ExecuteRequest{Code: cell, ExecutionCount: i + 1}, out)
		timedOut := ctx.Err() != nil
		cancel()
		if err != nil {
			var e *eval.Error
			if errors.As(err, &e) {
				res.ErrName, res.ErrValue = e.Name, e.Value
			} else {
				res.ErrName, res.ErrValue = "error", err.Error()
			}
			res.FailedCell = i
			res.Timeout = timedOut
			break
		}
	}
	out.mu.Lock()
	res.Stdout, res.Stderr = out.stdout.String(), out.stderr.String()
	out.mu.Unlock()
	return res
}

// DebugEnv, set, passes what workers write to stderr through (PEERBOOK_REWRITE_DEBUG
// output, for one).
const DebugEnv = "PEERBOOK_DIFFTEST_STDERR"

// Pool runs programs as cells in worker processes.
type Pool struct {
	// Command starts a worker: a process that calls Serve (its environment gets
	// WorkerEnv=1).
	Command []string
	// Timeout bounds one program's cells.
	Timeout time.Duration

	mu     sync.Mutex
	idle   []*worker
	deaths []IdleDeath
}

// IdleDeath is a worker that died between two programs: after the cells of the program
// named After had ended (a goroutine they left running, say) and before the next one
// began. The next program runs on a fresh worker; the death is the earlier program's.
type IdleDeath struct {
	After  string // the name given to RunNamed for the program the worker ran last
	Stderr string // the tail of what the worker wrote to stderr
}

type worker struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Scanner
	stderr *tailBuffer
	last   string // the name of the program it ran last
}

// tailBuffer keeps the last bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > 4096 {
		t.buf = t.buf[len(t.buf)-4096:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

func (p *Pool) start() (*worker, error) {
	cmd := exec.Command(p.Command[0], p.Command[1:]...)
	cmd.Env = append(os.Environ(), WorkerEnv+"=1")
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.ExtraFiles = []*os.File{w}
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	tail := &tailBuffer{}
	cmd.Stdout, cmd.Stderr = io.Discard, tail
	if os.Getenv(DebugEnv) != "" {
		cmd.Stderr = io.MultiWriter(os.Stderr, tail)
	}
	if err := cmd.Start(); err != nil {
		r.Close()
		w.Close()
		return nil, fmt.Errorf("start worker: %w", err)
	}
	w.Close()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	return &worker{cmd: cmd, in: in, out: sc, stderr: tail}, nil
}

func (p *Pool) get() (*worker, error) {
	p.mu.Lock()
	if n := len(p.idle); n > 0 {
		w := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		return w, nil
	}
	p.mu.Unlock()
	return p.start()
}

func (p *Pool) put(w *worker) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.idle = append(p.idle, w)
}

func (w *worker) kill() {
	w.cmd.Process.Kill()
	w.in.Close()
	w.cmd.Wait()
}

// Run runs the cells of one program in a fresh session of a worker, as RunNamed does
// with no name.
func (p *Pool) Run(cells []string) CellResult {
	return p.RunNamed("", cells)
}

// RunNamed runs the cells of one program in a fresh session of a worker. A worker that
// dies running it gives a result with Crash set (and the tail of its stderr); one that
// outlives the timeout by a margin is killed. A worker found dead before the program
// began is recorded as an IdleDeath of the program it ran before (see IdleDeaths), and
// the program runs on a fresh worker.
func (p *Pool) RunNamed(name string, cells []string) CellResult {
	data, err := json.Marshal(request{Cells: cells, Timeout: p.Timeout})
	if err != nil {
		return CellResult{Crash: err.Error()}
	}
	for tries := 0; tries < 3; tries++ {
		w, err := p.get()
		if err != nil {
			return CellResult{Crash: err.Error()}
		}
		res, started := p.runOn(w, data)
		if !started {
			p.noteIdleDeath(w)
			continue
		}
		if res.Timeout && res.ErrValue == workerSilent {
			return res // runOn ended the worker
		}
		if res.Crash != "" {
			w.kill()
			return res
		}
		w.last = name
		p.put(w)
		return res
	}
	return CellResult{Crash: "three workers in a row died before the program began"}
}

// workerSilent is the error of a program whose worker did not answer in time.
const workerSilent = "the worker did not answer"

// runOn sends a program to w and waits for its result; started is false when w was
// dead before the program began.
func (p *Pool) runOn(w *worker, data []byte) (res CellResult, started bool) {
	type answer struct {
		res     CellResult
		started bool
	}
	done := make(chan answer, 1)
	go func() {
		if _, err := w.in.Write(append(data, '\n')); err != nil {
			done <- answer{}
			return
		}
		if !w.out.Scan() {
			done <- answer{}
			return
		}
		var b begun
		if err := json.Unmarshal(w.out.Bytes(), &b); err != nil || !b.Begun {
			done <- answer{CellResult{Crash: fmt.Sprintf("worker answered %q where it says it began", w.out.Bytes())}, true}
			return
		}
		if !w.out.Scan() {
			done <- answer{CellResult{Crash: "worker died: " + lastLines(w.stderr.String(), 6)}, true}
			return
		}
		var res CellResult
		if err := json.Unmarshal(w.out.Bytes(), &res); err != nil {
			done <- answer{CellResult{Crash: "worker result: " + err.Error()}, true}
			return
		}
		res.Stdout, res.Stderr = string(res.StdoutBytes), string(res.StderrBytes)
		res.StdoutBytes, res.StderrBytes = nil, nil
		done <- answer{res, true}
	}()
	// The session interrupts a cell at the deadline; a cell stuck in compiled code may
	// not stop: the worker is ended then.
	timer := time.NewTimer(p.Timeout + 20*time.Second)
	defer timer.Stop()
	select {
	case a := <-done:
		return a.res, a.started
	case <-timer.C:
		w.kill()
		<-done
		return CellResult{Timeout: true, ErrName: "timeout", ErrValue: workerSilent}, true
	}
}

// noteIdleDeath ends a worker found dead between programs and records it.
func (p *Pool) noteIdleDeath(w *worker) {
	w.kill()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.deaths = append(p.deaths, w.death())
}

// death describes w, found dead after the program it ran last.
func (w *worker) death() IdleDeath {
	return IdleDeath{After: w.last, Stderr: lastLines(w.stderr.String(), 6)}
}

// IdleDeaths returns the workers found dead between programs since the last call, and
// forgets them. Close finds those that died after their last program.
func (p *Pool) IdleDeaths() []IdleDeath {
	p.mu.Lock()
	defer p.mu.Unlock()
	d := p.deaths
	p.deaths = nil
	return d
}

// Close ends the idle workers.
func (p *Pool) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, w := range p.idle {
		w.in.Close()
		// A worker reaching the end of its input exits with status 0: any other end is
		// a death after its last program.
		if err := w.cmd.Wait(); err != nil {
			p.deaths = append(p.deaths, w.death())
		}
	}
	p.idle = nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
