package kernel

import (
	"strings"
	"testing"

	"github.com/peerbook/peerbook/kernel/internal/wire"
)

// BenchmarkExecuteRoundTrip is one execute request through real ZMQ sockets and the
// evaluator child (the fake session): request sent to reply and status idle received.
func BenchmarkExecuteRoundTrip(b *testing.B) { benchKernel(b, "value 2") }

// BenchmarkKernelInfoRoundTrip is a request the kernel answers without the evaluator.
func BenchmarkKernelInfoRoundTrip(b *testing.B) { benchKernel(b, "") }

func benchKernel(b *testing.B, code string) {
	c := connect(b, startKernel(b, kernelOpts{key: "bench"}))
	for b.Loop() {
		if code == "" {
			id := c.send(c.shell, "kernel_info_request", map[string]any{})
			c.reply(c.shellCh, id)
			c.iopubFor(id)
			continue
		}
		c.execute(code)
	}
}

// BenchmarkRealExecuteRoundTrip is `1+1` in the peerbook binary with the real session.
func BenchmarkRealExecuteRoundTrip(b *testing.B) {
	rk := startRealKernel(b, nil, "")
	c := dial(b, rk.conn)
	for b.Loop() {
		c.execute("1+1")
	}
}

// BenchmarkReplyContent is the content of the messages of every cell's hot path: an
// execute_reply, an execute_input, a stream, and the busy and idle statuses (written once:
// statusBusy, statusIdle), beside the hand-built JSON they replaced.
func BenchmarkReplyContent(b *testing.B) {
	b.Run("typed", func(b *testing.B) {
		n := 0
		for b.Loop() {
			n += len(executeReplyContent(12, nil, nil))
			n += len(executeInputContent("x := 1\nfmt.Println(x)", 12))
			n += len(streamContent("stdout", "1\n"))
			n += len(statusBusy) + len(statusIdle)
		}
		if n == 0 {
			b.Fatal("no content")
		}
	})
	b.Run("hand-built", func(b *testing.B) {
		n := 0
		for b.Loop() {
			n += len(handBuiltExecuteReply(12, nil, nil))
			n += len(handBuiltExecuteInput("x := 1\nfmt.Println(x)", 12))
			n += len(handBuiltStream("stdout", "1\n"))
			n += len(handBuiltStatus("busy")) + len(handBuiltStatus("idle"))
		}
		if n == 0 {
			b.Fatal("no content")
		}
	})
}

// BenchmarkExecuteReplyMessage is a cell's execute_reply and its idle status as the kernel
// sends them: contents, headers, HMAC-SHA256 signatures, frames.
func BenchmarkExecuteReplyMessage(b *testing.B) {
	signer, err := wire.NewSigner("hmac-sha256", []byte("bench-key"))
	if err != nil {
		b.Fatal(err)
	}
	k := &Kernel{signer: signer, session: "0123456789abcdef", username: "bench"}
	parent := []byte(`{"msg_id":"0123","session":"s","username":"u","date":"2026-01-01T00:00:00Z","msg_type":"execute_request","version":"5.3"}`)
	idents := [][]byte{[]byte("client")}
	for _, tc := range []struct {
		name    string
		content func() []byte
		idle    func() []byte
	}{
		{"typed", func() []byte { return executeReplyContent(12, nil, nil) }, func() []byte { return statusIdle }},
		{"hand-built", func() []byte { return handBuiltExecuteReply(12, nil, nil) }, func() []byte { return handBuiltStatus("idle") }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				n += len(k.frames(idents, "execute_reply", parent, tc.content()))
				n += len(k.frames(idents, "status", parent, tc.idle()))
			}
			if n == 0 {
				b.Fatal("no frames")
			}
		})
	}
}

// BenchmarkDisplayContent is a display of a 1 MB picture (its base64 PNG as the
// evaluator sends it), beside the hand-built JSON it replaced.
func BenchmarkDisplayContent(b *testing.B) {
	data := []byte(`{"image/png":"` + strings.Repeat("iVBORw0KGgo", 100_000) + `","text/plain":"<pic>"}`)
	b.Run("typed", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			displayContent(data, []byte(`{}`), "d1")
		}
	})
	b.Run("hand-built", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			handBuiltDisplay(data, []byte(`{}`), "d1")
		}
	})
}
