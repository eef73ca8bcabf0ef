package wire

import (
	"bytes"
	"testing"
)

// FuzzDecodeMessage feeds arbitrary frames (split from one input at 0xff bytes) to Decode,
// with signing on and off: nothing may panic, and what decodes must have a message type.
func FuzzDecodeMessage(f *testing.F) {
	signed := testSigner(f, "secret")
	for _, frames := range [][][]byte{
		sampleFrames(signed),
		sampleFrames(testSigner(f, "")),
		{[]byte(Delimiter)},
		{[]byte("id"), []byte(Delimiter), nil, []byte(`{"msg_type":"kernel_info_request"}`), []byte("{}"), []byte("{}"), []byte("{}")},
		{[]byte(Delimiter), []byte("zz"), []byte(`{"msg_type":1}`), []byte("{"), []byte("}"), []byte("[]")},
	} {
		f.Add(bytes.Join(frames, []byte{0xff}), true)
		f.Add(bytes.Join(frames, []byte{0xff}), false)
	}
	unsigned := testSigner(f, "")
	f.Fuzz(func(t *testing.T, data []byte, sign bool) {
		frames := bytes.Split(data, []byte{0xff})
		s := unsigned
		if sign {
			s = signed
		}
		m, err := Decode(frames, s)
		if err != nil {
			if m != nil {
				t.Fatal("message returned with an error")
			}
			return
		}
		if m.Header.MsgType == "" {
			t.Fatal("decoded a message without a type")
		}
	})
}

// FuzzRefusalTap passes arbitrary frames (split at 0xff bytes) through a RefusalTap in
// chunks, refused at an arbitrary frame: nothing may panic, and a stand-in comes only for
// a message whose signature is valid (Decode accepts the original frames), decodes, and
// carries the original header.
func FuzzRefusalTap(f *testing.F) {
	signed := testSigner(f, "secret")
	for _, frames := range [][][]byte{
		sampleFrames(signed),
		execFrames(signed, "code", []byte("buf")),
		execFrames(testSigner(f, "other"), "code"),
		{[]byte(Delimiter)},
	} {
		f.Add(bytes.Join(frames, []byte{0xff}), uint8(5), uint8(3))
		f.Add(bytes.Join(frames, []byte{0xff}), uint8(0), uint8(200))
	}
	// The signature covers the signed frames' bytes end to end, not where one ends: moving
	// a boundary keeps it valid, and the frames must then be refused by their shape.
	moved := sampleFrames(signed)
	n := len(moved)
	moved[n-3], moved[n-2] = []byte(`{}{"code"`), []byte(`:"1+1"}`)
	f.Add(bytes.Join(moved, []byte{0xff}), uint8(5), uint8(1))
	f.Add(bytes.Join(moved, []byte{0xff}), uint8(0), uint8(7))
	f.Fuzz(func(t *testing.T, data []byte, refuseAt, chunk uint8) {
		frames := bytes.Split(data, []byte{0xff})
		tap := NewRefusalTap(signed, 1<<20, describeTest)
		got, err := feed(tap, frames, int(refuseAt)%(len(frames)+1), int(chunk)+1)
		if err != nil {
			if got != nil {
				t.Fatal("frames returned with an error")
			}
			return
		}
		if int(refuseAt)%(len(frames)+1) == len(frames) {
			if got != nil {
				t.Fatal("a stand-in for a message that was not refused")
			}
			return
		}
		orig, err := Decode(frames, signed)
		if err != nil {
			t.Fatalf("a stand-in for a message Decode refuses: %v", err)
		}
		m, err := Decode(got, signed)
		if err != nil || RefusedOf(m) == nil || !bytes.Equal(m.RawHeader, orig.RawHeader) {
			t.Fatalf("stand-in %v, %v", m, err)
		}
	})
}
