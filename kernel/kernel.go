// Package kernel is peerbook's Jupyter kernel: it serves the Jupyter messaging protocol
// (5.3, with 5.4's shutdown on control) over ZeroMQ, and runs cells in an evaluator child
// process that it supervises (package internal/evaluator, over the protocol of package
// internal/evalproto): a cell that crashes the Go runtime costs the session's state, never
// the kernel.
//
// The kernel process owns the five sockets, signing, message order, execution counts and
// history. One goroutine (the shell worker) handles shell requests in order; control
// requests (interrupt, shutdown, kernel_info) are answered at once by another; the
// heartbeat has its own.
package kernel

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"os/user"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/google/uuid"

	"github.com/peerbook/peerbook/internal/modules"
	"github.com/peerbook/peerbook/kernel/internal/history"
	"github.com/peerbook/peerbook/kernel/internal/wire"
	"github.com/peerbook/peerbook/kernel/internal/zmtpnet"
)

// Config says how to run a kernel.
type Config struct {
	// ConnectionFile is the connection file Jupyter wrote; Connection, when set, is used
	// instead. A tcp port given as 0 is chosen by the system when the kernel listens, and
	// written into Connection, or back into ConnectionFile, as ipykernel does.
	ConnectionFile string
	Connection     *wire.ConnectionInfo
	// EvaluatorCommand is the argv of the evaluator child. Default: the binary
	// DefaultEvaluator names (peerbook-evaluator beside this executable).
	EvaluatorCommand []string
	// EvaluatorEnv is extra environment (KEY=VALUE) for the evaluator.
	EvaluatorEnv []string
	// HistoryPath is the history file; "" keeps history in memory. See DefaultHistoryPath.
	HistoryPath string
	// Logger receives the kernel's log (dropped messages, evaluator crashes). Default:
	// standard error with the prefix "peerbook: ".
	Logger *log.Logger
	// Stderr receives the warnings a user must see whether the log is on or not (an empty
	// key, a history file that can't be written), once each. Default: standard error,
	// which Jupyter shows on its terminal.
	Stderr io.Writer
	// HandleSignals says the kernel owns its process: SIGINT interrupts the running cell,
	// SIGTERM shuts down, and (Linux) the kernel adopts and ends the processes cells leave
	// behind (see leftovers.go).
	HandleSignals bool
	// ParentPID, when not 0, is the process that started the kernel (Jupyter passes it as
	// $JPY_PARENT_PID): the kernel shuts down when it is no longer its parent, instead of
	// living on as an orphan.
	ParentPID int
	// Version is the implementation version in kernel_info_reply.
	Version string
	// Started is when the process started (the command's first code): the start trace,
	// which the log has with --debug, counts from it (zero: from Run).
	Started time.Time
	// Modules builds evaluators with the third-party packages cells import (see
	// modswitch.go); nil: a cell importing one runs in the evaluator as it is, which
	// refuses the import.
	Modules *modules.Builder
	// ModulePackages are the third-party packages (import paths) the evaluator command
	// was built with.
	ModulePackages []string
	// Dir is the notebook's folder, where a go.mod or go.work is looked for (and above);
	// "" means the kernel's working directory (Jupyter starts a kernel in the notebook's).
	Dir string
	// MaxMessage bounds the size of a message a peer may send (bytes, its frames plus
	// zmtpnet.FrameOverhead each). A larger message is never read into memory: a signed
	// request gets an error reply that names the limit (see refused.go), anything else
	// closes its connection. 0: $PEERBOOK_MAX_MESSAGE when set, else
	// zmtpnet.DefaultMaxMessage (256 MiB).
	MaxMessage int64
	// ReceiveBudget bounds the bytes of the messages all connections are receiving at once
	// (see zmtpnet.Limits.Budget); a message that finds no room within
	// zmtpnet.DefaultBudgetWait is refused as one over MaxMessage is. 0:
	// $PEERBOOK_RECEIVE_BUDGET when set, else zmtpnet.DefaultBudget (1 GiB); never less
	// than MaxMessage.
	ReceiveBudget int64
}

