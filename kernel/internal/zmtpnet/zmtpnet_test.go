package zmtpnet

import (
	"bytes"
	"context"
	"encoding/binary"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

// recorder is a net.Conn that records each Write.
type recorder struct {
	net.Conn
	mu     sync.Mutex
	writes [][]byte
}

func (r *recorder) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writes = append(r.writes, append([]byte(nil), p...))
	return len(p), nil
}

func frame(flags byte, body []byte) [][]byte {
	if len(body) > 255 {
		hdr := make([]byte, 9)
		hdr[0] = flags | flagLong
		binary.BigEndian.PutUint64(hdr[1:], uint64(len(body)))
		return [][]byte{hdr, body}
	}
	return [][]byte{{flags, byte(len(body))}, body}
}

func TestOneWritePerMessage(t *testing.T) {
	rec := &recorder{}
	c := NewConn(rec)
	greeting := make([]byte, 64)
	c.Write(greeting)
	var want [][]byte
	want = append(want, greeting)
	// A command, then two messages of several frames (one with a long and an empty frame).
	msgs := [][][]byte{
		frame(flagCommand, []byte("\x05READY")),
		append(append(frame(flagMore, []byte("id")), frame(flagMore, nil)...), frame(0, []byte("last"))...),
		append(frame(flagMore, bytes.Repeat([]byte("x"), 300)), frame(0, []byte("y"))...),
	}
	for _, parts := range msgs {
		var all []byte
		for _, p := range parts {
			c.Write(p)
			all = append(all, p...)
		}
		want = append(want, all)
	}
	if len(rec.writes) != len(want) {
		t.Fatalf("%d writes, want %d", len(rec.writes), len(want))
	}
	for i := range want {
		if !bytes.Equal(rec.writes[i], want[i]) {
			t.Errorf("write %d = %q, want %q", i, rec.writes[i], want[i])
		}
	}
	// A header split across writes still parses.
	rec.writes = nil
	hdr := []byte{flagLong, 0, 0, 0, 0, 0, 0, 1, 0}
	c.Write(hdr[:3])
	c.Write(hdr[3:])
	c.Write(bytes.Repeat([]byte("z"), 256))
	if len(rec.writes) != 1 || len(rec.writes[0]) != 9+256 {
		t.Errorf("split header: %d writes", len(rec.writes))
	}
}

func TestHugeMessageIsNotHeldWhole(t *testing.T) {
	rec := &recorder{}
	c := NewConn(rec)
	c.Write(make([]byte, 64))
	rec.writes = nil
	body := make([]byte, 2*maxHeld)
	for _, p := range frame(0, body) {
		c.Write(p)
	}
	total := 0
	for _, w := range rec.writes {
		total += len(w)
	}
	if total != 9+len(body) || len(c.held) != 0 {
		t.Errorf("wrote %d bytes, %d held", total, len(c.held))
	}
}

// TestWithZMQ4 runs real zmq4 sockets over the coalescing transport, both ways.
func TestWithZMQ4(t *testing.T) {
	Register()
	Register() // twice is fine
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	router := zmq4.NewRouter(ctx, zmq4.WithTimeout(time.Second))
	defer router.Close()
	if err := router.Listen(Endpoint("tcp://127.0.0.1:0")); err != nil {
		t.Fatal(err)
	}
	ep := Endpoint("tcp://127.0.0.1:" + strconv.Itoa(router.Addr().(*net.TCPAddr).Port))
	dealer := zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity("me")))
	defer dealer.Close()
	if err := dealer.Dial(ep); err != nil {
		t.Fatal(err)
	}
	big := bytes.Repeat([]byte("b"), 100000)
	for i := 0; i < 20; i++ {
		if err := dealer.Send(zmq4.NewMsgFrom([]byte("hello"), nil, big)); err != nil {
			t.Fatal(err)
		}
		m, err := router.Recv()
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Frames) != 4 || string(m.Frames[0]) != "me" || string(m.Frames[1]) != "hello" || !bytes.Equal(m.Frames[3], big) {
			t.Fatalf("router got %d frames", len(m.Frames))
		}
		if err := router.Send(zmq4.NewMsgFrom([]byte("me"), []byte("back"), []byte{})); err != nil {
			t.Fatal(err)
		}
		r, err := dealer.Recv()
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Frames) != 2 || string(r.Frames[0]) != "back" {
			t.Fatalf("dealer got %q", r.Frames)
		}
	}
}

func FuzzParser(f *testing.F) {
	f.Add([]byte{1, 2, 0, 0, 3}, 2)
	f.Fuzz(func(t *testing.T, data []byte, split int) {
		rec := &recorder{}
		c := NewConn(rec)
		if split <= 0 {
			split = 1
		}
		for i := 0; i < len(data); i += split {
			c.Write(data[i:min(i+split, len(data))])
		}
		var got []byte
		for _, w := range rec.writes {
			got = append(got, w...)
		}
		got = append(got, c.held...)
		if !bytes.Equal(got, data) {
			t.Fatal("bytes lost or changed")
		}
	})
}
