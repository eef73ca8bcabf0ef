package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Delimiter separates the routing identities from the message proper.
const Delimiter = "<IDS|MSG>"

// ProtocolVersion is the messaging protocol version this package speaks.
const ProtocolVersion = "5.3"

// Decoding errors. Errors from Decode wrap one of these.
var (
	ErrNoDelimiter      = errors.New("no <IDS|MSG> delimiter frame")
	ErrTooFewFrames     = errors.New("fewer than 5 frames after the delimiter")
	ErrMissingSignature = errors.New("missing signature")
	ErrBadSignature     = errors.New("signature does not match")
	ErrBadHeader        = errors.New("bad header")
)

// Header is a message header.
type Header struct {
	MsgID    string `json:"msg_id"`
	Session  string `json:"session"`
	Username string `json:"username"`
	Date     string `json:"date"`
	MsgType  string `json:"msg_type"`
	Version  string `json:"version"`
}

// Message is one decoded Jupyter message.
type Message struct {
	// Identities are the routing frames before the delimiter (ROUTER sockets).
	Identities [][]byte
	Header     Header
	// RawHeader is the header exactly as received: replies echo it as their parent header.
	RawHeader    json.RawMessage
	ParentHeader json.RawMessage
	Metadata     json.RawMessage
	Content      json.RawMessage
	Buffers      [][]byte
	// BadHeader says which header fields have the wrong JSON type (a number where the spec
	// has a string), "" when none: such a message is kept, so that its sender can be
	// answered with an error rather than waiting for a reply that never comes. A header
	// whose msg_type is not a string is not kept (ErrBadHeader): nothing could answer it.
	BadHeader string
}

// Decode parses the frames of one message and checks its signature with s (nil: no
// checks). It never panics, whatever the frames hold.
func Decode(frames [][]byte, s *Signer) (*Message, error) {
	return DecodeOnce(frames, s, nil)
}

// DecodeOnce is Decode that also refuses, with ErrReplayed, a message whose signature d
// has seen (d nil: no such check), and records the signature of every message it accepts.
func DecodeOnce(frames [][]byte, s *Signer, d *Digests) (*Message, error) {
	delim := -1
	for i, f := range frames {
		if string(f) == Delimiter {
			delim = i
			break
		}
	}
	if delim < 0 {
		return nil, ErrNoDelimiter
	}
	rest := frames[delim+1:]
	if len(rest) < 5 {
		return nil, fmt.Errorf("%w (got %d)", ErrTooFewFrames, len(rest))
	}
	sig, header, parent, metadata, content := rest[0], rest[1], rest[2], rest[3], rest[4]
	if err := s.Verify(sig, header, parent, metadata, content); err != nil {
		return nil, err
	}
	if s.Enabled() {
		if err := d.Add(sig); err != nil {
			return nil, err
		}
	}
	m := &Message{
		Identities:   frames[:delim],
		RawHeader:    header,
		ParentHeader: parent,
		Metadata:     metadata,
		Content:      content,
	}
	if len(rest) > 5 {
		m.Buffers = rest[5:]
	}
	bad, err := decodeHeader(header, &m.Header)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadHeader, err)
	}
	m.BadHeader = bad
	if m.Header.MsgType == "" {
		return nil, fmt.Errorf("%w: no msg_type", ErrBadHeader)
	}
	if !isObject(parent) {
		return nil, fmt.Errorf("parent header is not a JSON object")
	}
	if !isObject(metadata) {
		return nil, fmt.Errorf("metadata is not a JSON object")
	}
	if !isObject(content) {
		return nil, fmt.Errorf("content is not a JSON object")
	}
	return m, nil
}

// decodeHeader reads a header's string fields into h, field by field: bad names the
// fields of another JSON type; an error is a header that is no JSON object, or whose
// msg_type is not a string.
func decodeHeader(data []byte, h *Header) (bad string, err error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return "", err
	}
	var wrong []string
	for _, f := range []struct {
		name string
		dst  *string
	}{{"msg_id", &h.MsgID}, {"session", &h.Session}, {"username", &h.Username}, {"date", &h.Date},
		{"msg_type", &h.MsgType}, {"version", &h.Version}} {
		v, ok := fields[f.name]
		if !ok {
			continue
		}
		if err := json.Unmarshal(v, f.dst); err != nil {
			if f.name == "msg_type" {
				return "", fmt.Errorf("msg_type is %s, not a string", jsonKind(v))
			}
			wrong = append(wrong, fmt.Sprintf("%s is %s", f.name, jsonKind(v)))
		}
	}
	if len(wrong) == 0 {
		return "", nil
	}
	return "the header's " + strings.Join(wrong, ", ") + ": the messaging spec's header fields are strings", nil
}

// jsonKind names the kind of a JSON value: "a number", "an object"...
func jsonKind(v json.RawMessage) string {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return "empty"
	}
	switch v[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	case '"':
		return "a string"
	}
	return "a number"
}

// jsonSpace is JSON's white space.
const jsonSpace = " \t\n\r"

// isObject reports whether b is a JSON object (cheaply: the full syntax check happens when
// a handler unmarshals it).
func isObject(b []byte) bool {
	b = bytes.Trim(b, jsonSpace)
	return len(b) >= 2 && b[0] == '{' && b[len(b)-1] == '}'
}

// Frames builds the frames of a message: identities, delimiter, signature, the four JSON
// parts, buffers.
func Frames(s *Signer, identities [][]byte, header, parent, metadata, content []byte, buffers [][]byte) [][]byte {
	frames := make([][]byte, 0, len(identities)+6+len(buffers))
	frames = append(frames, identities...)
	frames = append(frames, []byte(Delimiter), s.Sign(header, parent, metadata, content),
		header, parent, metadata, content)
	return append(frames, buffers...)
}

// AppendHeader appends the JSON of a header to dst without reflection.
func AppendHeader(dst []byte, msgID, session, username, msgType string, date time.Time) []byte {
	dst = append(dst, `{"msg_id":`...)
	dst = AppendString(dst, msgID)
	dst = append(dst, `,"session":`...)
	dst = AppendString(dst, session)
	dst = append(dst, `,"username":`...)
	dst = AppendString(dst, username)
	dst = append(dst, `,"date":"`...)
	dst = date.UTC().AppendFormat(dst, "2006-01-02T15:04:05.000000Z")
	dst = append(dst, `","msg_type":`...)
	dst = AppendString(dst, msgType)
	dst = append(dst, `,"version":"`+ProtocolVersion+`"}`...)
	return dst
}

// AppendString appends s as a JSON string, escaping what JSON requires (and <, >, & left
// as they are). Invalid UTF-8 becomes U+FFFD.
func AppendString(dst []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\u202`...)
			dst = strconv.AppendInt(dst, int64(r&0xf), 16)
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
