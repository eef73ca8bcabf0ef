package evalproto

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestMarkerScanner(t *testing.T) {
	data := []byte("hello " + string(SyncMarker(7)) + "world\x00\x1bnot a marker" + string(SyncMarker(12345)) + "\x00")
	want := "hello |7|world\x00\x1bnot a marker|12345|\x00"
	for split := 1; split <= len(data); split++ {
		var sc MarkerScanner
		var got strings.Builder
		text := func(p []byte) { got.Write(p) }
		sync := func(id uint64) { got.WriteString("|" + itoa(id) + "|") }
		for i := 0; i < len(data); i += split {
			end := min(i+split, len(data))
			sc.Feed(data[i:end], text, sync)
		}
		sc.Flush(text)
		if got.String() != want {
			t.Fatalf("split %d: %q", split, got.String())
		}
	}
}

func itoa(n uint64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// FuzzMarkerScanner: whatever the bytes and however they are split, scanning neither
// panics nor loses or invents bytes.
func FuzzMarkerScanner(f *testing.F) {
	f.Add([]byte("abc"+string(SyncMarker(1))+"def"), 3)
	f.Add([]byte("\x00\x1bpeerbook-sync:99999999999999999999999\x1b\x00"), 5)
	f.Add([]byte("\x00\x1bpeerbook-sync:12\x1b"), 1)
	f.Fuzz(func(t *testing.T, data []byte, split int) {
		if split <= 0 {
			split = 1
		}
		var sc MarkerScanner
		var text bytes.Buffer
		var ids []uint64
		for i := 0; i < len(data); i += split {
			sc.Feed(data[i:min(i+split, len(data))], func(p []byte) { text.Write(p) }, func(id uint64) { ids = append(ids, id) })
		}
		sc.Flush(func(p []byte) { text.Write(p) })
		var rebuilt []byte
		rebuilt = append(rebuilt, text.Bytes()...)
		n := len(text.Bytes())
		for _, id := range ids {
			n += len(SyncMarker(id))
		}
		if n != len(data) && len(ids) > 0 {
			// Markers are removed, everything else kept: sizes must add up.
			t.Fatalf("text %d + markers != %d bytes", len(text.Bytes()), len(data))
		}
		if len(ids) == 0 && !bytes.Equal(rebuilt, data) {
			t.Fatalf("no marker but text changed: %q -> %q", data, rebuilt)
		}
	})
}
