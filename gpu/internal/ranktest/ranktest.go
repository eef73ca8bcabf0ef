// Package ranktest runs a test as N ranks without the kernel: N processes of the test binary,
// each a rank with a ranks.World whose AllGather meets the others at a hub in the test's own
// process, over a Unix socket in a temporary directory that is also the ranks' LocalDir.
//
// The hub keeps the contract of ranks.World as the kernel does: an AllGather completes when
// every rank sent one with the same tag; a rank that sends another tag makes it an error on
// every rank, naming both tags; a rank whose process ends (its connection closes) makes
// every waiting and later AllGather fail, naming the rank. Tests of the gpu package use it
// to run 2 and 4 ranks on simulated devices in `go test`.
package ranktest

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/peerbook/peerbook/internal/ranks"
)

// Environment of a rank process of a test (besides ranks.EnvRank, EnvRanks, EnvLocalDir).
const (
	envHub  = "PEERBOOK_RANKTEST_HUB"  // the hub's socket
	envTest = "PEERBOOK_RANKTEST_NAME" // the test (t.Name()) the process runs as a rank
)

// childTimeout bounds a rank process: a hang fails the test instead of stalling go test;
// failTimeout is how long the others may run on after one rank failed.
const (
	childTimeout = 3 * time.Minute
	failTimeout  = 10 * time.Second
)

// Option changes how Run runs the ranks.
type Option func(*options)

type options struct {
	exits map[int]int // rank -> the exit status it must end with
	env   []string
}

// Exits says that rank ends its process with status code (os.Exit in the body) on purpose:
// Run checks that it did, and that the other ranks passed.
func Exits(rank, code int) Option {
	return func(o *options) { o.exits[rank] = code }
}

// Env adds environment variables ("K=V") to every rank process.
func Env(kv ...string) Option {
	return func(o *options) { o.env = append(o.env, kv...) }
}

// Run runs body on n ranks. Called from a test in the test binary's own process, it starts
// n processes of the binary that run only this test, as ranks 0..n-1, and fails t with the
// output of every rank that failed. In a rank process it runs body with the rank's World.
// A test that calls Run must be safe to run again in a child process up to the call.
func Run(t *testing.T, n int, body func(t *testing.T, w ranks.World), opts ...Option) {
	t.Helper()
	if hub := os.Getenv(envHub); hub != "" {
		if os.Getenv(envTest) != t.Name() {
			t.Skipf("rank process of %s", os.Getenv(envTest))
		}
		w, err := Dial(hub)
		if err != nil {
			t.Fatalf("rank: %v", err)
		}
		defer w.Close()
		body(t, w)
		return
	}
	o := options{exits: map[int]int{}}
	for _, opt := range opts {
		opt(&o)
	}
	dir, err := os.MkdirTemp("", "ranktest")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "hub.sock")
	h, err := Listen(sock, n)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()

	ctx, cancel := context.WithTimeout(context.Background(), childTimeout)
	defer cancel()
	outs := make([]*strings.Builder, n)
	cmds := make([]*exec.Cmd, n)
	for r := 0; r < n; r++ {
		cmd := exec.CommandContext(ctx, os.Args[0], "-test.run="+runPattern(t.Name()), "-test.count=1", "-test.v",
			"-test.timeout="+childTimeout.String())
		cmd.Env = append(os.Environ(), envHub+"="+sock, envTest+"="+t.Name(),
			ranks.EnvRank+"="+strconv.Itoa(r), ranks.EnvRanks+"="+strconv.Itoa(n), ranks.EnvLocalDir+"="+dir)
		cmd.Env = append(cmd.Env, o.env...)
		outs[r] = &strings.Builder{}
		cmd.Stdout, cmd.Stderr = outs[r], outs[r]
		if err := cmd.Start(); err != nil {
			t.Fatalf("start rank %d: %v", r, err)
		}
		cmds[r] = cmd
	}
	// Wait for all of them; once one fails unexpectedly, the others get failTimeout to
	// finish (they may be waiting for it outside any AllGather: a spinning kernel).
	errs := make([]error, n)
	finished := make(chan int, n)
	for r, cmd := range cmds {
		go func() { errs[r] = cmd.Wait(); finished <- r }()
	}
	for range cmds {
		r := <-finished
		var ee *exec.ExitError
		failed := errs[r] != nil && !(errors.As(errs[r], &ee) && o.exits[r] == ee.ExitCode())
		if failed {
			time.AfterFunc(failTimeout, cancel)
		}
	}
	for r := range cmds {
		err := errs[r]
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Errorf("rank %d: %v", r, err)
			continue
		}
		want, dies := o.exits[r]
		switch {
		case ctx.Err() != nil && code != 0 && !dies:
			t.Errorf("rank %d was stopped (it ran past %v, or %v past another rank's failure):\n%s", r, childTimeout, failTimeout, outs[r])
		case dies && code != want:
			t.Errorf("rank %d ended with status %d, want %d:\n%s", r, code, want, outs[r])
		case !dies && code != 0:
			t.Errorf("rank %d failed (status %d):\n%s", r, code, outs[r])
		case !dies && !strings.Contains(outs[r].String(), "--- PASS: "+t.Name()):
			t.Errorf("rank %d did not run %s:\n%s", r, t.Name(), outs[r])
		case testing.Verbose():
			t.Logf("rank %d:\n%s", r, outs[r])
		}
	}
}

