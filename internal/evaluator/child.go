// Package evaluator is the evaluator child process: it serves one eval.Session over the
// protocol of package internal/evalproto (requests on fd 3, events on fd 4), for the
// peerbook-evaluator command.
package evaluator

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"sync"
	"time"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/eval"
	"github.com/peerbook/peerbook/internal/evalproto"
	"github.com/peerbook/peerbook/internal/gpuctl"
	"github.com/peerbook/peerbook/internal/ranknet"
	"github.com/peerbook/peerbook/internal/ranks"
)

// Session is what the evaluator serves: the method set of *eval.Session.
type Session interface {
	Execute(ctx context.Context, req eval.ExecuteRequest, out eval.Output) (eval.Result, error)
	Complete(code string, cursor int) eval.Completion
	Inspect(code string, cursor, detail int) eval.Inspection
	IsComplete(code string) (status, indent string)
	Close() error
}

// Snapshotter is a Session that can hand over its definitions (*eval.Session is one), so
// that the kernel can restore them in the evaluator that replaces this one.
type Snapshotter interface {
	Snapshot() evalproto.Snapshot
}

// Config is what Serve needs.
type Config struct {
	Requests io.Reader // fd 3
	Events   io.Writer // fd 4
	// Stdout and Stderr receive the sync markers (fd 1 and fd 2 in the child).
	Stdout, Stderr io.Writer
	// NewSession makes the session; its error is reported to the kernel in the ready event.
	NewSession func() (Session, error)
	// Interrupts cancel the running cell (SIGINT in the child). Nil: none.
	Interrupts <-chan os.Signal
	// Poisoned is asked after each cell whether the process can go on: an error (gpuctl.Poisoned:
	// a GPU fault left CUDA unusable in this process) ends it once the cell's reply is sent,
	// so that the kernel starts a fresh evaluator. Nil: the process always goes on.
	Poisoned func() error
	// Exit ends the process with a status (nil: os.Exit).
	Exit func(code int)
	// AfterCell is called after each cell, before its output is synced: it repairs what the
	// cell broke of the process (fd 1 and 2) and returns notices for the cell's stderr.
	// Nil: nothing is checked.
	AfterCell func() []string
	// Rank, when not nil, is this process's place in a rank session: Serve makes the
	// session's ranks.World (AllGather over this protocol) and hands it to SetWorld before
	// NewSession runs.
	Rank     *ranks.Position
	SetWorld func(ranks.World)
}

// ExitPoisoned is the exit status of an evaluator that ended because Config.Poisoned
// reported that the process can't go on.
const ExitPoisoned = 3

// defaultMaxStackMB bounds a goroutine's stack in the child, as Go's runtime bounds it by
// default (1 GB on 64-bit systems). eval.SetStackLimit bounds the nesting of interpreted
// calls to what fits in it, so that a recursion too deep ends its cell with an error
// instead of the process; the environment variable PEERBOOK_MAX_STACK_MB changes it.
const defaultMaxStackMB = 1024

// limitStack bounds the stack of every goroutine of this process and the interpreted
// calls of cells (eval.SetStackLimit).
func limitStack() { eval.SetStackLimit(maxStack()) }

// maxStack is the stack limit in bytes.
func maxStack() int {
	mb := defaultMaxStackMB
	if v, err := strconv.Atoi(os.Getenv("PEERBOOK_MAX_STACK_MB")); err == nil && v > 0 {
		mb = v
	}
	return mb << 20
}

