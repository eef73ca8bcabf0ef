package wire

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"fmt"
	"hash"
	"sync"
)

// Signer signs and verifies messages with the connection's key. An empty key means messages
// are neither signed nor checked, as the messaging spec says.
type Signer struct {
	key  []byte
	pool sync.Pool // of hash.Hash (HMAC with key)
	size int       // digest size in bytes
}

// NewSigner returns a signer for scheme ("hmac-sha256", also "hmac-sha1", "hmac-sha512",
// "hmac-md5") and key.
func NewSigner(scheme string, key []byte) (*Signer, error) {
	var h func() hash.Hash
	switch scheme {
	case "hmac-sha256", "":
		h = sha256.New
	case "hmac-sha512":
		h = sha512.New
	case "hmac-sha1":
		h = sha1.New
	case "hmac-md5":
		h = md5.New
	default:
		return nil, fmt.Errorf("signature scheme %q is not supported (want hmac-sha256)", scheme)
	}
	s := &Signer{key: append([]byte(nil), key...)}
	if len(key) > 0 {
		s.pool.New = func() any { return hmac.New(h, s.key) }
		s.size = h().Size()
	}
	return s, nil
}

// Enabled reports whether messages are signed (the key is not empty).
func (s *Signer) Enabled() bool { return s != nil && len(s.key) > 0 }

// sum appends the raw HMAC of parts to dst.
func (s *Signer) sum(dst []byte, parts ...[]byte) []byte {
	m := s.pool.Get().(hash.Hash)
	m.Reset()
	for _, p := range parts {
		m.Write(p)
	}
	dst = m.Sum(dst)
	s.pool.Put(m)
	return dst
}

// Sign returns the hex signature of the four signed frames (header, parent header,
// metadata, content), or an empty frame when signing is off.
func (s *Signer) Sign(header, parent, metadata, content []byte) []byte {
	if !s.Enabled() {
		return []byte{}
	}
	var buf [sha512.Size]byte
	raw := s.sum(buf[:0], header, parent, metadata, content)
	out := make([]byte, hex.EncodedLen(len(raw)))
	hex.Encode(out, raw)
	return out
}

// Verify checks sig against the four signed frames in constant time. With signing off
// every signature is accepted.
func (s *Signer) Verify(sig, header, parent, metadata, content []byte) error {
	if !s.Enabled() {
		return nil
	}
	if len(sig) == 0 {
		return ErrMissingSignature
	}
	var got [sha512.Size]byte
	if hex.DecodedLen(len(sig)) != s.size {
		return ErrBadSignature
	}
	if _, err := hex.Decode(got[:s.size], sig); err != nil {
		return ErrBadSignature
	}
	var want [sha512.Size]byte
	raw := s.sum(want[:0], header, parent, metadata, content)
	if !hmac.Equal(raw, got[:s.size]) {
		return ErrBadSignature
	}
	return nil
}