// maxMessage is cfg's MaxMessage, or $PEERBOOK_MAX_MESSAGE's.
func (cfg *Config) maxMessage() (int64, error) {
	return sizeSetting(cfg.MaxMessage, "PEERBOOK_MAX_MESSAGE", zmtpnet.DefaultMaxMessage)
}

// receiveBudget is cfg's ReceiveBudget, or $PEERBOOK_RECEIVE_BUDGET's.
func (cfg *Config) receiveBudget() (int64, error) {
	return sizeSetting(cfg.ReceiveBudget, "PEERBOOK_RECEIVE_BUDGET", zmtpnet.DefaultBudget)
}

// sizeSetting is set when above 0, else the number of bytes in $env, else def.
func sizeSetting(set int64, env string, def int64) (int64, error) {
	if set > 0 {
		return set, nil
	}
	v := os.Getenv(env)
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%s=%q: want a number of bytes above 0", env, v)
	}
	return n, nil
}

// Timeouts and limits of the sockets.
const (
	// sendTimeout bounds a ROUTER send that has no peer at all (zmq4 would wait 5 minutes).
	sendTimeout = 2 * time.Second
	// linger is how long shutdown waits for the messages queued to peers to leave.
	linger = 500 * time.Millisecond
)

// Kernel is one running kernel.
type Kernel struct {
	cfg      Config
	log      *log.Logger
	conn     *wire.ConnectionInfo
	signer   *wire.Signer
	session  string
	username string

	shell, control, stdin, hb zmq4.Socket
	iopub                     *zmtpnet.Pub
	network                   zmtpnet.Network

	sup   *supervisor
	trace *startTrace // the steps of the start, in the log
	hist  *history.Store
	mods  *moduleState // nil: no builder

	shellQ  chan inbound
	stdinQ  chan *wire.Message
	arrived atomic.Uint64 // shell messages received so far
	// shellSeen counts every message the shell socket gave (dropped ones too), shellPort
	// says what reached the port: with both, an error's stop_on_error aborts exactly what
	// had arrived (see stopping).
	shellSeen atomic.Uint64
	shellPort *zmtpnet.Port

	ctx      context.Context
	stop     context.CancelFunc
	stopOnce sync.Once

	dropped atomic.Uint64 // messages dropped for bad signatures or framing
	digests *wire.Digests // signatures seen, to refuse replayed messages
	usage   usage         // usage_request's state (CPU times at the previous request)

	// Owned by the shell worker.
	execCount    int
	abortThrough uint64 // execute requests that arrived up to here are aborted
	lastParent   []byte // header of the last execute request: parent of stray output
	out          outputState
}

// inbound is one shell message with its arrival number.
type inbound struct {
	msg *wire.Message
	seq uint64
}

// Run serves the kernel until a shutdown request (nil) or ctx ends (ctx's error).
func Run(ctx context.Context, cfg Config) error {
	k, err := start(ctx, cfg)
	if err != nil {
		return err
	}
	return k.wait(ctx)
}