// Main is `peerbook evaluator`: it serves the session made by newSession on the child's
// file descriptors and returns the process exit status. In a rank session (PEERBOOK_RANK
// set, see package internal/ranks) the World goes to package gpu (through internal/gpuctl)
// and to newSession; otherwise newSession gets nil.
func Main(newSession func(w ranks.World) (Session, error)) int {
	if os.Getenv(ranknet.EnvConnect) != "" {
		return runAgent() // started by a cluster launcher: this process is the rank's agent
	}
	limitStack()
	var rank *ranks.Position
	if pos, err := ranks.FromEnv(); err == nil {
		rank = &pos
	} else if !errors.Is(err, ranks.ErrNotRanked) {
		fmt.Fprintf(os.Stderr, "peerbook evaluator: %v\n", err)
		return 2
	}
	// The pipes to the kernel move out of a cell's reach (see channels); the evaluator keeps
	// fd 1 and fd 2 of its own: a session may replace os.Stdout and os.Stderr, and a cell
	// may close the descriptors.
	requests, events, stdout, stderr, err := channels()
	if err != nil {
		fmt.Fprintf(os.Stderr, "peerbook evaluator: %v; this command is started by `peerbook kernel`, with its pipes on file descriptors 3 and 4\n", err)
		return 2
	}
	endTree := guardTree(stderr)
	defer endTree() // what cells left running ends with the session
	interrupts := make(chan os.Signal, 4)
	signal.Notify(interrupts, os.Interrupt)
	guard := newStdioGuard(stdout, stderr)
	var w ranks.World
	err = Serve(Config{
		Requests:   requests,
		Events:     events,
		Stdout:     stdout,
		Stderr:     stderr,
		NewSession: func() (Session, error) { return newSession(w) },
		Interrupts: interrupts,
		Poisoned:   gpuctl.Poisoned,
		AfterCell:  guard.restore,
		Rank:       rank,
		SetWorld: func(rw ranks.World) {
			w = rw
			gpuctl.SetWorld(rw)
		},
	})
	if err != nil {
		fmt.Fprintf(stderr, "peerbook evaluator: %v\n", err)
		return 1
	}
	return 0
}

// server is one running evaluator.
type server struct {
	cfg     Config
	session Session
	events  *eventQueue
	left    leftovers // goroutines interrupted cells left running (handle's own)

	world   *world // nil: not a rank
	mu      sync.Mutex
	cancel  context.CancelFunc // of the running execute request
	running uint64             // its id (0: none runs)
	// pendingInterrupt is the id of an execute request interrupted while it did not run:
	// the cell is interrupted when it starts; the next cell to start forgets it.
	pendingInterrupt uint64
	inputs           map[uint64]chan inputAnswer
	inputID          uint64

	// startReader starts a reader of fd 3 while the request read last runs (nil when
	// none runs); readerStarted says it was called.
	startReader   func()
	readerStarted bool
}

type inputAnswer struct {
	value string
	err   string
}

// Serve runs the evaluator protocol until the kernel closes the request pipe or sends
// "close". It returns an error only when the session could not be made or a pipe failed.
func Serve(cfg Config) error {
	s := &server{cfg: cfg, events: newEventQueue(cfg.Events), inputs: map[uint64]chan inputAnswer{}}
	writerDone := make(chan struct{})
	go func() { s.events.run(); close(writerDone) }()
	orderly := true // false: the kernel is gone, nobody reads the events
	defer func() {
		s.events.close()
		if orderly {
			<-writerDone
		}
	}()

	if cfg.Rank != nil {
		s.world = newWorld(s, *cfg.Rank)
		if cfg.SetWorld != nil {
			cfg.SetWorld(s.world)
		}
	}
	session, err := cfg.NewSession()
	if err != nil {
		s.events.push(evalproto.Event{Kind: evalproto.EvReady, PID: os.Getpid(), Text: err.Error()})
		return fmt.Errorf("start session: %w", err)
	}
	s.session = session
	defer session.Close()
	s.events.push(evalproto.Event{Kind: evalproto.EvReady, PID: os.Getpid()})

	if cfg.Interrupts != nil {
		stop := make(chan struct{})
		defer close(stop)
		go func() {
			for {
				select {
				case <-cfg.Interrupts:
					s.interrupt()
				case <-stop:
					return
				}
			}
		}()
	}

	res := make(chan readEnd, 1)
	first := make(chan struct{})
	close(first)
	go s.readRequests(bufio.NewReaderSize(cfg.Requests, 64<<10), first, res)
	end := <-res
	if end.gone || end.err != nil {
		orderly = false
		return end.err
	}
	<-end.last // "close": finish what was asked
	return nil
}

