package kernel

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/google/uuid"

	"github.com/peerbook/peerbook/kernel/internal/wire"
)

// testKernel is a kernel running in the test process, its evaluator a fake child.
type testKernel struct {
	k      *Kernel
	done   chan error
	conn   *wire.ConnectionInfo
	cancel context.CancelFunc
	logBuf *syncBuffer
	stderr *syncBuffer // Config.Stderr: the warnings a user sees
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func freePorts(t testing.TB, n int) []int {
	t.Helper()
	var ports []int
	var ls []net.Listener
	for i := 0; i < n; i++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	return ports
}

type kernelOpts struct {
	key         string
	historyPath string
	evaluator   []string
	conn        *wire.ConnectionInfo
	env         []string // more evaluator environment
}

// startKernel starts a kernel with a fake evaluator and stops it when the test ends.
func startKernel(t testing.TB, o kernelOpts) *testKernel {
	t.Helper()
	conn := o.conn
	if conn == nil {
		p := freePorts(t, 5)
		conn = &wire.ConnectionInfo{Transport: "tcp", IP: "127.0.0.1", ShellPort: p[0], IOPubPort: p[1],
			StdinPort: p[2], ControlPort: p[3], HBPort: p[4], Key: o.key, SignatureScheme: "hmac-sha256"}
	}
	argv := o.evaluator
	if argv == nil {
		argv = []string{os.Args[0]}
	}
	logBuf := &syncBuffer{}
	logw := io.Writer(logBuf)
	if testing.Verbose() {
		logw = io.MultiWriter(logBuf, os.Stderr)
	}
	ctx, cancel := context.WithCancel(context.Background())
	stderr := &syncBuffer{}
	k, err := start(ctx, Config{
		Stderr:           stderr,
		Connection:       conn,
		EvaluatorCommand: argv,
		EvaluatorEnv:     append([]string{fakeEnv + "=1"}, o.env...),
		HistoryPath:      o.historyPath,
		Logger:           log.New(logw, "kernel: ", log.Lmicroseconds),
		Version:          "test",
	})
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	tk := &testKernel{k: k, done: make(chan error, 1), conn: conn, cancel: cancel, logBuf: logBuf, stderr: stderr}
	go func() { tk.done <- k.wait(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-tk.done:
		case <-time.After(time.Minute):
			t.Error("kernel did not stop")
		}
	})
	return tk
}

// client is a Jupyter frontend talking to a kernel over real ZMQ sockets.
type client struct {
	t       testing.TB
	signer  *wire.Signer
	session string

	shell, control, stdin, iopub, hb zmq4.Socket

	shellCh, controlCh, stdinCh, iopubCh chan *wire.Message

	timeout time.Duration // for replies and IOPub messages; default 10 s
}

func connect(t testing.TB, tk *testKernel) *client { return dial(t, tk.conn) }

