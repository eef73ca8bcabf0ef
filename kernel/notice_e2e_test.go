package kernel

import (
	"strings"
	"testing"
	"time"
)

// Through the kernel, as under `peerbook run`, the simulated-devices notice is one complete
// line of the stderr of the first cell that uses the devices; the kernel's own log (here:
// the shutdown request) stays off the terminal unless PEERBOOK_DEBUG is set.
func TestRealNoticeAndQuietLog(t *testing.T) {
	t.Setenv("PEERBOOK_DEVICES", "")
	t.Setenv("PEERBOOK_DEBUG", "")
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	_, io := c.execute("x := 1")
	if s := streamText(io, "stderr"); s != "" {
		t.Errorf("a cell without devices wrote on stderr: %q", s)
	}
	r, io := c.execute("import \"peerbook/gpu\"\ngpu.Runtime()")
	if content(r)["status"] != "ok" {
		t.Fatalf("the GPU cell: %v", content(r))
	}
	var runtime string
	if m := find(io, "execute_result"); m != nil {
		runtime, _ = content(m)["data"].(map[string]any)["text/plain"].(string)
	}
	notice := streamText(io, "stderr")
	if strings.Contains(runtime, "CUDA") {
		t.Logf("CUDA is available: no simulated-devices notice to check (%s)", runtime)
	} else if !strings.HasPrefix(notice, "peerbook: using simulated devices (") || !strings.HasSuffix(notice, "; set PEERBOOK_DEVICES to choose\n") ||
		strings.Count(notice, "\n") != 1 || strings.Count(notice, "(") != strings.Count(notice, ")") {
		t.Errorf("the GPU cell's stderr is not the one-line notice: %q", notice)
	}
	_, io = c.execute("gpu.NumDevices()")
	if s := streamText(io, "stderr"); s != "" {
		t.Errorf("the notice came again: %q", s)
	}
	c.reply(c.controlCh, c.send(c.control, "shutdown_request", map[string]any{"restart": false}))
	select {
	case <-rk.exited:
	case <-time.After(time.Minute):
		t.Fatal("the kernel process did not exit after shutdown_request")
	}
	if log := rk.stderr.String(); log != "" {
		t.Errorf("the kernel wrote on its stderr without PEERBOOK_DEBUG:\n%s", log)
	}
}
