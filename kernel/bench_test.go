package kernel

import "testing"

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