func start(parent context.Context, cfg Config) (*Kernel, error) {
	k := &Kernel{cfg: cfg, log: cfg.Logger, session: uuid.NewString(), digests: wire.NewDigests(0)}
	if k.log == nil {
		k.log = log.New(os.Stderr, "peerbook: ", log.LstdFlags)
	}
	// A line names what peers sent (a msg_type, a comm target): it is cut at maxLogLine.
	k.log = log.New(clipWriter{k.log.Writer()}, k.log.Prefix(), k.log.Flags())
	k.conn = cfg.Connection
	if k.conn == nil {
		info, err := wire.ReadConnectionFile(cfg.ConnectionFile)
		if err != nil {
			return nil, err
		}
		k.conn = info
	}
	signer, err := wire.NewSigner(k.conn.SignatureScheme, []byte(k.conn.Key))
	if err != nil {
		return nil, err
	}
	k.signer = signer
	if !signer.Enabled() {
		where := k.conn.Transport + " " + k.conn.IP
		k.warn("the connection file has no key: messages are neither signed nor checked, so anyone who can reach the kernel's ports (%s) can run code as this user. "+
			"Start the kernel from Jupyter, which writes a key, or put one in the connection file", where)
	}
	k.username = "peerbook"
	if u, err := user.Current(); err == nil && u.Username != "" {
		k.username = u.Username
	}

	argv, err := evaluatorCommand(cfg.EvaluatorCommand)
	if err != nil {
		return nil, err
	}
	// The evaluator starts while the sockets are set up.
	k.trace = newStartTrace(k.log, cfg.Started)
	k.sup = newSupervisor(argv, cfg.EvaluatorEnv, k.log)
	k.sup.trace = k.trace
	if cfg.HandleSignals {
		k.sup.adoptOrphans() // the kernel owns its process (see leftovers.go)
	}
	go k.sup.start()
	k.hist = history.Open(cfg.HistoryPath)
	go func() {
		if err := k.hist.Err(); err != nil {
			k.warn("%v", err)
		}
	}()
	if cfg.Modules != nil {
		dir := cfg.Dir
		if dir == "" {
			dir, _ = os.Getwd()
		}
		b := *cfg.Modules
		if b.Start == nil {
			b.Start = k.sup.startOwn // the kernel may be a subreaper (adoptOrphans)
		}
		k.mods = newModuleState(&b, dir, cfg.ModulePackages)
	}

	var sigs chan os.Signal
	if cfg.HandleSignals {
		sigs = make(chan os.Signal, 4)
		signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	}
	k.ctx, k.stop = context.WithCancel(parent)
	if err := k.listen(); err != nil {
		if sigs != nil {
			signal.Stop(sigs)
		}
		k.stop()
		k.closeSockets()
		k.sup.close(time.Second)
		k.hist.Close()
		return nil, err
	}
	k.trace.step(stepSockets)
	k.shellQ = make(chan inbound, 1024)
	k.stdinQ = make(chan *wire.Message, 16)
	k.publish("status", nil, statusStarting)

	go k.heartbeat()
	go k.readLoop(k.shell, "shell", &k.shellSeen, func(m *wire.Message) {
		select {
		case k.shellQ <- inbound{msg: m, seq: k.arrived.Add(1)}:
		case <-k.ctx.Done():
		}
	})
	go k.readLoop(k.stdin, "stdin", nil, func(m *wire.Message) {
		if r := wire.RefusedOf(m); r != nil && m.Header.MsgType != "input_reply" {
			k.answerRefused(k.stdin, "stdin", m, r) // input_reply: the waiting input fails
			return
		}
		select {
		case k.stdinQ <- m:
		default:
			k.log.Printf("stdin: dropped %s: nothing is waiting for input", m.Header.MsgType)
		}
	})
	go k.readLoop(k.control, "control", nil, k.handleControl)
	go k.shellWorker()
	if sigs != nil {
		go k.signals(sigs)
	}
	if cfg.ParentPID > 0 {
		go k.watchParent(cfg.ParentPID)
	}
	return k, nil
}

// listen binds the five sockets.
func (k *Kernel) listen() error {
	maxMessage, err := k.cfg.maxMessage()
	if err != nil {
		return err
	}
	budget, err := k.cfg.receiveBudget()
	if err != nil {
		return err
	}
	network := zmtpnet.New(zmtpnet.Limits{MaxMessage: maxMessage, Budget: budget, NewTap: k.newTap(maxMessage),
		Logf: func(format string, args ...any) {
			for _, a := range args {
				if err, ok := a.(error); ok && errors.As(err, new(*zmtpnet.TooLargeError)) {
					format += " (PEERBOOK_MAX_MESSAGE sets the limit of a message)"
				} else if ok && errors.As(err, new(*zmtpnet.BusyError)) {
					format += " (PEERBOOK_RECEIVE_BUDGET sets the budget)"
				}
			}
			k.log.Printf("zmtp: "+format, args...)
		}})
	k.network = network
	zlog := log.New(k.log.Writer(), k.log.Prefix()+"zmq: ", k.log.Flags())
	opts := []zmq4.Option{zmq4.WithTimeout(sendTimeout), zmq4.WithLogger(zlog)}
	k.shell = zmq4.NewRouter(k.ctx, opts...)
	k.control = zmq4.NewRouter(k.ctx, opts...)
	k.stdin = zmq4.NewRouter(k.ctx, opts...)
	// The heartbeat echoes every message to its sender: a ROUTER does for REQ peers what
	// the spec's REP does, without REP's lock-step state.
	k.hb = zmq4.NewRouter(k.ctx, opts...)
	// IOPub is zmtpnet's PUB, not zmq4's: a queue per subscriber (see zmtpnet.Pub).
	ep := k.conn.Endpoint(k.conn.IOPubPort)
	pub, err := network.ListenPub(k.ctx, ep)
	if err != nil {
		return fmt.Errorf("listen iopub on %s: %w", ep, err)
	}
	k.iopub = pub
	if k.conn.IOPubPort == 0 {
		k.log.Printf("iopub listens on %v", pub.Addr())
	}
	for _, s := range []struct {
		name string
		sock zmq4.Socket
		port int
	}{
		{"shell", k.shell, k.conn.ShellPort}, {"control", k.control, k.conn.ControlPort},
		{"stdin", k.stdin, k.conn.StdinPort}, {"heartbeat", k.hb, k.conn.HBPort},
	} {
		ep := k.conn.Endpoint(s.port)
		if err := s.sock.Listen(network.Endpoint(ep)); err != nil {
			return fmt.Errorf("listen %s on %s: %w", s.name, ep, err)
		}
		if s.port == 0 {
			k.log.Printf("%s listens on %v", s.name, s.sock.Addr())
		}
	}
	k.shellPort = network.Port(k.shell.Addr())
	return k.notePorts(pub.Addr())
}

