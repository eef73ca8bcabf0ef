package kernel

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/peerbook/peerbook/internal/ranknet"
	"github.com/peerbook/peerbook/internal/ranks"
)

// Ranks beyond one host: a cluster launcher (mpirun, srun) starts the ranks, on whatever
// hosts it places them, and each connects back to the kernel over TCP (package ranknet):
//
//  1. The kernel listens on a TCP port ($PEERBOOK_RANK_HOST, else every interface, with
//     the host's name advertised) and starts `LAUNCHER -np N ... EVALUATOR` with
//     PEERBOOK_RANK_CONNECT (HOST:PORT), PEERBOOK_RANK_KEY (a key made for the session, hex)
//     and PEERBOOK_RANK_SESSION (the launch's name) in its environment, exported to the
//     ranks (mpirun -x NAME; srun exports the environment itself): never on a command line.
//  2. Each rank's process is an agent (internal/evaluator): it reads its rank from the launcher's
//     environment, dials the kernel, signs a hello with the key, and starts the evaluator as
//     its child; the evaluator's four pipes travel in signed frames.
//  3. The kernel checks each hello within 5 s (signature, launch, rank in range, once per
//     rank) and makes the connection the rank's pipes (remoteProc): from there the rank is
//     driven as a local child is, sync markers and crash reports included. A connection
//     that is unsigned, badly signed, slow or of another launch is closed, and counts for
//     nothing.
//  4. A rank that never connects (the launcher failed or ended, or 60 s passed) ends the
//     generation with an error naming it and what the launcher said. When the generation
//     ends, the launcher is ended too, if it has not ended with its ranks.

// rankHandshakeWait bounds a connection's hello.
const rankHandshakeWait = 5 * time.Second

// rankConnectWait bounds the wait for every rank to connect after the launcher started;
// $PEERBOOK_RANK_CONNECT_TIMEOUT (a duration) changes it.
func rankConnectWait() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("PEERBOOK_RANK_CONNECT_TIMEOUT")); err == nil && d > 0 {
		return d
	}
	return 60 * time.Second
}

// maxHandshakes bounds the connections in their handshake at once; more are closed.
const maxHandshakes = 16

// launcher is a cluster launcher command, as the user gave it ("mpirun --oversubscribe").
type launcher struct {
	argv  []string
	style string // "mpirun" (OpenMPI, MPICH's mpiexec) or "srun"
}

// parseLauncher reads a launcher command line (words separated by spaces).
func parseLauncher(spec string) (*launcher, error) {
	argv := strings.Fields(spec)
	if len(argv) == 0 {
		return nil, errors.New("--launcher: empty command (want mpirun or srun, with arguments)")
	}
	switch base := filepath.Base(argv[0]); base {
	case "mpirun", "mpiexec", "orterun":
		return &launcher{argv: argv, style: "mpirun"}, nil
	case "srun":
		return &launcher{argv: argv, style: "srun"}, nil
	default:
		return nil, fmt.Errorf("--launcher %s: peerbook knows mpirun (OpenMPI, mpiexec) and srun (Slurm)", base)
	}
}

// String is the command as the user gave it ("" for nil: no launcher).
func (l *launcher) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(l.argv, " ")
}

// command is the launcher's command line for n ranks of the evaluator evaluator, passing
// the names of the environment variables export to the ranks.
func (l *launcher) command(n int, evaluator []string, export []string) []string {
	argv := append([]string(nil), l.argv...)
	switch l.style {
	case "mpirun":
		argv = append(argv, "-np", strconv.Itoa(n))
		for _, name := range export {
			argv = append(argv, "-x", name)
		}
	case "srun":
		argv = append(argv, "--ntasks", strconv.Itoa(n), "--export=ALL")
	}
	return append(argv, evaluator...)
}

