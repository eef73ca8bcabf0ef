package wire

import (
	"bytes"
	"crypto/hmac"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
)

// RefusedKey is the metadata key of a message that stands for one the kernel's transport
// refused to read (over its size limit, or out of room): the message has the refused
// one's header, and its metadata say why (see Refused). Such a message is made and signed
// by a RefusalTap, only for a refused message whose signature was valid.
const RefusedKey = "peerbook_refused"

// Refused is what the metadata of a stand-in message say under RefusedKey.
type Refused struct {
	// Name names the limit, as an error name ("MessageTooLarge").
	Name string `json:"ename"`
	// Reason says which limit refused the message and how to raise it.
	Reason string `json:"evalue"`
	// Size is the message's size in bytes (frames plus the transport's overhead each).
	Size uint64 `json:"size"`
	// Signature is the refused message's own signature (empty when signing is off): a
	// receiver records it as seen, so that the refused message, replayed (whatever its
	// unsigned buffers), is refused as a duplicate.
	Signature string `json:"signature,omitempty"`
}

// RefusedOf returns what m's metadata say under RefusedKey, or nil when m is not a
// stand-in.
func RefusedOf(m *Message) *Refused {
	if !bytes.Contains(m.Metadata, []byte(RefusedKey)) {
		return nil
	}
	var md map[string]json.RawMessage
	if json.Unmarshal(m.Metadata, &md) != nil || md[RefusedKey] == nil {
		return nil
	}
	var r Refused
	if json.Unmarshal(md[RefusedKey], &r) != nil {
		return nil
	}
	return &r
}

// Bounds of what a RefusalTap keeps of a message.
const (
	// maxIdentities bounds the routing frames before the delimiter (each maxIdentity bytes).
	maxIdentities = 8
	maxIdentity   = 255
	// maxSignature is the longest hex signature (HMAC-SHA512).
	maxSignature = 128
	// MaxRefusedHeader bounds the header of a refused message that can be answered: the
	// answer's parent header is the header, whole.
	MaxRefusedHeader = 64 << 10
)

// A RefusalTap follows the frames of the messages a connection receives (it implements
// zmtpnet.Tap), so that a signed message the transport refuses to read (over its size limit)
// is answered instead of dropped. It keeps the routing frames, the signature and the header
// (bounded copies) and references to the signed frames' bytes (header, parent header,
// metadata, content) in the socket's own buffers, where zmq4 assembles the message: a
// message that is not refused costs no hashing. At a refusal the tap hashes what it
// references (the part zmq4 holds) and then every signed byte streamed past. When a refused message ends, its signature is valid and its
// frames have the shape Decode asks (a header it reads, the other three JSON objects'
// braces: the signature alone does not fix where a frame ends), the tap makes,
// in its place, a message with the same header, empty parent header and content, metadata
// that say why (RefusedKey), signed with the key; a kernel answers that with an error
// reply. A refused message whose signature is missing or wrong gets nothing: the transport
// closes the connection, as for any message it refuses.
type RefusalTap struct {
	s        *Signer
	maxCheck uint64                           // signed bytes read through at most to check a signature
	describe func(err error) (string, string) // ename, evalue of a refusal

	// The current message.
	frame   int      // index of the current frame, -1 before the first
	delim   int      // index of the delimiter frame, -1 before it
	cur     []byte   // the current frame's bytes, kept when it is to be kept (bounded)
	keep    int      // how much of the current frame to keep (0: nothing)
	ids     [][]byte // routing frames before the delimiter
	sig     []byte
	header  []byte
	refs    [][]byte  // the signed bytes passed on so far: the socket's own buffers
	mac     hash.Hash // HMAC of the signed bytes, from the refusal on
	signed  uint64    // signed bytes so far
	size    uint64    // the message's size (frames plus overhead)
	refused error     // why the message is refused; nil when it is not
	broken  error     // why the message cannot be answered
	checked bool      // the signature was checked and valid
	first   byte      // the current frame's first byte that is not JSON white space (0: none yet)
	last    byte      // its last such byte so far
}