// readEnd is how reading the requests ended: the kernel said "close" (last is closed when
// the requests before it are done), or is gone (gone, or err: the pipe failed).
type readEnd struct {
	last <-chan struct{}
	gone bool
	err  error
}

// readRequests reads fd 3 until "close" or end of file. The goroutine that reads a request
// that runs in turn (execute, complete, ...) runs it itself, so the common case costs no
// hand-off to another goroutine: on a machine where waking a thread is slow that hand-off
// is most of a round trip. While the request runs, fd 3 is read by a new reader
// (wantReader) once the request has run for readerDelay, or at once when a cell asks for
// input. Until then nothing else can arrive: the kernel sends the next request after this
// one's done event, and it interrupts with SIGINT, not through fd 3. If a new reader was started, the request's
// goroutine ends when the request is done and the new reader goes on (it waits for prev,
// this request's end, before it runs the next); otherwise the same goroutine reads on.
func (s *server) readRequests(r *bufio.Reader, prev <-chan struct{}, res chan<- readEnd) {
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 {
			var req evalproto.Request
			if jerr := json.Unmarshal(line, &req); jerr != nil {
				fmt.Fprintf(s.cfg.Stderr, "peerbook evaluator: bad request: %v\n", jerr)
			} else {
				switch req.Op {
				case evalproto.OpClose:
					res <- readEnd{last: prev}
					return
				case evalproto.OpInputReply:
					s.answerInput(req)
				case evalproto.OpInterrupt:
					s.interruptRequest(req.ID)
				case evalproto.OpGathered:
					if s.world != nil {
						s.world.answer(req)
					}
				default:
					<-prev
					mine := make(chan struct{})
					s.mu.Lock()
					s.readerStarted = false
					s.startReader = func() { go s.readRequests(r, mine, res) }
					s.mu.Unlock()
					long := time.AfterFunc(readerDelay, s.wantReader)
					s.handle(req)
					long.Stop()
					s.mu.Lock()
					started := s.readerStarted
					s.readerStarted, s.startReader = false, nil
					s.mu.Unlock()
					close(mine)
					if started {
						return
					}
					prev = mine
				}
			}
		}
		if errors.Is(err, io.EOF) {
			s.interrupt()
			if s.world != nil {
				s.world.fail("the kernel is gone", true)
			}
			res <- readEnd{gone: true}
			return
		}
		if err != nil {
			res <- readEnd{gone: true, err: fmt.Errorf("read requests: %w", err)}
			return
		}
	}
}

// readerDelay is how long a request runs before fd 3 is read again without a cell asking
// for input: then end of file (the kernel is gone) interrupts it.
const readerDelay = 5 * time.Millisecond

// wantReader makes sure fd 3 is read while a request runs (its input replies must get
// through).
func (s *server) wantReader() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.startReader != nil && !s.readerStarted {
		s.readerStarted = true
		s.startReader()
	}
}

func (s *server) interrupt() {
	s.mu.Lock()
	if s.cancel != nil {
		s.cancel()
	}
	s.mu.Unlock()
	if s.world != nil {
		s.world.fail("interrupted", false)
	}
}

// runningID is the id of the running execute request, 0 when none runs.
func (s *server) runningID() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.running
}

// interruptRequest interrupts execute request id: the cell if it runs, or, if it has not
// started yet (the interrupt was read before the cell began), the cell when it starts.
// An interrupt of a cell that already ended (it crossed the cell's done event) is
// forgotten when the next cell starts.
func (s *server) interruptRequest(id uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id == s.running && s.cancel != nil {
		s.cancel()
		if s.world != nil {
			go s.world.fail("interrupted", false)
		}
		return
	}
	s.pendingInterrupt = id
}