// launchRanksLocked starts generation g through the launcher: its children are made at
// once (remote, waiting for their connections), then the launcher is started.
func (s *supervisor) launchRanksLocked(g *rankGen) error {
	if s.rankKey == nil {
		s.rankKey = make([]byte, 32)
		if _, err := rand.Read(s.rankKey); err != nil {
			return err
		}
	}
	var id [8]byte
	rand.Read(id[:])
	session := hex.EncodeToString(id[:])
	bind, advertise := os.Getenv("PEERBOOK_RANK_HOST"), os.Getenv("PEERBOOK_RANK_HOST")
	if advertise == "" {
		h, err := os.Hostname()
		if err != nil {
			return fmt.Errorf("the host's name, for the ranks to connect to: %w", err)
		}
		advertise = h
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(bind, "0"))
	if err != nil {
		return fmt.Errorf("listen for the ranks: %w", err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	addr := net.JoinHostPort(advertise, strconv.Itoa(port))
	for r := 0; r < g.size; r++ {
		g.alive.Add(1)
		g.kids = append(g.kids, s.remoteChildLocked(g, r))
	}
	env := []string{
		ranknet.EnvConnect + "=" + addr,
		ranknet.EnvKey + "=" + hex.EncodeToString(s.rankKey),
		ranknet.EnvSession + "=" + session,
		ranks.EnvRanks + "=" + strconv.Itoa(g.size),
		ranks.EnvLocalDir + "=" + g.dir,
	}
	export := []string{ranknet.EnvConnect, ranknet.EnvKey, ranknet.EnvSession, ranks.EnvRanks, ranks.EnvLocalDir}
	for _, kv := range s.env {
		if name, _, ok := strings.Cut(kv, "="); ok {
			export = append(export, name)
		}
	}
	argv := s.launch.command(g.size, s.argv, export)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(append(os.Environ(), s.env...), env...)
	out := &tailBuffer{max: 16 << 10}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = childProcAttr()
	if err := startOnSpawner(cmd.Start); err != nil {
		ln.Close()
		for _, c := range g.kids {
			c.proc.(*remoteProc).fail(fmt.Sprintf("never connected: %s could not start (%v)", s.launch, err))
		}
		return fmt.Errorf("start %s: %w", s.launch, err)
	}
	s.own[cmd.Process.Pid] = true // not a leftover: the kernel waits for it
	l := &launched{cmd: cmd, out: out, done: make(chan struct{}), ln: ln}
	g.launched = l
	s.log.Printf("ranks: started %s for %d ranks, waiting for them on %s", s.launch, g.size, addr)
	go s.acceptRanks(g, session)
	go func() {
		err := cmd.Wait()
		s.mu.Lock()
		delete(s.own, cmd.Process.Pid)
		s.mu.Unlock()
		l.status = "exit status 0"
		if err != nil {
			l.status = err.Error()
		}
		close(l.done)
		ln.Close()
		why := fmt.Sprintf("never connected: %s ended (%s) first", s.launch, l.status)
		if tail := strings.TrimSpace(out.String()); tail != "" {
			why += "; it said:\n" + tail
		}
		for _, c := range g.kids {
			c.proc.(*remoteProc).fail(why)
		}
	}()
	time.AfterFunc(rankConnectWait(), func() {
		why := fmt.Sprintf("did not connect to the kernel at %s within %v of starting %s (can its host reach this one? $PEERBOOK_RANK_HOST sets the address the ranks are given)",
			addr, rankConnectWait(), s.launch)
		failed := false
		for _, c := range g.kids {
			failed = c.proc.(*remoteProc).fail(why) || failed
		}
		if failed {
			l.stop()
		}
	})
	return nil
}

// launched is a running launcher of a generation.
type launched struct {
	cmd    *exec.Cmd
	out    *tailBuffer
	ln     net.Listener
	done   chan struct{}
	status string
}

// stop ends the launcher: its ranks are gone (or never came). It is given 2 s to end on
// its own (mpirun does once its processes have), then its process group is killed.
func (l *launched) stop() {
	l.ln.Close()
	select {
	case <-l.done:
		return
	case <-time.After(2 * time.Second):
	}
	syscall.Kill(-l.cmd.Process.Pid, syscall.SIGKILL)
	<-l.done
}

// acceptRanks accepts the ranks' connections of g until every rank is connected or the
// listener is closed.
func (s *supervisor) acceptRanks(g *rankGen, session string) {
	ln := g.launched.ln
	sem := make(chan struct{}, maxHandshakes)
	for {
		nc, err := ln.Accept()
		if err != nil {
			return
		}
		select {
		case sem <- struct{}{}:
		default:
			s.log.Printf("ranks: refused a connection from %s: %d handshakes already wait", nc.RemoteAddr(), maxHandshakes)
			nc.Close()
			continue
		}
		go func() {
			defer func() { <-sem }()
			if s.acceptRank(g, session, nc) && g.allConnected() {
				ln.Close()
			}
		}()
	}
}

// acceptRank runs one connection's handshake and gives it to its rank; it reports whether
// the rank was accepted.
func (s *supervisor) acceptRank(g *rankGen, session string, nc net.Conn) bool {
	conn, h, err := ranknet.Accept(nc, s.rankKey, time.Now().Add(rankHandshakeWait))
	if err != nil {
		s.log.Printf("ranks: refused a connection from %s: %v", nc.RemoteAddr(), err)
		nc.Close()
		return false
	}
	refuse := func(why string) bool {
		s.log.Printf("ranks: refused rank %d from %s: %s", h.Rank, nc.RemoteAddr(), why)
		conn.Send(ranknet.KindRefused, []byte(why))
		conn.Close()
		return false
	}
	switch {
	case h.Session != session:
		return refuse(fmt.Sprintf("it is of another launch (%q, not %q)", h.Session, session))
	case h.Size != g.size:
		return refuse(fmt.Sprintf("the launcher started %d ranks; the kernel asked for %d", h.Size, g.size))
	case h.Rank < 0 || h.Rank >= g.size:
		return refuse(fmt.Sprintf("rank %d is not in [0, %d)", h.Rank, g.size))
	}
	c := g.kids[h.Rank]
	if !c.proc.(*remoteProc).attach(c, conn, h) {
		return refuse(fmt.Sprintf("rank %d is already connected, or was given up", h.Rank))
	}
	s.log.Printf("ranks: rank %d of %d connected from %s (host %s, pid %d)", h.Rank, g.size, nc.RemoteAddr(), h.Host, h.PID)
	return true
}

// hosts are the hosts of the connected ranks ("rank 0: host"), for the %ranks cell.
func (g *rankGen) hosts() []string {
	var hs []string
	for _, c := range g.kids {
		if p, ok := c.proc.(*remoteProc); ok {
			p.mu.Lock()
			if p.host != "" {
				name, _, _ := strings.Cut(p.host, "/") // without the boot id
				hs = append(hs, fmt.Sprintf("rank %d on %s", c.rank, name))
			}
			p.mu.Unlock()
		}
	}
	return hs
}

// allConnected reports whether every rank of g has connected.
func (g *rankGen) allConnected() bool {
	for _, c := range g.kids {
		if !c.proc.(*remoteProc).attached() {
			return false
		}
	}
	return true
}

// remoteChildLocked makes the child of rank r of g, to be connected later: its pipes are
// real pipes, which the connection feeds (remoteProc), so that the child is read as a local
// one is.
func (s *supervisor) remoteChildLocked(g *rankGen, r int) *child {
	s.gen++
	c := &child{gen: s.gen, sup: s, rank: r, rg: g, remote: true, ready: make(chan struct{}), exited: make(chan struct{})}
	p := &remoteProc{rank: r, done: make(chan struct{})}
	var err error
	var reqR, evR, outR, errR *os.File
	for _, pp := range []struct{ r, w **os.File }{{&reqR, &c.reqW}, {&evR, &p.evW}, {&outR, &p.outW}, {&errR, &p.errW}} {
		if err == nil {
			*pp.r, *pp.w, err = os.Pipe()
		}
	}
	c.proc = p
	if err != nil {
		// No pipes: the rank ends at once, saying why.
		p.fail("pipes for the rank: " + err.Error())
		go c.wait(new(sync.WaitGroup))
		return c
	}
	p.reqR = reqR
	var pipes sync.WaitGroup
	pipes.Add(3)
	go func() { defer pipes.Done(); c.readEvents(evR) }()
	go func() { defer pipes.Done(); c.readPipe(outR, "stdout") }()
	go func() { defer pipes.Done(); c.readPipe(errR, "stderr") }()
	go c.wait(&pipes)
	return c
}

// remoteProc is a rank's evaluator on the far side of a ranknet connection: its pipes are
// fed from the connection's frames, its requests sent in frames, its signals asked of its
// agent.
type remoteProc struct {
	rank            int
	reqR            *os.File // what the kernel writes to the rank's fd 3
	evW, outW, errW *os.File // the rank's fd 4, 1 and 2, as the kernel reads them
	done            chan struct{}
	mu              sync.Mutex
	conn            *ranknet.Conn
	ended           bool
	status          string
	killTimer       *time.Timer
	host            string // from the hello
}

// attached reports whether the rank has connected.
func (p *remoteProc) attached() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.conn != nil
}

// attach makes conn the rank's connection (once, unless it was given up) and starts
// carrying its frames.
func (p *remoteProc) attach(c *child, conn *ranknet.Conn, h ranknet.Hello) bool {
	p.mu.Lock()
	if p.conn != nil || p.ended {
		p.mu.Unlock()
		return false
	}
	p.conn, p.host = conn, h.Host
	c.pid = h.PID
	p.mu.Unlock()
	if err := conn.Send(ranknet.KindWelcome, nil); err != nil {
		p.end("the connection to the rank was lost: " + err.Error())
		return true
	}
	go p.sendRequests()
	go p.receive()
	return true
}

// sendRequests carries what the kernel writes to the rank's fd 3.
func (p *remoteProc) sendRequests() {
	buf := make([]byte, 32<<10)
	for {
		n, err := p.reqR.Read(buf)
		if n > 0 {
			if err := p.conn.Send(ranknet.KindRequests, buf[:n]); err != nil {
				p.end(fmt.Sprintf("killed: the connection to rank %d's agent failed (%v)", p.rank, err))
				io.Copy(io.Discard, p.reqR) // the kernel's writes must not block
				return
			}
		}
		if err != nil {
			p.conn.Close() // the kernel closed fd 3: the rank's end (its exit frame) follows
			return
		}
	}
}

// receive carries the rank's frames to its pipes until its exit frame or the
// connection's end.
func (p *remoteProc) receive() {
	for {
		kind, payload, err := p.conn.Recv()
		if err != nil {
			p.end(fmt.Sprintf("killed: the connection to rank %d's agent ended (%v)", p.rank, err))
			return
		}
		var w *os.File
		switch kind {
		case ranknet.KindEvents:
			w = p.evW
		case ranknet.KindStdout:
			w = p.outW
		case ranknet.KindStderr:
			w = p.errW
		case ranknet.KindExit:
			p.end(string(payload))
			return
		default:
			p.end(fmt.Sprintf("killed: rank %d's agent sent a frame of kind %q", p.rank, kind))
			return
		}
		if _, err := w.Write(payload); err != nil {
			p.end("killed: " + err.Error())
			return
		}
	}
}

// fail ends a rank that has not connected, with why; it reports whether it did.
func (p *remoteProc) fail(why string) bool {
	p.mu.Lock()
	pending := p.conn == nil && !p.ended
	p.mu.Unlock()
	if pending {
		p.end(fmt.Sprintf("rank %d %s", p.rank, why))
	}
	return pending
}

// end records the rank's end (once): its pipes close, and Wait returns status.
func (p *remoteProc) end(status string) {
	p.mu.Lock()
	if p.ended {
		p.mu.Unlock()
		return
	}
	p.ended, p.status = true, status
	if p.killTimer != nil {
		p.killTimer.Stop()
	}
	conn := p.conn
	p.mu.Unlock()
	for _, f := range []*os.File{p.evW, p.outW, p.errW} {
		if f != nil {
			f.Close()
		}
	}
	if conn != nil {
		conn.Close()
	}
	close(p.done)
}

// Signal asks the agent to interrupt the evaluator (os.Interrupt; other signals kill).
func (p *remoteProc) Signal(sig os.Signal) error {
	if sig != os.Interrupt {
		return p.Kill()
	}
	p.mu.Lock()
	conn := p.conn
	p.mu.Unlock()
	if conn == nil {
		return errors.New("the rank has not connected")
	}
	return conn.Send(ranknet.KindInterrupt, nil)
}

// Kill asks the agent to kill the evaluator; an agent that does not report its end within
// 3 s is cut off.
func (p *remoteProc) Kill() error {
	p.mu.Lock()
	conn, ended := p.conn, p.ended
	if conn != nil && !ended && p.killTimer == nil {
		p.killTimer = time.AfterFunc(3*time.Second, func() {
			p.end(fmt.Sprintf("killed: rank %d's agent did not report its end within 3 s of a kill", p.rank))
		})
	}
	p.mu.Unlock()
	if ended {
		return nil
	}
	if conn == nil {
		p.end("signal: killed")
		return nil
	}
	if err := conn.Send(ranknet.KindKill, nil); err != nil {
		p.end(fmt.Sprintf("killed: the connection to rank %d's agent failed (%v)", p.rank, err))
	}
	return nil
}

// Wait returns when the rank has ended.
func (p *remoteProc) Wait() error {
	<-p.done
	if p.status == "exit status 0" {
		return nil
	}
	return errors.New(p.status)
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append(t.b[:0], t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