// notePorts fills in the tcp ports that were given as 0 with the ones the system chose
// (iopub is the IOPub socket's address) and, for a connection file, writes them back to it
// (the other fields as they were), so that clients can find the kernel.
func (k *Kernel) notePorts(iopub net.Addr) error {
	if k.conn.Transport != "tcp" {
		return nil
	}
	chosen := false
	for _, p := range []struct {
		port *int
		addr net.Addr
	}{
		{&k.conn.ShellPort, k.shell.Addr()}, {&k.conn.IOPubPort, iopub}, {&k.conn.StdinPort, k.stdin.Addr()},
		{&k.conn.ControlPort, k.control.Addr()}, {&k.conn.HBPort, k.hb.Addr()},
	} {
		if a, ok := p.addr.(*net.TCPAddr); ok && *p.port == 0 {
			*p.port, chosen = a.Port, true
		}
	}
	if !chosen || k.cfg.Connection != nil {
		return nil
	}
	if err := wire.WritePorts(k.cfg.ConnectionFile, k.conn); err != nil {
		return fmt.Errorf("write the chosen ports back: %w", err)
	}
	return nil
}

func (k *Kernel) closeSockets() {
	for _, s := range []zmq4.Socket{k.shell, k.control, k.stdin, k.hb} {
		if s != nil {
			s.Close()
		}
	}
	if k.iopub != nil {
		k.iopub.Close()
	}
}

// wait blocks until the kernel stops, then cleans up.
func (k *Kernel) wait(parent context.Context) error {
	<-k.ctx.Done()
	k.sup.close(time.Second)
	k.network.Flush(linger) // the last replies and IOPub messages leave first
	k.closeSockets()
	k.hist.Close()
	if err := parent.Err(); err != nil {
		return err
	}
	return nil
}

// maxLogLine bounds a line of the kernel's log: a peer may send a megabyte where a
// message type belongs.
const maxLogLine = 4 << 10

// clipWriter cuts each line (each Write of a log.Logger) at maxLogLine bytes, saying how
// much it cut.
type clipWriter struct{ w io.Writer }

func (c clipWriter) Write(p []byte) (int, error) {
	if len(p) <= maxLogLine {
		return c.w.Write(p)
	}
	line := append(p[:maxLogLine:maxLogLine], fmt.Sprintf("... [%d bytes of this line cut]\n", len(p)-maxLogLine)...)
	if _, err := c.w.Write(line); err != nil {
		return 0, err
	}
	return len(p), nil
}

// warn writes a warning on Config.Stderr (and the log).
func (k *Kernel) warn(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	k.log.Printf("warning: %s", msg)
	w := k.cfg.Stderr
	if w == nil {
		w = os.Stderr
	}
	if !sameFile(k.log.Writer(), w) { // else the log line was it
		fmt.Fprintf(w, "peerbook: warning: %s\n", msg)
	}
}

