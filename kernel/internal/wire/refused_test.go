package wire

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"
)

var errTooBig = errors.New("over the limit")

func describeTest(err error) (string, string) { return "MessageTooLarge", "refused: " + err.Error() }

// feed passes frames through tap as zmtpnet does, in chunks of chunk bytes (chunk < 0:
// -chunk bytes, each copied to a buffer of its own), refusing the message at frame
// refuseAt (-1: never), and returns what End returns (or Frame's error).
func feed(tap *RefusalTap, frames [][]byte, refuseAt, chunk int) ([][]byte, error) {
	copied := chunk < 0
	if copied {
		chunk = -chunk
	}
	for i, f := range frames {
		if i == refuseAt {
			tap.Refused(errTooBig)
		}
		if err := tap.Frame(uint64(len(f)), i < len(frames)-1); err != nil && refuseAt >= 0 && i >= refuseAt {
			tap.End()
			return nil, err
		}
		for p := f; len(p) > 0; {
			n := min(chunk, len(p))
			if copied {
				tap.Body(append([]byte(nil), p[:n]...))
			} else {
				tap.Body(p[:n])
			}
			p = p[n:]
		}
	}
	return tap.End()
}

func execFrames(s *Signer, code string, buffers ...[]byte) [][]byte {
	header := AppendHeader(nil, "id-7", "sess", "user", "execute_request", time.Unix(0, 0))
	return Frames(s, nil, header, []byte(`{}`), []byte(`{}`), []byte(`{"code":`+string(AppendString(nil, code))+`}`), buffers)
}

// TestRefusalTapAnswersSignedMessages: a refused message with a valid signature, wherever
// it is refused and however it arrives, is replaced by a signed stand-in with its header
// and the reason in its metadata; the tap goes on with the next message.
func TestRefusalTapAnswersSignedMessages(t *testing.T) {
	s := testSigner(t, "secret")
	big := strings.Repeat("x", 300<<10) // over tapHold: hashed as it streams
	for _, tc := range []struct {
		name     string
		frames   [][]byte
		refuseAt int
	}{
		{"small, refused at the content", execFrames(s, "1+1"), 5},
		{"large content, refused at it", execFrames(s, big), 5},
		{"large content, refused at the delimiter", execFrames(s, big), 0},
		{"refused in the buffers", execFrames(s, big, []byte("b1"), make([]byte, 1<<20)), 7},
		{"routing frames", Frames(s, [][]byte{[]byte("r1"), []byte("r2")}, execFrames(s, "x")[2], []byte(`{}`), []byte(`{}`), []byte(`{"code":"y"}`), nil), 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tap := NewRefusalTap(s, 1<<30, describeTest)
			// Whole frames, small chunks of one buffer (as zmq4 reads a body), and chunks
			// in buffers of their own (more than the tap references: it hashes them).
			for _, chunk := range []int{1 << 20, 7, -1000} {
				// A message that is not refused first: End returns nothing and the tap resets.
				if got, err := feed(tap, execFrames(s, "first"), -1, chunk); got != nil || err != nil {
					t.Fatalf("a message not refused: %q, %v", got, err)
				}
				got, err := feed(tap, tc.frames, tc.refuseAt, chunk)
				if err != nil {
					t.Fatalf("chunks of %d: %v", chunk, err)
				}
				m, err := Decode(append([][]byte{[]byte("conn")}, got...), s)
				if err != nil {
					t.Fatalf("the stand-in does not decode: %v", err)
				}
				delim := 0
				for string(tc.frames[delim]) != Delimiter {
					delim++
				}
				if !bytes.Equal(m.RawHeader, tc.frames[delim+2]) || len(m.Identities) != 1+delim {
					t.Errorf("header %s, %d identities", m.RawHeader, len(m.Identities))
				}
				r := RefusedOf(m)
				size := uint64(0)
				for _, f := range tc.frames {
					size += uint64(len(f)) + overhead
				}
				if r == nil || r.Name != "MessageTooLarge" || r.Reason != "refused: over the limit" || r.Size != size {
					t.Errorf("refused = %+v, want size %d", r, size)
				}
				if string(m.Content) != "{}" {
					t.Errorf("content %s", m.Content)
				}
			}
		})
	}
}

