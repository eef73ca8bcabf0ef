// Package wire is the Jupyter wire format: the connection file a frontend writes, HMAC
// signing of messages, and the multipart frames of one message (identities, delimiter,
// signature, header, parent header, metadata, content, buffers).
package wire

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/internal/atomicfile"
)

// ConnectionInfo is the content of a Jupyter connection file.
type ConnectionInfo struct {
	Transport       string `json:"transport"` // "tcp" or "ipc"
	IP              string `json:"ip"`
	ShellPort       int    `json:"shell_port"`
	IOPubPort       int    `json:"iopub_port"`
	StdinPort       int    `json:"stdin_port"`
	ControlPort     int    `json:"control_port"`
	HBPort          int    `json:"hb_port"`
	Key             string `json:"key"`
	SignatureScheme string `json:"signature_scheme"`
	KernelName      string `json:"kernel_name,omitempty"`
}

// ReadConnectionFile reads and checks the connection file at path.
func ReadConnectionFile(path string) (*ConnectionInfo, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read connection file: %w", err)
	}
	info, err := ParseConnection(data)
	if err != nil {
		return nil, fmt.Errorf("connection file %s: %w", path, err)
	}
	return info, nil
}

// ParseConnection parses and checks the JSON of a connection file. A missing transport is
// "tcp", a missing signature scheme is "hmac-sha256" (the only ones Jupyter writes).
func ParseConnection(data []byte) (*ConnectionInfo, error) {
	var info ConnectionInfo
	if err := json.Unmarshal(data, &info); err != nil {
		return nil, fmt.Errorf("not valid JSON: %w", err)
	}
	if info.Transport == "" {
		info.Transport = "tcp"
	}
	if info.Transport != "tcp" && info.Transport != "ipc" {
		return nil, fmt.Errorf("transport %q is not supported (want tcp or ipc)", info.Transport)
	}
	if info.IP == "" {
		return nil, fmt.Errorf("no ip")
	}
	if info.SignatureScheme == "" {
		info.SignatureScheme = "hmac-sha256"
	}
	if _, err := NewSigner(info.SignatureScheme, []byte(info.Key)); err != nil {
		return nil, err
	}
	for _, p := range []struct {
		name string
		port int
	}{
		{"shell_port", info.ShellPort}, {"iopub_port", info.IOPubPort},
		{"stdin_port", info.StdinPort}, {"control_port", info.ControlPort}, {"hb_port", info.HBPort},
	} {
		if p.port < 0 || p.port > 65535 {
			return nil, fmt.Errorf("%s %d out of range", p.name, p.port)
		}
		if p.port == 0 && info.Transport == "ipc" {
			return nil, fmt.Errorf("%s missing (ipc needs every port number)", p.name)
		}
	}
	return &info, nil
}

// Endpoint is the ZeroMQ address to listen on for port: "tcp://IP:PORT" or, for the ipc
// transport, "ipc://IP-PORT" (Jupyter's convention). Port 0 asks for any free TCP port.
func (c *ConnectionInfo) Endpoint(port int) string {
	if c.Transport == "ipc" {
		return "ipc://" + c.IP + "-" + strconv.Itoa(port)
	}
	ip := c.IP
	if ip == "*" {
		ip = "0.0.0.0"
	}
	if strings.Contains(ip, ":") && !strings.HasPrefix(ip, "[") {
		ip = "[" + ip + "]" // IPv6
	}
	return "tcp://" + ip + ":" + strconv.Itoa(port)
}

// WritePorts writes info's five ports into the connection file at path, keeping its other
// fields as they are. The file is replaced whole (atomicfile): a reader never sees half of
// it.
func WritePorts(path string, info *ConnectionInfo) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var fields map[string]any
	if err := json.Unmarshal(data, &fields); err != nil {
		return fmt.Errorf("connection file %s: %w", path, err)
	}
	for name, port := range map[string]int{"shell_port": info.ShellPort, "iopub_port": info.IOPubPort,
		"stdin_port": info.StdinPort, "control_port": info.ControlPort, "hb_port": info.HBPort} {
		fields[name] = port
	}
	out, err := json.MarshalIndent(fields, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(path, append(out, '\n'), 0o600)
}