// sameFile reports whether the log writes to the file w is (--debug's standard error).
func sameFile(log, w io.Writer) bool {
	if cw, ok := log.(clipWriter); ok {
		log = cw.w
	}
	f1, ok1 := log.(*os.File)
	f2, ok2 := w.(*os.File)
	return ok1 && ok2 && f1 == f2
}

// shutdown stops the kernel.
func (k *Kernel) shutdown() { k.stopOnce.Do(k.stop) }

// readLoop receives messages on sock, checks them and hands them to handle; seen, when not
// nil, counts the messages received, once each is handled or dropped.
func (k *Kernel) readLoop(sock zmq4.Socket, name string, seen *atomic.Uint64, handle func(*wire.Message)) {
	for {
		zm, err := sock.Recv()
		if k.ctx.Err() != nil {
			return
		}
		if err != nil {
			k.log.Printf("%s: receive: %v", name, err)
			time.Sleep(10 * time.Millisecond)
			continue
		}
		k.readOne(zm.Frames, name, handle)
		if seen != nil {
			seen.Add(1)
		}
	}
}

// readOne checks one message's frames and hands it to handle, or drops it.
func (k *Kernel) readOne(frames [][]byte, name string, handle func(*wire.Message)) {
	if isCut(frames) {
		return // the start of a refused message: its stand-in follows (see refused.go)
	}
	m, err := k.decode(frames)
	if err != nil {
		if n := k.dropped.Add(1); n <= 100 || n%1000 == 0 {
			k.log.Printf("%s: dropped a message (%d so far): %v", name, n, err)
		}
		return
	}
	handle(m)
}

// decode checks and parses one message's frames; a signature seen before is refused, as
// ipykernel does, so that a captured message cannot be run again.
func (k *Kernel) decode(frames [][]byte) (m *wire.Message, err error) {
	defer func() {
		if r := recover(); r != nil {
			m, err = nil, fmt.Errorf("decode: %v", r)
		}
	}()
	return wire.DecodeOnce(frames, k.signer, k.digests)
}

// heartbeat echoes every ping.
func (k *Kernel) heartbeat() {
	for {
		m, err := k.hb.Recv()
		if k.ctx.Err() != nil {
			return
		}
		if err != nil {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		if err := k.hb.Send(m); err != nil && k.ctx.Err() == nil {
			k.log.Printf("heartbeat: %v", err)
		}
	}
}

// signals makes SIGINT interrupt the running cell and SIGTERM shut down, for the signals
// ch receives (registered before the sockets listen, so that a frontend that sends SIGTERM
// as soon as it can connect finds the kernel handling it).
func (k *Kernel) signals(ch chan os.Signal) {
	defer signal.Stop(ch)
	for {
		select {
		case sig := <-ch:
			if sig == syscall.SIGTERM {
				k.log.Printf("SIGTERM: shutting down")
				k.shutdown()
				return
			}
			k.sup.interrupt()
		case <-k.ctx.Done():
			return
		}
	}
}

// parentPollInterval is how often the kernel checks that its parent lives.
const parentPollInterval = time.Second

// watchParent shuts the kernel down when pid stops being its parent process.
func (k *Kernel) watchParent(pid int) {
	t := time.NewTicker(parentPollInterval)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			if os.Getppid() != pid {
				k.log.Printf("the frontend process %d is gone: shutting down", pid)
				k.shutdown()
				return
			}
		case <-k.ctx.Done():
			return
		}
	}
}

// goVersion is the Go version cells are written in ("1.26.8").
func goVersion() string {
	v := strings.TrimPrefix(runtime.Version(), "go")
	if i := strings.IndexAny(v, " -"); i > 0 {
		v = v[:i]
	}
	return v
}

var errShuttingDown = errors.New("the kernel is shutting down")

func init() { uuid.EnableRandPool() }

// DefaultHistoryPath is where history lives: $PEERBOOK_HISTORY when set ("none" keeps
// history in memory only), else $XDG_DATA_HOME/peerbook/history.jsonl, else
// ~/.local/share/peerbook/history.jsonl. "" means in memory.
func DefaultHistoryPath() string { return history.DefaultPath() }