// runPattern is the -test.run pattern that selects exactly the test named name (a subtest's
// name has one element per level).
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// request and reply are the lines of the hub protocol: a hello {"rank": r} first, then one
// request per AllGather, answered by one reply.
type request struct {
	Rank int    `json:"rank"`
	Tag  string `json:"tag"`
	Data []byte `json:"data"`
}

type reply struct {
	Data  [][]byte `json:"data,omitempty"`
	Error string   `json:"error,omitempty"`
}

// Hub is where the ranks of a test meet.
type Hub struct {
	l    net.Listener
	n    int
	mu   sync.Mutex
	wait []*pending // per rank: its AllGathers not yet answered, oldest first
	dead string     // why the session is over ("rank 1 died: ..."), "" while it is not
	enc  []*json.Encoder
	wg   sync.WaitGroup
}

type pending struct {
	tag  string
	data []byte
	next *pending
}

// Listen starts a hub for n ranks on a Unix socket at path.
func Listen(path string, n int) (*Hub, error) {
	l, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("ranktest hub: %w", err)
	}
	h := &Hub{l: l, n: n, wait: make([]*pending, n), enc: make([]*json.Encoder, n)}
	h.wg.Add(1)
	go h.accept()
	return h, nil
}

// Close stops the hub.
func (h *Hub) Close() error {
	err := h.l.Close()
	h.wg.Wait()
	return err
}

func (h *Hub) accept() {
	defer h.wg.Done()
	for {
		c, err := h.l.Accept()
		if err != nil {
			return
		}
		go h.serve(c)
	}
}

func (h *Hub) serve(c net.Conn) {
	defer c.Close()
	dec := json.NewDecoder(bufio.NewReader(c))
	var hello request
	if err := dec.Decode(&hello); err != nil || hello.Rank < 0 || hello.Rank >= h.n {
		return
	}
	r := hello.Rank
	h.mu.Lock()
	h.enc[r] = json.NewEncoder(c)
	h.mu.Unlock()
	for {
		var q request
		if err := dec.Decode(&q); err != nil {
			h.mu.Lock()
			if h.dead == "" {
				h.dead = fmt.Sprintf("rank %d died (its connection closed: %v)", r, err)
			}
			h.enc[r] = nil
			h.settle()
			h.mu.Unlock()
			return
		}
		h.mu.Lock()
		p := &pending{tag: q.Tag, data: q.Data}
		if h.wait[r] == nil {
			h.wait[r] = p
		} else {
			last := h.wait[r]
			for last.next != nil {
				last = last.next
			}
			last.next = p
		}
		h.settle()
		h.mu.Unlock()
	}
}

