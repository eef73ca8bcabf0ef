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
