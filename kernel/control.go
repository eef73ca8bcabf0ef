package kernel

import (
	"encoding/json"
	"os"

	"github.com/go-zeromq/zmq4"

	"github.com/peerbook/peerbook/kernel/internal/wire"
)

// handleControl answers a control request at once, even while a cell runs.
func (k *Kernel) handleControl(m *wire.Message) {
	k.status(m.RawHeader, "busy")
	if r := wire.RefusedOf(m); r != nil {
		k.answerRefused(k.control, "control", m, r)
		k.status(m.RawHeader, "idle")
		return
	}
	if m.BadHeader != "" {
		k.answerBadHeader(k.control, "control", m)
		k.status(m.RawHeader, "idle")
		return
	}
	switch t := m.Header.MsgType; t {
	case "interrupt_request":
		k.sup.interrupt()
		k.reply(k.control, m, "interrupt_reply", interruptReplyContent)
	case "shutdown_request":
		k.status(m.RawHeader, "idle")
		k.shutdownRequest(k.control, m)
		return
	case "kernel_info_request":
		k.reply(k.control, m, "kernel_info_reply", k.kernelInfo())
		k.trace.step(stepKernelInfoReply)
	case "usage_request":
		pids := []int{os.Getpid()}
		pids = append(pids, k.sup.pids()...)
		k.reply(k.control, m, "usage_reply", k.usage.content(pids))
	case "debug_request":
		k.reply(k.control, m, "debug_reply", debugReply(m.Content))
	default:
		k.log.Printf("control: unsupported message type %q: ignored", t)
	}
	k.status(m.RawHeader, "idle")
}

// shutdownRequest answers a shutdown request and stops the kernel. With restart, the
// frontend starts a new kernel process; history carries over through its file.
func (k *Kernel) shutdownRequest(sock zmq4.Socket, m *wire.Message) {
	var c struct {
		Restart bool `json:"restart"`
	}
	json.Unmarshal(m.Content, &c)
	content := shutdownReplyContent(c.Restart)
	k.reply(sock, m, "shutdown_reply", content)
	k.publish("shutdown_reply", m.RawHeader, content)
	k.log.Printf("shutdown requested (restart: %v)", c.Restart)
	k.shutdown()
}

// kernelInfo is the content of kernel_info_reply.
func (k *Kernel) kernelInfo() []byte {
	version := k.cfg.Version
	if version == "" {
		version = "dev"
	}
	return kernelInfoContent(version, goVersion())
}