// NewRefusalTap returns a tap that signs with s and reads through at most maxCheck signed
// bytes of a refused message to check its signature (a message whose signed frames are
// larger is not answered). describe names the refusal err (an error name and text for the
// sender).
func NewRefusalTap(s *Signer, maxCheck uint64, describe func(err error) (ename, evalue string)) *RefusalTap {
	return &RefusalTap{s: s, maxCheck: maxCheck, describe: describe, delim: -1, frame: -1}
}

// overhead is what each frame counts toward a message's size, as zmtpnet.FrameOverhead.
const overhead = 64

// Frame starts a frame (zmtpnet.Tap).
func (t *RefusalTap) Frame(size uint64, more bool) error {
	if t.frame >= 0 {
		t.endFrame()
	}
	t.frame++
	t.cur = t.cur[:0]
	t.size += size + overhead
	t.keep = 0
	var problem error
	switch rel := t.frame - t.delim; {
	case t.delim < 0:
		// A routing frame or the delimiter: kept until it is known which.
		t.keep = int(min(size, maxIdentity))
		if size > maxIdentity {
			problem = fmt.Errorf("frame %d, before any delimiter, is %d bytes: not a routing identity", t.frame, size)
		} else if t.frame > maxIdentities {
			problem = fmt.Errorf("no delimiter in the first %d frames", t.frame+1)
		}
	case rel == 1:
		t.keep = int(min(size, maxSignature+1))
	case rel >= 2 && rel <= 5:
		if rel == 2 {
			t.keep = int(min(size, MaxRefusedHeader+1))
			if size > MaxRefusedHeader {
				problem = fmt.Errorf("a header of %d bytes, over the %d bytes a refused message's header may have", size, MaxRefusedHeader)
			}
		}
		if t.s.Enabled() && t.signed+size > t.maxCheck {
			problem = fmt.Errorf("its signed frames are over %d bytes, more than the kernel reads to check a signature", t.maxCheck)
		}
		t.signed += size
	case t.refused != nil:
		// A buffer: the signed frames are all in, so a bad signature ends the message now.
		problem = t.check()
	}
	if problem != nil && t.broken == nil {
		t.broken = problem
	}
	if t.refused != nil {
		return t.broken
	}
	return nil
}

// Body takes the next part of the current frame (zmtpnet.Tap).
func (t *RefusalTap) Body(p []byte) {
	if n := t.keep - len(t.cur); n > 0 {
		t.cur = append(t.cur, p[:min(n, len(p))]...)
	}
	rel := t.frame - t.delim
	if t.delim >= 0 && rel >= 3 && rel <= 5 {
		t.shape(p)
	}
	if t.delim >= 0 && rel >= 2 && rel <= 5 && t.s.Enabled() {
		t.hash(p)
	}
}

// shape follows the first and last bytes of a parent header, metadata or content frame
// that are not JSON white space: what Decode asks of them (a JSON object's braces), checked
// without keeping the frame, which may be the large part that was refused.
func (t *RefusalTap) shape(p []byte) {
	for i := len(p) - 1; i >= 0; i-- {
		if !isSpace(p[i]) {
			t.last = p[i]
			if t.first == 0 {
				for _, c := range p[:i+1] {
					if !isSpace(c) {
						t.first = c
						break
					}
				}
			}
			return
		}
	}
}

// isSpace reports whether c is JSON white space (jsonSpace).
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

// maxRefs bounds the references a RefusalTap keeps: past it, it hashes as bytes come.
const maxRefs = 64

// hash follows signed bytes: before a refusal p is the socket's buffer, referenced until
// the message ends (extending the last reference when p continues it, as zmq4 reads a
// frame's body into one buffer); after it, p is hashed at once.
func (t *RefusalTap) hash(p []byte) {
	if t.mac == nil && t.refused == nil {
		if n := len(t.refs); n > 0 && len(p) > 0 {
			last := t.refs[n-1]
			if cap(last) > len(last) && &last[:len(last)+1][len(last)] == &p[0] {
				t.refs[n-1] = last[:len(last)+len(p)]
				return
			}
		}
		if len(t.refs) < maxRefs {
			t.refs = append(t.refs, p)
			return
		}
	}
	t.startMAC()
	t.mac.Write(p)
}