// settle answers every AllGather that can be answered. h.mu is held.
func (h *Hub) settle() {
	for {
		if h.dead != "" {
			for r, p := range h.wait {
				for ; p != nil; p = p.next {
					h.send(r, reply{Error: fmt.Sprintf("all-gather %q: %s", p.tag, h.dead)})
				}
				h.wait[r] = nil
			}
			return
		}
		for _, p := range h.wait {
			if p == nil {
				return
			}
		}
		rep := reply{}
		for r, p := range h.wait {
			if p.tag != h.wait[0].tag && rep.Error == "" {
				rep.Error = fmt.Sprintf("all-gather: rank 0 sent tag %q, rank %d sent tag %q", h.wait[0].tag, r, p.tag)
			}
			rep.Data = append(rep.Data, p.data)
		}
		if rep.Error != "" {
			rep.Data = nil
		}
		for r, p := range h.wait {
			h.send(r, rep)
			h.wait[r] = p.next
		}
	}
}

func (h *Hub) send(r int, rep reply) {
	if e := h.enc[r]; e != nil {
		e.Encode(rep)
	}
}

// World is a rank's side of a hub: a ranks.World.
type World struct {
	rank, size int
	dir, host  string

	mu     sync.Mutex
	c      net.Conn
	dec    *json.Decoder
	broken error
}

var _ ranks.World = (*World)(nil)

// Dial connects this rank process (placed by ranks.FromEnv) to the hub at path.
func Dial(path string) (*World, error) {
	pos, err := ranks.FromEnv()
	if err != nil {
		return nil, err
	}
	c, err := net.Dial("unix", path)
	if err != nil {
		return nil, fmt.Errorf("ranktest: rank %d: %w", pos.Rank, err)
	}
	host, _ := os.Hostname()
	w := &World{rank: pos.Rank, size: pos.Size, dir: pos.LocalDir, host: host, c: c, dec: json.NewDecoder(bufio.NewReader(c))}
	if err := json.NewEncoder(c).Encode(request{Rank: pos.Rank}); err != nil {
		c.Close()
		return nil, fmt.Errorf("ranktest: rank %d: hello: %w", pos.Rank, err)
	}
	return w, nil
}

// Close disconnects from the hub (the others' AllGathers then fail, as when a rank dies).
func (w *World) Close() error { return w.c.Close() }

// Rank is this process's rank.
func (w *World) Rank() int { return w.rank }

// Size is the number of ranks.
func (w *World) Size() int { return w.size }

// Host is this machine's host name: every rank of a test runs here.
func (w *World) Host() string { return w.host }

// LocalDir is the test's temporary directory, shared by its ranks.
func (w *World) LocalDir() string { return w.dir }

// AllGather sends mine under tag and returns every rank's blob, in rank order. When ctx
// ends first, the World is broken (its protocol lost its place) and every later call fails.
func (w *World) AllGather(ctx context.Context, tag string, mine []byte) ([][]byte, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.broken != nil {
		return nil, w.broken
	}
	if err := json.NewEncoder(w.c).Encode(request{Rank: w.rank, Tag: tag, Data: mine}); err != nil {
		w.broken = fmt.Errorf("all-gather %q: %w", tag, err)
		return nil, w.broken
	}
	stop := context.AfterFunc(ctx, func() { w.c.SetReadDeadline(time.Unix(1, 0)) })
	var rep reply
	err := w.dec.Decode(&rep)
	if !stop() || ctx.Err() != nil {
		w.broken = fmt.Errorf("all-gather %q: %w", tag, ctx.Err())
		return nil, w.broken
	}
	if err != nil {
		w.broken = fmt.Errorf("all-gather %q: the hub is gone: %w", tag, err)
		return nil, w.broken
	}
	if rep.Error != "" {
		return nil, errors.New(rep.Error)
	}
	if len(rep.Data) != w.size {
		return nil, fmt.Errorf("all-gather %q: %d blobs for %d ranks", tag, len(rep.Data), w.size)
	}
	return rep.Data, nil
}
