package ranknet

import (
	"bytes"
	"encoding/binary"
	"errors"
	"net"
	"strings"
	"testing"
	"time"
)

// pair dials a listener with helloKey while the kernel side accepts with key; it returns
// both ends (nil where the handshake failed) and the kernel's error.
func pair(t *testing.T, key, helloKey []byte) (kernel, agent *Conn, err error) {
	t.Helper()
	l, lerr := net.Listen("tcp", "127.0.0.1:0")
	if lerr != nil {
		t.Fatal(lerr)
	}
	defer l.Close()
	type res struct {
		c   *Conn
		h   Hello
		err error
	}
	ch := make(chan res, 1)
	go func() {
		nc, err := l.Accept()
		if err != nil {
			ch <- res{err: err}
			return
		}
		c, h, err := Accept(nc, key, time.Now().Add(2*time.Second))
		if err == nil {
			err = c.Send(KindWelcome, nil)
		} else {
			nc.Close()
		}
		ch <- res{c, h, err}
	}()
	a, derr := Dial(l.Addr().String(), helloKey, Hello{Session: "s1", Rank: 1, Size: 2, PID: 7, Host: "h"}, 2*time.Second)
	r := <-ch
	if r.err == nil && (r.h != Hello{Session: "s1", Rank: 1, Size: 2, PID: 7, Host: "h"}) {
		t.Errorf("hello %+v", r.h)
	}
	if r.err == nil && derr != nil {
		t.Fatalf("the kernel accepted, the agent failed: %v", derr)
	}
	return r.c, a, r.err
}

// Frames go both ways, in order, large payloads split; a wrong key is refused at the
// hello.
func TestSignedFramesBothWays(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	k, a, err := pair(t, key, key)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	defer a.Close()
	big := bytes.Repeat([]byte("z"), 2*MaxPayload+10)
	go func() {
		a.Send(KindEvents, []byte("one"))
		a.Send(KindStdout, big)
		a.Send(KindExit, nil)
	}()
	var got []byte
	kinds := ""
	for {
		kind, p, err := k.Recv()
		if err != nil {
			t.Fatal(err)
		}
		kinds += string(kind)
		if kind == KindStdout {
			got = append(got, p...)
		}
		if kind == KindExit {
			break
		}
	}
	if kinds != "eoooX" || !bytes.Equal(got, big) {
		t.Errorf("kinds %q, %d stdout bytes", kinds, len(got))
	}
	k.Send(KindRequests, []byte("req"))
	if kind, p, err := a.Recv(); err != nil || kind != KindRequests || string(p) != "req" {
		t.Errorf("agent got %q %q %v", kind, p, err)
	}

	if _, _, err := pair(t, key, []byte("another key of the same length..")); !errors.Is(err, ErrBadSignature) {
		t.Errorf("a hello signed with another key: %v", err)
	}
}

// A frame changed on the way, replayed, or too long ends the connection with an error.
func TestRecvRefusesTamperedReplayedAndLongFrames(t *testing.T) {
	key := []byte("k")
	challenge := bytes.Repeat([]byte{1}, ChallengeSize)
	frame := func(seq uint64, kind byte, p []byte) []byte {
		w := newConn(nil, key, challenge, 'A', 'K')
		w.sendSeq = seq
		b := append([]byte{kind, 0, 0, 0, 0}, p...)
		binary.BigEndian.PutUint32(b[1:], uint32(len(p)))
		return w.mac(w.sendMAC, 'A', seq, b, b)
	}
	recv := func(stream []byte) error {
		c1, c2 := net.Pipe()
		go func() { c1.Write(stream); c1.Close() }()
		r := newConn(c2, key, challenge, 'K', 'A')
		for {
			if _, _, err := r.Recv(); err != nil {
				return err
			}
		}
	}
	ok := append(frame(0, KindEvents, []byte("a")), frame(1, KindEvents, []byte("b"))...)
	if err := recv(ok); err == nil || errors.Is(err, ErrBadSignature) {
		t.Fatalf("good frames: %v", err) // io.EOF at the end
	}
	tampered := frame(0, KindEvents, []byte("a"))
	tampered[5] = 'b'
	replayed := append(frame(0, KindEvents, []byte("a")), frame(0, KindEvents, []byte("a"))...)
	reflected := newConn(nil, key, challenge, 'K', 'A')
	refl := append([]byte{KindEvents, 0, 0, 0, 1}, 'a')
	refl = reflected.mac(reflected.sendMAC, 'K', 0, refl, refl) // signed as the kernel's
	for name, stream := range map[string][]byte{"tampered": tampered, "replayed": replayed, "reflected": refl} {
		if err := recv(stream); !errors.Is(err, ErrBadSignature) {
			t.Errorf("%s: %v", name, err)
		}
	}
	long := []byte{KindEvents, 0xff, 0xff, 0xff, 0xff}
	if err := recv(long); err == nil || !strings.Contains(err.Error(), "over the limit") {
		t.Errorf("long frame: %v", err)
	}
}

// FuzzRecv: no input makes Recv panic or accept a frame it can't verify.
func FuzzRecv(f *testing.F) {
	f.Add([]byte{KindEvents, 0, 0, 0, 1, 'a'})
	f.Add([]byte{KindEvents, 0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, data []byte) {
		c1, c2 := net.Pipe()
		go func() { c1.Write(data); c1.Close() }()
		r := newConn(c2, []byte("key"), make([]byte, ChallengeSize), 'K', 'A')
		for {
			if _, _, err := r.Recv(); err != nil {
				return
			}
			t.Fatal("an unsigned frame was accepted")
		}
	})
}
