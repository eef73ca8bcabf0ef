package wire

import (
	"encoding/hex"
	"errors"
	"sync"
)

// ErrReplayed is a message whose signature was seen before: a replay, refused as
// jupyter_client's Session does ("Duplicate Signature").
var ErrReplayed = errors.New("wire: duplicate signature (a replayed message)")

// DefaultDigestHistory is how many signatures a Digests remembers by default: 2^16, the
// default of jupyter_client's Session.digest_history_size.
const DefaultDigestHistory = 1 << 16

// digestKey is the first 16 bytes of a signature's digest: a message's signature is an
// HMAC, so two different messages share them with probability 2^-128, and keying on the
// decoded digest (not the hex text) makes upper-case hex no way around the check.
type digestKey [16]byte

// Digests remembers the signatures of the last messages received, to refuse a message
// received twice. jupyter_client keeps a set of 2^16 signatures and forgets a random
// tenth when it is full, and adds a signature before checking it; Digests forgets the
// oldest first and remembers only signatures that were valid, so that forged messages
// cannot push real ones out. Its methods are safe for concurrent use.
type Digests struct {
	mu   sync.Mutex
	seen map[digestKey]struct{}
	ring []digestKey
	next int
	size int
}

// NewDigests returns a history of the last size signatures (size <= 0:
// DefaultDigestHistory).
func NewDigests(size int) *Digests {
	if size <= 0 {
		size = DefaultDigestHistory
	}
	return &Digests{seen: make(map[digestKey]struct{}), size: size}
}

// Add records sig (a valid hex signature) and returns ErrReplayed when it was recorded
// already. An empty signature (signing off) is never refused.
func (d *Digests) Add(sig []byte) error {
	if d == nil || len(sig) == 0 {
		return nil
	}
	var raw [64]byte
	n, err := hex.Decode(raw[:min(len(raw), hex.DecodedLen(len(sig)))], sig[:min(len(sig), 2*len(raw))])
	if err != nil {
		return ErrBadSignature
	}
	var k digestKey
	copy(k[:], raw[:n])
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.seen[k]; ok {
		return ErrReplayed
	}
	if len(d.ring) < d.size {
		d.ring = append(d.ring, k)
	} else {
		delete(d.seen, d.ring[d.next])
		d.ring[d.next] = k
		d.next = (d.next + 1) % d.size
	}
	d.seen[k] = struct{}{}
	return nil
}

// Len is how many signatures are remembered.
func (d *Digests) Len() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.seen)
}