// TestRefusalTapIgnoresForgeries: without a valid signature a refused message gets no
// stand-in; a bad signature ends the message at its first buffer, and signed frames over
// the bound end it at once.
func TestRefusalTapIgnoresForgeries(t *testing.T) {
	s := testSigner(t, "secret")
	other := testSigner(t, "guess")
	unsigned, _ := NewSigner("hmac-sha256", nil)
	tampered := execFrames(s, strings.Repeat("x", 100<<10))
	tampered[5] = bytes.Replace(tampered[5], []byte("xxx"), []byte("yyy"), 1)
	for _, tc := range []struct {
		name     string
		tap      *RefusalTap
		frames   [][]byte
		refuseAt int
		want     string
	}{
		{"other key", NewRefusalTap(s, 1<<30, describeTest), execFrames(other, "1"), 5, "signature does not match"},
		{"no signature", NewRefusalTap(s, 1<<30, describeTest), execFrames(unsigned, "1"), 5, "missing signature"},
		{"tampered content", NewRefusalTap(s, 1<<30, describeTest), tampered, 3, "signature does not match"},
		{"bad signature, buffers", NewRefusalTap(s, 1<<30, describeTest), execFrames(other, "1", []byte("b"), []byte("c")), 7, "signature does not match"},
		{"signed frames over the bound", NewRefusalTap(s, 1000, describeTest), execFrames(s, strings.Repeat("x", 2000)), 5, "more than the kernel reads"},
		{"no delimiter", NewRefusalTap(s, 1<<30, describeTest), [][]byte{[]byte("a"), []byte("b")}, 1, "not a Jupyter message"},
		{"big frame before the delimiter", NewRefusalTap(s, 1<<30, describeTest), [][]byte{make([]byte, 300), []byte(Delimiter)}, 0, "not a routing identity"},
		{"header over the bound", NewRefusalTap(s, 1<<30, describeTest),
			Frames(s, nil, make([]byte, MaxRefusedHeader+1), []byte("{}"), []byte("{}"), []byte("{}"), nil), 5, "a header of"},
		{"bad header", NewRefusalTap(s, 1<<30, describeTest), Frames(s, nil, []byte(`{"msg_id":1}`), []byte("{}"), []byte("{}"), []byte("{}"), nil), 5, "bad header"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := feed(tc.tap, tc.frames, tc.refuseAt, 4096)
			if got != nil || err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %q, %v; want an error saying %q", got, err, tc.want)
			}
			// The next message, signed, is answered.
			if got, err := feed(tc.tap, execFrames(s, "next"), 5, 4096); err != nil || got == nil {
				t.Errorf("the next message: %q, %v", got, err)
			}
		})
	}
}

// TestRefusalTapWithoutKey: a kernel without a key checks no signature: every refused
// Jupyter message is answered, unsigned.
func TestRefusalTapWithoutKey(t *testing.T) {
	unsigned, _ := NewSigner("hmac-sha256", nil)
	tap := NewRefusalTap(unsigned, 10, describeTest)
	got, err := feed(tap, execFrames(unsigned, strings.Repeat("z", 1000)), 5, 100)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Decode(got, unsigned)
	if err != nil || RefusedOf(m) == nil {
		t.Fatalf("stand-in %v, %v", m, err)
	}
}

// TestRefusedOf: only metadata with RefusedKey mark a stand-in.
func TestRefusedOf(t *testing.T) {
	for md, want := range map[string]bool{
		`{}`: false, `{"peerbook_refused":{"ename":"A","evalue":"b","size":3}}`: true,
		`{"x":"peerbook_refused"}`: false, `{"peerbook_refused":3}`: false, `not json peerbook_refused`: false,
	} {
		if got := RefusedOf(&Message{Metadata: []byte(md)}) != nil; got != want {
			t.Errorf("%s: %v, want %v", md, got, want)
		}
	}
}
