package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func testSigner(t testing.TB, key string) *Signer {
	t.Helper()
	s, err := NewSigner("hmac-sha256", []byte(key))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func sampleFrames(s *Signer) [][]byte {
	header := AppendHeader(nil, "id-1", "sess", "user", "execute_request", time.Unix(0, 0))
	return Frames(s, [][]byte{[]byte("client")}, header, []byte(`{}`), []byte(`{}`),
		[]byte(`{"code":"1+1"}`), [][]byte{[]byte("buf")})
}

func TestDecodeRoundTrip(t *testing.T) {
	s := testSigner(t, "secret")
	m, err := Decode(sampleFrames(s), s)
	if err != nil {
		t.Fatal(err)
	}
	if m.Header.MsgType != "execute_request" || m.Header.MsgID != "id-1" || m.Header.Version != ProtocolVersion {
		t.Errorf("header = %+v", m.Header)
	}
	if len(m.Identities) != 1 || string(m.Identities[0]) != "client" {
		t.Errorf("identities = %q", m.Identities)
	}
	if string(m.Content) != `{"code":"1+1"}` || len(m.Buffers) != 1 {
		t.Errorf("content %s buffers %d", m.Content, len(m.Buffers))
	}
	if m.Header.Date != "1970-01-01T00:00:00.000000Z" {
		t.Errorf("date = %q", m.Header.Date)
	}
}

// The signature is HMAC-SHA256 in lowercase hex over header, parent, metadata, content, as
// jupyter_client computes it.
func TestSignMatchesKnownDigest(t *testing.T) {
	s := testSigner(t, "key")
	got := string(s.Sign([]byte("a"), []byte("b"), []byte("c"), []byte("d")))
	// python3: hmac.new(b"key", b"abcd", hashlib.sha256).hexdigest()
	const want = "2a31ec0ee8d878c9eece9fb0df79b3b90b2256240163aa5ee50d176d3d1121f8"
	if got != want {
		t.Fatalf("signature %q, want %q", got, want)
	}
	if err := s.Verify([]byte(got), []byte("a"), []byte("b"), []byte("c"), []byte("d")); err != nil {
		t.Fatal(err)
	}
	if err := s.Verify([]byte(got), []byte("a"), []byte("b"), []byte("c"), []byte("e")); !errors.Is(err, ErrBadSignature) {
		t.Fatalf("changed content verified: %v", err)
	}
}

func TestSignatureChecks(t *testing.T) {
	s := testSigner(t, "secret")
	good := sampleFrames(s)
	sigAt := 2 // client, delimiter, signature
	for _, tc := range []struct {
		name string
		sig  []byte
		want error
	}{
		{"missing", []byte{}, ErrMissingSignature},
		{"wrong", bytes.Repeat([]byte("a"), 64), ErrBadSignature},
		{"not hex", bytes.Repeat([]byte("z"), 64), ErrBadSignature},
		{"short", good[sigAt][:10], ErrBadSignature},
		{"other key", testSigner(t, "other").Sign(good[3], good[4], good[5], good[6]), ErrBadSignature},
	} {
		frames := append([][]byte(nil), good...)
		frames[sigAt] = tc.sig
		if _, err := Decode(frames, s); !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", tc.name, err, tc.want)
		}
	}
	// Uppercase hex is the same digest.
	frames := append([][]byte(nil), good...)
	frames[sigAt] = bytes.ToUpper(good[sigAt])
	if _, err := Decode(frames, s); err != nil {
		t.Errorf("uppercase signature: %v", err)
	}
}

func TestEmptyKeyIsUnsigned(t *testing.T) {
	s := testSigner(t, "")
	frames := sampleFrames(s)
	if len(frames[2]) != 0 {
		t.Fatalf("unsigned message has signature %q", frames[2])
	}
	frames[2] = []byte("anything")
	if _, err := Decode(frames, s); err != nil {
		t.Fatalf("empty key must accept any signature: %v", err)
	}
}

