package kernel

import (
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/google/uuid"

	"github.com/peerbook/peerbook/kernel/internal/wire"
)

var emptyObject = []byte("{}")

// frames builds a message of type msgType, child of the request whose raw header is parent.
func (k *Kernel) frames(idents [][]byte, msgType string, parent, content []byte) [][]byte {
	header := wire.AppendHeader(make([]byte, 0, 256), uuid.NewString(), k.session, k.username, msgType, time.Now())
	if parent == nil {
		parent = emptyObject
	}
	return wire.Frames(k.signer, idents, header, parent, emptyObject, content, nil)
}

// reply answers req on sock (shell, control).
func (k *Kernel) reply(sock zmq4.Socket, req *wire.Message, msgType string, content []byte) {
	if err := sock.Send(zmq4.NewMsgFrom(k.frames(req.Identities, msgType, req.RawHeader, content)...)); err != nil {
		k.log.Printf("send %s: %v", msgType, err)
	}
}

// publish sends a message on IOPub. It never waits for subscribers (see zmtpnet.Pub).
func (k *Kernel) publish(msgType string, parent, content []byte) {
	topic := [][]byte{[]byte("kernel." + k.session + "." + msgType)}
	if err := k.iopub.Send(k.frames(topic, msgType, parent, content)); err != nil {
		k.log.Printf("publish %s: %v", msgType, err)
	}
}

// publishOutput publishes a cell's output (stream text, displays): it first waits, as
// zmtpnet.Pub.SendPaced does, for a subscriber that has read what it was sent, so that the
// fastest reader receives every byte of a cell's output however fast the cell prints, and
// the evaluator waits for it rather than the kernel's memory growing.
func (k *Kernel) publishOutput(msgType string, parent, content []byte) {
	topic := [][]byte{[]byte("kernel." + k.session + "." + msgType)}
	if err := k.iopub.SendPaced(k.ctx, k.frames(topic, msgType, parent, content)); err != nil {
		k.log.Printf("publish %s: %v", msgType, err)
	}
}

// status publishes the kernel's execution state with parent.
func (k *Kernel) status(parent []byte, state string) {
	switch state {
	case "busy":
		k.publish("status", parent, statusBusy)
	default:
		k.publish("status", parent, statusIdle)
	}
}
