package kernel

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/internal/fulldisk"
)

// waitFor waits until get() holds want.
func waitFor(t *testing.T, get func() string, want string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(get(), want); {
		if time.Now().After(deadline) {
			t.Fatalf("%q never said %q", get(), want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestHistoryOnAFullDisk: a kernel whose history file can't be written says so once on its
// stderr (not only in the --debug log), runs its cells, and answers history requests with
// them.
func TestHistoryOnAFullDisk(t *testing.T) {
	disk := fulldisk.Mount(t, 64<<10)
	fulldisk.Fill(t, disk)
	tk := startKernel(t, kernelOpts{key: "secret", historyPath: filepath.Join(disk, "history.jsonl")})
	c := connect(t, tk)
	for _, code := range []string{"print a", "print b", "print c"} {
		if r, _ := c.execute(code); content(r)["status"] != "ok" {
			t.Fatalf("%s: %v", code, content(r))
		}
	}
	waitFor(t, tk.stderr.String, "no space left on device")
	if n := strings.Count(tk.stderr.String(), "warning: history"); n != 1 {
		t.Errorf("%d history warnings on stderr, want 1:\n%s", n, tk.stderr.String())
	}
	id := c.send(c.shell, "history_request", map[string]any{"hist_access_type": "tail", "n": 10, "output": false, "raw": true})
	h := content(c.reply(c.shellCh, id))["history"].([]any)
	if len(h) != 3 || h[2].([]any)[2] != "print c" {
		t.Errorf("history_reply %v", h)
	}
}

// TestEmptyKeyWarns: a connection file without a key runs the kernel unsigned, and its
// stderr says so at start, whether the log is on or not.
func TestEmptyKeyWarns(t *testing.T) {
	tk := startKernel(t, kernelOpts{key: ""})
	if !strings.Contains(tk.stderr.String(), "warning: the connection file has no key") {
		t.Errorf("stderr: %q", tk.stderr.String())
	}
	tk2 := startKernel(t, kernelOpts{key: "secret"})
	if tk2.stderr.String() != "" {
		t.Errorf("a kernel with a key warns: %q", tk2.stderr.String())
	}
}
