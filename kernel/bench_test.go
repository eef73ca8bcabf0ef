package kernel

import (
	"strings"
	"testing"
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
// execute_reply, an execute_input, a stream, and the busy and idle statuses.
func BenchmarkReplyContent(b *testing.B) {
	n := 0
	for b.Loop() {
		n += len(executeReplyContent(12, nil, nil))
		n += len(executeInputContent("x := 1\nfmt.Println(x)", 12))
		n += len(streamContent("stdout", "1\n"))
		n += len(statusContent("busy")) + len(statusContent("idle"))
	}
	if n == 0 {
		b.Fatal("no content")
	}
}

// BenchmarkDisplayContent is a display of a 1 MB picture (its base64 PNG as the
// evaluator sends it).
func BenchmarkDisplayContent(b *testing.B) {
	data := []byte(`{"image/png":"` + strings.Repeat("iVBORw0KGgo", 100_000) + `","text/plain":"<pic>"}`)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		displayContent(data, []byte(`{}`), "d1")
	}
}