func (s *server) answerInput(req evalproto.Request) {
	s.mu.Lock()
	ch := s.inputs[req.InputID]
	delete(s.inputs, req.InputID)
	s.mu.Unlock()
	if ch != nil {
		ch <- inputAnswer{value: req.Value, err: req.Error}
	}
}

// handle answers one request with exactly one done event.
func (s *server) handle(req evalproto.Request) {
	done := &evalproto.Done{}
	switch req.Op {
	case evalproto.OpExecute:
		if req.Execute == nil {
			done.Error = &eval.Error{Name: "BadRequest", Value: "execute request without a cell"}
			break
		}
		s.left.start()
		s.execute(req.ID, *req.Execute, done)
		if done.Error != nil && done.Error.Name == eval.NameInterrupted {
			s.left.interrupted(done.Error, req.Execute.ExecutionCount)
		} else if warning := s.left.after(); warning != "" {
			s.events.stream(req.ID, "stderr", warning)
		}
		if s.cfg.AfterCell != nil {
			for _, note := range s.cfg.AfterCell() {
				s.events.stream(req.ID, "stderr", note)
			}
		}
		// Everything the cell wrote to fd 1 and fd 2 is in the pipes now; the markers let the
		// kernel publish it before the reply.
		marker := evalproto.SyncMarker(req.ID)
		s.cfg.Stdout.Write(marker)
		s.cfg.Stderr.Write(marker)
	case evalproto.OpComplete:
		c := s.session.Complete(req.Code, req.Cursor)
		done.Completion = &c
	case evalproto.OpInspect:
		in := s.session.Inspect(req.Code, req.Cursor, req.Detail)
		done.Inspection = &in
	case evalproto.OpIsComplete:
		done.Status, done.Indent = s.session.IsComplete(req.Code)
	case evalproto.OpSnapshot:
		sn, ok := s.session.(Snapshotter)
		if !ok {
			done.Error = &eval.Error{Name: "BadRequest", Value: "this session can not hand over its definitions"}
			break
		}
		snap := sn.Snapshot()
		done.Snapshot = &snap
	default:
		done.Error = &eval.Error{Name: "BadRequest", Value: fmt.Sprintf("unknown request %q", req.Op)}
	}
	var poisoned error
	if req.Op == evalproto.OpExecute && s.cfg.Poisoned != nil {
		if poisoned = s.cfg.Poisoned(); poisoned != nil {
			done.Ending = poisoned.Error()
		}
	}
	s.events.push(evalproto.Event{Kind: evalproto.EvDone, ID: req.ID, Done: done})
	s.events.flush()
	if poisoned != nil {
		s.exitPoisoned(poisoned)
	}
}

// exitPoisoned ends the process because Config.Poisoned said it can't go on (err): the
// cell's reply (with its error, and Ending) has been sent; the message on stderr is what
// the kernel shows as the reason the session was lost.
func (s *server) exitPoisoned(err error) {
	fmt.Fprintf(s.cfg.Stderr, "peerbook evaluator: %v\npeerbook evaluator: exiting so that a fresh process gets working devices; the session's state is lost\n", err)
	exit := s.cfg.Exit
	if exit == nil {
		exit = os.Exit
	}
	exit(ExitPoisoned)
}

