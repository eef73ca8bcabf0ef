// Package fdpass passes file descriptors between the rank processes of one host: each rank
// offers one (shared memory: a memfd, an exported CUDA allocation), and every rank receives
// every other rank's, over a Unix socket in the session's LocalDir with SCM_RIGHTS, as the
// vendors' own libraries pass CUDA memory handles within a node. The World's AllGather
// carries where to fetch each one; a second AllGather tells every rank whether all of them
// managed, so that a collective allocation succeeds or fails on every rank alike.
package fdpass

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/peerbook/peerbook/internal/ranks"
)

// fetchTimeout bounds one fetch from another rank's socket (that rank is alive: it took
// part in the AllGather just before, and answers from a goroutine of its own).
const fetchTimeout = 30 * time.Second

// Passer is one rank's end: a listener that hands out this rank's offers.
type Passer struct {
	w    ranks.World
	l    *net.UnixListener
	path string

	mu     sync.Mutex
	offers map[string]*os.File
	seq    int
	closed bool
}

// New listens on a socket of this rank in w.LocalDir (which must exist and be private to the
// session: the kernel makes it mode 0700).
func New(w ranks.World) (*Passer, error) {
	dir := w.LocalDir()
	if dir == "" {
		return nil, errors.New("pass file descriptors: the session has no local directory (" + ranks.EnvLocalDir + " is unset)")
	}
	path := filepath.Join(dir, fmt.Sprintf("fd-%d-%d.sock", w.Rank(), os.Getpid()))
	os.Remove(path)
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		return nil, fmt.Errorf("pass file descriptors: %w", err)
	}
	p := &Passer{w: w, l: l, path: path, offers: map[string]*os.File{}}
	go p.serve()
	return p, nil
}

// Close stops serving and removes the socket.
func (p *Passer) Close() error {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
	err := p.l.Close()
	os.Remove(p.path)
	return err
}

func (p *Passer) serve() {
	for {
		c, err := p.l.AcceptUnix()
		if err != nil {
			return
		}
		go p.answer(c)
	}
}

// answer reads a key and sends the offer under it (or a one-line error).
func (p *Passer) answer(c *net.UnixConn) {
	defer c.Close()
	c.SetDeadline(time.Now().Add(fetchTimeout))
	key, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return
	}
	p.mu.Lock()
	f := p.offers[strings.TrimSuffix(key, "\n")]
	p.mu.Unlock()
	if f == nil {
		c.Write([]byte("no offer " + key))
		return
	}
	c.WriteMsgUnix([]byte("ok\n"), syscall.UnixRights(int(f.Fd())), nil)
}

// blob is what a rank tells the others through AllGather.
type blob struct {
	Host  string `json:"host"`
	Sock  string `json:"sock"`
	Key   string `json:"key"`
	Meta  []byte `json:"meta"`
	Error string `json:"error,omitempty"`
}

// Offer is the result of an Exchange.
type Offer struct {
	// Files are the other ranks' descriptors, by rank; Files[own rank] is nil. The caller
	// owns them: it closes them once mapped.
	Files []*os.File
	// Metas are every rank's meta, by rank.
	Metas [][]byte
}

// Exchange offers mine (with meta, a small description: sizes) under tag, and fetches every
// other rank's offer. problem, where not nil, is this rank's reason not to take part (its
// allocation failed): every rank then fails with it, naming the rank. Exchange returns
// the offers and done, which the caller must call with its own result once it used them
// (mapped the memory), and only then: this rank's offer stays open until it does. done gathers every rank's result and returns the first failure,
// naming its rank, so that all ranks succeed or fail alike.
func (p *Passer) Exchange(ctx context.Context, tag string, mine *os.File, meta []byte, problem error) (*Offer, func(error) error, error) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil, nil, errors.New("pass file descriptors: closed")
	}
	p.seq++
	key := fmt.Sprintf("%s#%d", tag, p.seq)
	if mine != nil && problem == nil {
		p.offers[key] = mine
	}
	p.mu.Unlock()
	drop := func() {
		p.mu.Lock()
		delete(p.offers, key)
		p.mu.Unlock()
	}
	b := blob{Host: p.w.Host(), Sock: p.path, Key: key, Meta: meta}
	if problem != nil {
		b.Error = problem.Error()
	}
	raw, _ := json.Marshal(b)
	all, err := p.w.AllGather(ctx, tag, raw)
	if err != nil {
		drop()
		return nil, nil, err
	}
	blobs := make([]blob, len(all))
	for r, x := range all {
		if err := json.Unmarshal(x, &blobs[r]); err != nil {
			drop()
			return nil, nil, fmt.Errorf("%s: rank %d sent %q: %w", tag, r, x, err)
		}
	}
	me := p.w.Rank()
	var fail error
	for r, x := range blobs {
		switch {
		case x.Error != "":
			fail = fmt.Errorf("rank %d: %s", r, x.Error)
		case x.Host != blobs[me].Host:
			fail = fmt.Errorf("rank %d is on host %q and rank %d on %q: memory can be passed between the ranks of one host only", me, blobs[me].Host, r, x.Host)
		}
		if fail != nil {
			break
		}
	}
	off := &Offer{Files: make([]*os.File, len(blobs)), Metas: make([][]byte, len(blobs))}
	for r, x := range blobs {
		off.Metas[r] = x.Meta
		if r == me || fail != nil {
			continue
		}
		f, err := fetch(x.Sock, x.Key)
		if err != nil {
			fail = fmt.Errorf("rank %d: fetching rank %d's memory: %w", me, r, err)
			continue
		}
		off.Files[r] = f
	}
	done := func(used error) error {
		status := ""
		if fail != nil {
			status = fail.Error()
		} else if used != nil {
			status = fmt.Sprintf("rank %d: %v", me, used)
		}
		// The others fetched this rank's offer before they sent their status.
		res, err := p.w.AllGather(ctx, tag+" (done)", []byte(status))
		drop()
		if err != nil {
			return err
		}
		for _, s := range res {
			if len(s) > 0 {
				return errors.New(string(s))
			}
		}
		return nil
	}
	if fail != nil {
		for _, f := range off.Files {
			if f != nil {
				f.Close()
			}
		}
		if err := done(nil); err != nil {
			return nil, nil, err
		}
		return nil, nil, fail
	}
	return off, done, nil
}

// fetch asks the socket at path for the offer under key.
func fetch(path, key string) (*os.File, error) {
	c, err := net.DialUnix("unix", nil, &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		return nil, err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(fetchTimeout))
	if _, err := c.Write([]byte(key + "\n")); err != nil {
		return nil, err
	}
	buf, oob := make([]byte, 256), make([]byte, syscall.CmsgSpace(4))
	n, oobn, _, _, err := c.ReadMsgUnix(buf, oob)
	if err != nil {
		return nil, err
	}
	if string(buf[:n]) != "ok\n" {
		return nil, fmt.Errorf("%s", strings.TrimSpace(string(buf[:n])))
	}
	msgs, err := syscall.ParseSocketControlMessage(oob[:oobn])
	if err != nil || len(msgs) != 1 {
		return nil, fmt.Errorf("no file descriptor came (%v)", err)
	}
	fds, err := syscall.ParseUnixRights(&msgs[0])
	if err != nil || len(fds) != 1 {
		for _, fd := range fds {
			syscall.Close(fd)
		}
		return nil, fmt.Errorf("want one file descriptor, got %d (%v)", len(fds), err)
	}
	syscall.CloseOnExec(fds[0])
	return os.NewFile(uintptr(fds[0]), "rank memory"), nil
}
