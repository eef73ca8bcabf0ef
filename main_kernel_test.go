package main

import (
	"bytes"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The kernel's log reaches its stderr (which Jupyter and nbconvert show on the user's
// terminal) only with --debug or $PEERBOOK_DEBUG.
func TestKernelLogsOnlyWhenDebugging(t *testing.T) {
	bin := buildPeerbook(t)
	for _, tc := range []struct {
		name  string
		args  []string
		env   string
		wants bool
	}{
		{"quiet", nil, "", false},
		{"env off", nil, "PEERBOOK_DEBUG=0", false},
		{"flag", []string{"--debug"}, "", true},
		{"env", nil, "PEERBOOK_DEBUG=1", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conn := writeConnectionFile(t)
			cmd := exec.Command(bin, append([]string{"kernel", "-f", conn}, tc.args...)...)
			cmd.Env = append(os.Environ(), "PEERBOOK_HISTORY=none", "PEERBOOK_DEBUG=")
			if tc.env != "" {
				cmd.Env = append(cmd.Env, tc.env)
			}
			var stderr syncBuffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			waitListening(t, conn) // the kernel handles SIGTERM from before it listens
			cmd.Process.Signal(syscall.SIGTERM)
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				cmd.Process.Kill()
				t.Fatal("the kernel did not stop on SIGTERM")
			}
			log := stderr.String()
			if got := strings.Contains(log, "SIGTERM: shutting down"); got != tc.wants {
				t.Errorf("the shutdown was logged: %v, want %v; stderr:\n%s", got, tc.wants, log)
			}
			// The start trace (kernel/bench/bench.py reads it) is part of the log.
			if got := strings.Contains(log, "start trace: process at ") && strings.Contains(log, "start trace: sockets at "); got != tc.wants {
				t.Errorf("the start trace was logged: %v, want %v; stderr:\n%s", got, tc.wants, log)
			}
			if !tc.wants && log != "" {
				t.Errorf("stderr without debugging:\n%s", log)
			}
		})
	}
	var b bytes.Buffer
	kernelLogger(false, "true", &b).Printf("x")
	kernelLogger(false, "yes please", &b).Printf("y")
	if got := b.String(); !strings.Contains(got, "peerbook: ") || !strings.HasSuffix(got, " x\n") {
		t.Errorf("the log with PEERBOOK_DEBUG=true, then an unparsable value: %q", got)
	}
}

// waitListening waits until the kernel of the connection file (ports 0) has written the
// ports it chose back to the file, and accepts connections on its shell port.
func waitListening(t *testing.T, connFile string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	var info struct {
		IP        string `json:"ip"`
		ShellPort int    `json:"shell_port"`
	}
	for ; info.ShellPort == 0; time.Sleep(10 * time.Millisecond) {
		data, err := os.ReadFile(connFile)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &info); err != nil {
			t.Fatal(err)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the kernel has not written its ports to %s after a minute", connFile)
		}
	}
	addr := net.JoinHostPort(info.IP, strconv.Itoa(info.ShellPort))
	for ; ; time.Sleep(10 * time.Millisecond) {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the kernel does not listen on %s after a minute: %v", addr, err)
		}
	}
}

// writeConnectionFile writes a connection file with TCP ports 0 (the kernel chooses them
// and writes them back: waitListening reads them) and a key.
func writeConnectionFile(t *testing.T) string {
	t.Helper()
	data, _ := json.Marshal(map[string]any{"transport": "tcp", "ip": "127.0.0.1", "shell_port": 0, "iopub_port": 0,
		"stdin_port": 0, "control_port": 0, "hb_port": 0, "key": "a key: no warning about an unsigned kernel", "signature_scheme": "hmac-sha256"})
	path := filepath.Join(t.TempDir(), "kernel.json")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}
