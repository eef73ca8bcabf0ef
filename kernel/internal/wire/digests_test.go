package wire

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

func TestDigestsRefuseReplays(t *testing.T) {
	s, _ := NewSigner("hmac-sha256", []byte("key"))
	d := NewDigests(3)
	frames := Frames(s, nil, []byte(`{"msg_id":"1","msg_type":"execute_request"}`), []byte("{}"), []byte("{}"), []byte("{}"), nil)
	if _, err := DecodeOnce(frames, s, d); err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeOnce(frames, s, d); !errors.Is(err, ErrReplayed) {
		t.Fatalf("replay: %v", err)
	}
	// The same signature in upper-case hex is the same digest.
	upper := append([][]byte(nil), frames...)
	upper[1] = bytes.ToUpper(frames[1])
	if _, err := DecodeOnce(upper, s, d); !errors.Is(err, ErrReplayed) {
		t.Fatalf("upper-case replay: %v", err)
	}
	// A bad signature is not remembered: it cannot push out real ones.
	bad := append([][]byte(nil), frames...)
	bad[1] = bytes.Repeat([]byte("0"), 64)
	DecodeOnce(bad, s, d)
	if d.Len() != 1 {
		t.Errorf("%d digests remembered, want 1", d.Len())
	}
	// The oldest is forgotten once the history is full.
	for i := 2; i <= 4; i++ {
		f := Frames(s, nil, []byte(fmt.Sprintf(`{"msg_id":"%d","msg_type":"x"}`, i)), []byte("{}"), []byte("{}"), []byte("{}"), nil)
		if _, err := DecodeOnce(f, s, d); err != nil {
			t.Fatal(err)
		}
	}
	if d.Len() != 3 {
		t.Errorf("%d digests remembered, want 3", d.Len())
	}
	if _, err := DecodeOnce(frames, s, d); err != nil {
		t.Errorf("the oldest signature is still remembered: %v", err)
	}
	// Unsigned kernels check nothing.
	off, _ := NewSigner("hmac-sha256", nil)
	u := Frames(off, nil, []byte(`{"msg_id":"1","msg_type":"x"}`), []byte("{}"), []byte("{}"), []byte("{}"), nil)
	for i := 0; i < 2; i++ {
		if _, err := DecodeOnce(u, off, d); err != nil {
			t.Errorf("unsigned message %d: %v", i, err)
		}
	}
}