// startMAC starts the HMAC with the signed bytes passed on before the refusal.
func (t *RefusalTap) startMAC() {
	if t.mac != nil || !t.s.Enabled() {
		return
	}
	t.mac = t.s.pool.Get().(hash.Hash)
	t.mac.Reset()
	for _, p := range t.refs {
		t.mac.Write(p)
	}
	clear(t.refs)
	t.refs = t.refs[:0]
}

// endFrame files the frame just read.
func (t *RefusalTap) endFrame() {
	switch rel := t.frame - t.delim; {
	case t.delim < 0:
		if string(t.cur) == Delimiter {
			t.delim = t.frame
		} else {
			t.ids = append(t.ids, append([]byte(nil), t.cur...))
		}
	case rel == 1:
		t.sig = append(t.sig[:0], t.cur...)
	case rel == 2:
		t.header = append(t.header[:0], t.cur...)
	case rel >= 3 && rel <= 5:
		if (t.first != '{' || t.last != '}') && t.broken == nil {
			t.broken = fmt.Errorf("its %s is not a JSON object", [...]string{"parent header", "metadata", "content"}[rel-3])
		}
	}
	t.first, t.last = 0, 0
}

// Refused marks the current message refused (zmtpnet.Tap): the bytes passed on so far are
// hashed now, while the socket still holds them.
func (t *RefusalTap) Refused(err error) {
	t.refused = err
	t.startMAC()
}

// End ends the current message (zmtpnet.Tap): for a refused one with a valid signature, it
// returns the stand-in's frames.
func (t *RefusalTap) End() ([][]byte, error) {
	if t.frame >= 0 {
		t.endFrame()
	}
	defer t.reset()
	if t.refused == nil {
		return nil, nil
	}
	if t.broken != nil {
		return nil, t.broken
	}
	if t.delim < 0 || t.frame-t.delim < 5 {
		return nil, errors.New("not a Jupyter message (no delimiter and five frames after it)")
	}
	if err := t.check(); err != nil {
		return nil, err
	}
	var h Header
	if err := json.Unmarshal(t.header, &h); err != nil || h.MsgType == "" {
		return nil, fmt.Errorf("%w: not answered: %v", ErrBadHeader, err)
	}
	ename, evalue := t.describe(t.refused)
	md, err := json.Marshal(map[string]Refused{RefusedKey: {Name: ename, Reason: evalue, Size: t.size, Signature: string(t.sig)}})
	if err != nil {
		return nil, err
	}
	return Frames(t.s, t.ids, t.header, []byte("{}"), md, []byte("{}"), nil), nil
}

// check checks the signature of the signed frames read so far (all of them, once the
// content frame is in).
func (t *RefusalTap) check() error {
	if t.checked || !t.s.Enabled() {
		return nil
	}
	if len(t.sig) == 0 {
		return ErrMissingSignature
	}
	var got [64]byte
	if hex.DecodedLen(len(t.sig)) != t.s.size {
		return ErrBadSignature
	}
	if _, err := hex.Decode(got[:t.s.size], t.sig); err != nil {
		return ErrBadSignature
	}
	var want [64]byte
	t.startMAC()
	sum := t.mac.Sum(want[:0])
	if !hmac.Equal(sum, got[:t.s.size]) {
		return ErrBadSignature
	}
	t.checked = true
	return nil
}

// fail marks the refused message as one that cannot be answered.
func (t *RefusalTap) fail(err error) error {
	t.broken = err
	return err
}

// reset gets ready for the next message.
func (t *RefusalTap) reset() {
	if t.mac != nil {
		t.s.pool.Put(t.mac)
	}
	clear(t.refs) // the socket's buffers are the socket's again
	*t = RefusalTap{s: t.s, maxCheck: t.maxCheck, describe: t.describe, delim: -1, frame: -1, refs: t.refs[:0], cur: t.cur[:0]}
}
