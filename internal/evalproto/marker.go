package evalproto

import (
	"bytes"
	"strconv"
)

// MarkerScanner splits what the kernel reads from the child's fd 1 or fd 2 into text and
// sync markers. A marker split across reads is held back until the rest arrives; bytes that
// merely look like the start of a marker are held only as long as they could still be one.
type MarkerScanner struct {
	held []byte
}

// maxIDDigits bounds the digits of a marker's id (a uint64 has at most 20).
const maxIDDigits = 20

// Feed scans data. For each piece of text it calls text (the slice is only valid during the
// call); for each complete marker it calls sync with the marker's request id.
func (s *MarkerScanner) Feed(data []byte, text func([]byte), sync func(id uint64)) {
	buf := data
	if len(s.held) > 0 {
		buf = append(s.held, data...)
		s.held = nil
	}
	prefix := []byte(syncPrefix)
	for len(buf) > 0 {
		i := bytes.Index(buf, prefix)
		if i < 0 {
			keep := partialPrefix(buf, prefix)
			if n := len(buf) - keep; n > 0 {
				text(buf[:n])
			}
			if keep > 0 {
				s.held = append([]byte(nil), buf[len(buf)-keep:]...)
			}
			return
		}
		if i > 0 {
			text(buf[:i])
		}
		rest := buf[i+len(prefix):]
		n := 0
		for n < len(rest) && n <= maxIDDigits && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		switch {
		case n == len(rest) && n <= maxIDDigits,
			n > 0 && n <= maxIDDigits && len(rest)-n < len(syncSuffix) && bytes.HasPrefix([]byte(syncSuffix), rest[n:]):
			// The marker may continue in the next read.
			s.held = append([]byte(nil), buf[i:]...)
			return
		case n > 0 && n <= maxIDDigits && bytes.HasPrefix(rest[n:], []byte(syncSuffix)):
			id, err := strconv.ParseUint(string(rest[:n]), 10, 64)
			if err == nil {
				sync(id)
				buf = rest[n+len(syncSuffix):]
				continue
			}
		}
		// Not a marker after all: its first byte is text.
		text(buf[i : i+1])
		buf = buf[i+1:]
	}
}

// Flush emits held-back bytes as text (at end of file, where no marker can complete them).
func (s *MarkerScanner) Flush(text func([]byte)) {
	if len(s.held) > 0 {
		text(s.held)
		s.held = nil
	}
}

// partialPrefix returns the length of the longest suffix of buf that is a proper prefix of
// prefix.
func partialPrefix(buf, prefix []byte) int {
	max := len(prefix) - 1
	if max > len(buf) {
		max = len(buf)
	}
	for k := max; k > 0; k-- {
		if bytes.Equal(buf[len(buf)-k:], prefix[:k]) {
			return k
		}
	}
	return 0
}