func (s *server) execute(id uint64, req eval.ExecuteRequest, done *evalproto.Done) {
	ctx, cancel := context.WithCancel(context.Background())
	s.mu.Lock()
	s.cancel, s.running = cancel, id
	if s.pendingInterrupt == id {
		cancel() // interrupted before it started
	}
	s.pendingInterrupt = 0
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.cancel, s.running = nil, 0
		s.mu.Unlock()
		cancel() // ends Input calls of goroutines the cell left behind
	}()
	out := &output{id: id, ctx: ctx, allowStdin: req.AllowStdin, s: s}
	res, err := s.safeExecute(ctx, req, out)
	if err != nil {
		var e *eval.Error
		if !errors.As(err, &e) {
			e = &eval.Error{Name: "Error", Value: err.Error(), Traceback: []string{err.Error()}}
		}
		done.Error = e
		return
	}
	if res.Value != nil {
		done.Value = marshalBundle(*res.Value)
	}
	if len(res.Payloads) > 0 {
		done.Payloads = marshalOr(res.Payloads, "[]")
	}
	if len(res.UserExpressions) > 0 {
		done.UserExpressions = marshalOr(res.UserExpressions, "{}")
	}
}

// safeExecute turns a panic escaping the session (it promises none) into an error.
func (s *server) safeExecute(ctx context.Context, req eval.ExecuteRequest, out eval.Output) (res eval.Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &eval.Error{Name: "panic", Value: fmt.Sprint(r),
				Traceback: []string{fmt.Sprintf("panic in the session: %v", r), string(debug.Stack())}}
		}
	}()
	return s.session.Execute(ctx, req, out)
}

// marshalBundle encodes b; a bundle that JSON can't hold becomes a text/plain error.
func marshalBundle(b display.Bundle) json.RawMessage {
	if b.Data == nil {
		b.Data = map[string]any{}
	}
	if b.Metadata == nil {
		b.Metadata = map[string]any{}
	}
	raw, err := json.Marshal(b)
	if err != nil {
		raw, _ = json.Marshal(display.Bundle{
			Data:     map[string]any{"text/plain": fmt.Sprintf("<output could not be encoded: %v>", err)},
			Metadata: map[string]any{},
		})
	}
	return raw
}

func marshalOr(v any, fallback string) json.RawMessage {
	raw, err := json.Marshal(v)
	if err != nil {
		return json.RawMessage(fallback)
	}
	return raw
}

// output is the eval.Output of one execute request.
type output struct {
	id         uint64
	ctx        context.Context
	allowStdin bool
	s          *server
}

func (o *output) Stream(name, text string) {
	if name != "stderr" {
		name = "stdout"
	}
	o.s.events.stream(o.id, name, text)
}

func (o *output) Display(b display.Bundle, id string, update bool) {
	o.s.events.push(evalproto.Event{Kind: evalproto.EvDisplay, ID: o.id, Bundle: marshalBundle(b), DisplayID: id, Update: update})
}

func (o *output) ClearOutput(wait bool) {
	o.s.events.push(evalproto.Event{Kind: evalproto.EvClear, ID: o.id, Wait: wait})
}

// errNoStdin is Input's error when the frontend can't take input.
var errNoStdin = errors.New("input is not available: the frontend does not accept input for this request (allow_stdin is false)")

func (o *output) Input(prompt string, password bool) (string, error) {
	if !o.allowStdin {
		return "", errNoStdin
	}
	if o.ctx.Err() != nil {
		return "", fmt.Errorf("input: %w", o.ctx.Err())
	}
	ch := make(chan inputAnswer, 1)
	o.s.mu.Lock()
	o.s.inputID++
	inputID := o.s.inputID
	o.s.inputs[inputID] = ch
	o.s.mu.Unlock()
	o.s.wantReader()
	o.s.events.push(evalproto.Event{Kind: evalproto.EvInput, ID: o.id, InputID: inputID, Prompt: prompt, Password: password})
	select {
	case a := <-ch:
		if a.err != "" {
			return "", errors.New(a.err)
		}
		return a.value, nil
	case <-o.ctx.Done():
		o.s.mu.Lock()
		delete(o.s.inputs, inputID)
		o.s.mu.Unlock()
		return "", fmt.Errorf("input interrupted: %w", o.ctx.Err())
	}
}