func TestDecodeRejectsMalformed(t *testing.T) {
	s := testSigner(t, "")
	hdr := []byte(`{"msg_type":"x","msg_id":"1"}`)
	for name, frames := range map[string][][]byte{
		"no delimiter":   {[]byte("a"), []byte("b")},
		"too few":        {[]byte(Delimiter), nil, hdr, []byte("{}")},
		"header not obj": {[]byte(Delimiter), nil, []byte(`[]`), []byte("{}"), []byte("{}"), []byte("{}")},
		"no msg_type":    {[]byte(Delimiter), nil, []byte(`{}`), []byte("{}"), []byte("{}"), []byte("{}")},
		"content array":  {[]byte(Delimiter), nil, hdr, []byte("{}"), []byte("{}"), []byte("[]")},
		"parent string":  {[]byte(Delimiter), nil, hdr, []byte(`"x"`), []byte("{}"), []byte("{}")},
	} {
		if _, err := Decode(frames, s); err == nil {
			t.Errorf("%s: decoded", name)
		}
	}
}

func TestAppendStringIsJSON(t *testing.T) {
	for _, s := range []string{"", "plain", "quote\" back\\ nl\n tab\t cr\r", "\x00\x1f\x7f", "héllo ✓ 🚀",
		"bad \xff utf8", "sep \u2028 \u2029", "<html>&"} {
		b := AppendString(nil, s)
		var got string
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%q -> %s: %v", s, b, err)
		}
		want := strings.ToValidUTF8(s, "\uFFFD")
		if got != want {
			t.Errorf("%q -> %s -> %q", s, b, got)
		}
	}
}

func TestConnectionFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "k.json")
	os.WriteFile(path, []byte(`{"shell_port":1,"iopub_port":2,"stdin_port":3,"control_port":4,"hb_port":5,
		"ip":"127.0.0.1","key":"k","transport":"tcp","signature_scheme":"hmac-sha256","kernel_name":"peerbook"}`), 0o600)
	info, err := ReadConnectionFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := info.Endpoint(info.HBPort); got != "tcp://127.0.0.1:5" {
		t.Errorf("endpoint %q", got)
	}
	info.Transport = "ipc"
	info.IP = "/tmp/kernel"
	if got := info.Endpoint(7); got != "ipc:///tmp/kernel-7" {
		t.Errorf("ipc endpoint %q", got)
	}
	for _, bad := range []string{`{`, `{"ip":""}`, `{"ip":"1.2.3.4","transport":"udp"}`,
		`{"ip":"1.2.3.4","signature_scheme":"rot13"}`, `{"ip":"1.2.3.4","shell_port":70000}`} {
		if _, err := ParseConnection([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if _, err := ReadConnectionFile(filepath.Join(dir, "missing.json")); err == nil {
		t.Error("missing file accepted")
	}
}

// TestWritePortsKeepsTheRest: the ports a kernel chose replace the file's, whatever else it
// holds stays (fields ConnectionInfo does not know included), and the mode is kept.
func TestWritePortsKeepsTheRest(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kernel.json")
	orig := `{"shell_port": 0, "iopub_port": 0, "stdin_port": 0, "control_port": 0, "hb_port": 0,
		"ip": "127.0.0.1", "key": "k", "transport": "tcp", "signature_scheme": "hmac-sha256",
		"kernel_name": "peerbook", "jupyter_session": "/home/u/a.ipynb"}`
	if err := os.WriteFile(path, []byte(orig), 0o640); err != nil {
		t.Fatal(err)
	}
	info := &ConnectionInfo{ShellPort: 1001, IOPubPort: 1002, StdinPort: 1003, ControlPort: 1004, HBPort: 1005}
	if err := WritePorts(path, info); err != nil {
		t.Fatal(err)
	}
	got, err := ReadConnectionFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.ShellPort != 1001 || got.IOPubPort != 1002 || got.StdinPort != 1003 || got.ControlPort != 1004 || got.HBPort != 1005 ||
		got.Key != "k" || got.IP != "127.0.0.1" || got.KernelName != "peerbook" {
		t.Errorf("after WritePorts: %+v", got)
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), `"jupyter_session": "/home/u/a.ipynb"`) {
		t.Errorf("a field ConnectionInfo does not know was lost:\n%s", data)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", st.Mode().Perm())
	}
	if err := WritePorts(filepath.Join(t.TempDir(), "none.json"), info); err == nil {
		t.Error("WritePorts wrote a connection file that was not there")
	}
}