// dial connects a client to the kernel serving conn.
func dial(t testing.TB, conn *wire.ConnectionInfo) *client {
	t.Helper()
	signer, err := wire.NewSigner("hmac-sha256", []byte(conn.Key))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	session := uuid.NewString()
	id := zmq4.WithID(zmq4.SocketIdentity(session))
	c := &client{t: t, signer: signer, session: session,
		shell:   zmq4.NewDealer(ctx, id),
		control: zmq4.NewDealer(ctx, id),
		stdin:   zmq4.NewDealer(ctx, id),
		iopub:   zmq4.NewSub(ctx),
		hb:      zmq4.NewReq(ctx),
		shellCh: make(chan *wire.Message, 100), controlCh: make(chan *wire.Message, 100),
		stdinCh: make(chan *wire.Message, 100), iopubCh: make(chan *wire.Message, 1000),
	}
	t.Cleanup(func() {
		cancel()
		for _, s := range []zmq4.Socket{c.shell, c.control, c.stdin, c.iopub, c.hb} {
			s.Close()
		}
	})
	for _, s := range []struct {
		sock zmq4.Socket
		port int
	}{{c.shell, conn.ShellPort}, {c.control, conn.ControlPort}, {c.stdin, conn.StdinPort},
		{c.iopub, conn.IOPubPort}, {c.hb, conn.HBPort}} {
		if err := s.sock.Dial(conn.Endpoint(s.port)); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.iopub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct {
		sock zmq4.Socket
		ch   chan *wire.Message
	}{{c.shell, c.shellCh}, {c.control, c.controlCh}, {c.stdin, c.stdinCh}, {c.iopub, c.iopubCh}} {
		go func() {
			for {
				zm, err := r.sock.Recv()
				if err != nil {
					if ctx.Err() != nil {
						return
					}
					continue
				}
				m, err := wire.Decode(zm.Frames, signer)
				if err != nil {
					t.Errorf("client got a bad message: %v", err)
					continue
				}
				r.ch <- m
			}
		}()
	}
	// IOPub drops what is published before the subscription arrives: ask for kernel info
	// until a status message shows that IOPub is connected.
	deadline := time.Now().Add(10 * time.Second)
	for {
		id := c.send(c.shell, "kernel_info_request", map[string]any{})
		c.reply(c.shellCh, id)
		select {
		case <-c.iopubCh:
			time.Sleep(50 * time.Millisecond)
			c.drain()
			return c
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatal("IOPub never connected")
		}
	}
}

func (c *client) wait() time.Duration {
	if c.timeout > 0 {
		return c.timeout
	}
	return time.Minute // only a failing test waits this long
}

// awaitStream reads IOPub until the stream output of request msgID holds each of texts: a
// test that must act while a cell runs (interrupt it, kill it) waits for the cell to say it
// runs, instead of sleeping and hoping it does.
func (c *client) awaitStream(msgID string, texts ...string) {
	c.t.Helper()
	var got strings.Builder
	timeout := time.After(time.Minute)
	for !containsAll(got.String(), texts) {
		select {
		case m := <-c.iopubCh:
			if m.Header.MsgType == "stream" && parentID(m) == msgID {
				got.WriteString(content(m)["text"].(string))
			}
		case <-timeout:
			c.t.Fatalf("after a minute the cell of %s printed %q, not all of %q", msgID, got.String(), texts)
		}
	}
}

func containsAll(s string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// drain discards pending IOPub messages.
func (c *client) drain() {
	for {
		select {
		case <-c.iopubCh:
		default:
			return
		}
	}
}

// message builds the frames of a request.
func (c *client) message(msgType string, content any) (string, [][]byte) {
	id := uuid.NewString()
	header := wire.AppendHeader(nil, id, c.session, "tester", msgType, time.Now())
	body, err := json.Marshal(content)
	if err != nil {
		c.t.Fatal(err)
	}
	return id, wire.Frames(c.signer, nil, header, []byte("{}"), []byte("{}"), body, nil)
}

func (c *client) send(sock zmq4.Socket, msgType string, content any) string {
	c.t.Helper()
	id, frames := c.message(msgType, content)
	c.sendFrames(sock, frames)
	return id
}

func (c *client) sendFrames(sock zmq4.Socket, frames [][]byte) {
	c.t.Helper()
	if err := sock.Send(zmq4.NewMsgFrom(frames...)); err != nil {
		c.t.Fatal(err)
	}
}

// reply waits for the reply to msgID on ch.
func (c *client) reply(ch chan *wire.Message, msgID string) *wire.Message {
	c.t.Helper()
	return c.replyWithin(ch, msgID, c.wait())
}

func (c *client) replyWithin(ch chan *wire.Message, msgID string, d time.Duration) *wire.Message {
	c.t.Helper()
	timeout := time.After(d)
	for {
		select {
		case m := <-ch:
			if parentID(m) == msgID {
				return m
			}
		case <-timeout:
			c.t.Fatalf("no reply to %s within %v", msgID, d)
			return nil
		}
	}
}

func parentID(m *wire.Message) string {
	var h wire.Header
	json.Unmarshal(m.ParentHeader, &h)
	return h.MsgID
}

// iopubFor collects the IOPub messages of request msgID, from status busy to status idle.
func (c *client) iopubFor(msgID string) []*wire.Message {
	c.t.Helper()
	var out []*wire.Message
	timeout := time.After(c.wait())
	for {
		select {
		case m := <-c.iopubCh:
			if parentID(m) != msgID {
				continue
			}
			out = append(out, m)
			if m.Header.MsgType == "status" && content(m)["execution_state"] == "idle" {
				return out
			}
		case <-timeout:
			c.t.Fatalf("no status idle for %s; got %v", msgID, types(out))
			return nil
		}
	}
}

// execute runs code and returns the reply and the IOPub messages between busy and idle.
func (c *client) execute(code string, extra ...map[string]any) (*wire.Message, []*wire.Message) {
	c.t.Helper()
	req := map[string]any{"code": code, "silent": false, "store_history": true,
		"user_expressions": map[string]any{}, "allow_stdin": false, "stop_on_error": true}
	for _, e := range extra {
		for k, v := range e {
			req[k] = v
		}
	}
	id := c.send(c.shell, "execute_request", req)
	r := c.reply(c.shellCh, id)
	return r, c.iopubFor(id)
}

func content(m *wire.Message) map[string]any {
	var v map[string]any
	json.Unmarshal(m.Content, &v)
	return v
}

func types(ms []*wire.Message) []string {
	var s []string
	for _, m := range ms {
		t := m.Header.MsgType
		if t == "status" {
			t += ":" + content(m)["execution_state"].(string)
		}
		if t == "stream" {
			t += ":" + content(m)["name"].(string)
		}
		s = append(s, t)
	}
	return s
}

// streamText joins the text of the stream messages named name.
func streamText(ms []*wire.Message, name string) string {
	var b strings.Builder
	for _, m := range ms {
		if m.Header.MsgType == "stream" && content(m)["name"] == name {
			b.WriteString(content(m)["text"].(string))
		}
	}
	return b.String()
}

func find(ms []*wire.Message, msgType string) *wire.Message {
	for _, m := range ms {
		if m.Header.MsgType == msgType {
			return m
		}
	}
	return nil
}

func historyFile(t *testing.T) string { return filepath.Join(t.TempDir(), "history.jsonl") }

type wireMessage = wire.Message

func mustSigner(t testing.TB, key string) *wire.Signer {
	s, err := wire.NewSigner("hmac-sha256", []byte(key))
	if err != nil {
		t.Fatal(err)
	}
	return s
}
