package kernel

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/peerbook/peerbook/kernel/internal/wire"
)

// TestIPCTransport: a connection file with "transport": "ipc" makes the kernel listen on
// Unix sockets at IP-PORT (jupyter_client's convention), each of mode 0600, which a client
// uses as it would TCP; they are removed when the kernel stops.
func TestIPCTransport(t *testing.T) {
	dir := t.TempDir()
	prefix := filepath.Join(dir, "kernel-ipc")
	conn := &wire.ConnectionInfo{Transport: "ipc", IP: prefix, ShellPort: 1, IOPubPort: 2, StdinPort: 3,
		ControlPort: 4, HBPort: 5, Key: "secret", SignatureScheme: "hmac-sha256"}
	tk := startKernel(t, kernelOpts{key: "secret", conn: conn})
	for _, port := range []int{1, 2, 3, 4, 5} {
		path := prefix + "-" + string(rune('0'+port))
		fi, err := os.Lstat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode()&os.ModeSocket == 0 || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v, want a socket of mode 0600", path, fi.Mode())
		}
	}
	c := connect(t, tk)
	r, io := c.execute("print over ipc")
	if content(r)["status"] != "ok" || streamText(io, "stdout") != "over ipc\n" {
		t.Fatalf("reply %v, stdout %q", content(r), streamText(io, "stdout"))
	}
	heartbeatWorks(t, c)
	c.reply(c.controlCh, c.send(c.control, "shutdown_request", map[string]any{"restart": false}))
	select {
	case err := <-tk.done:
		tk.done <- err // for the cleanup
	case <-time.After(10 * time.Second):
		t.Fatal("the kernel did not stop")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("left behind after shutdown: %v", names)
	}
}
