package kernel

import (
	"strconv"
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
		k.publish("status", parent, []byte(`{"execution_state":"busy"}`))
	default:
		k.publish("status", parent, []byte(`{"execution_state":"idle"}`))
	}
}

// obj builds a JSON object by appending fields.
type obj struct{ b []byte }

func newObj() *obj { return &obj{b: append(make([]byte, 0, 128), '{')} }

func (o *obj) key(k string) *obj {
	if len(o.b) > 1 {
		o.b = append(o.b, ',')
	}
	o.b = wire.AppendString(o.b, k)
	o.b = append(o.b, ':')
	return o
}

func (o *obj) str(k, v string) *obj { o.key(k).b = wire.AppendString(o.b, v); return o }
func (o *obj) int(k string, v int) *obj {
	o.key(k).b = strconv.AppendInt(o.b, int64(v), 10)
	return o
}
func (o *obj) bool(k string, v bool) *obj { o.key(k).b = strconv.AppendBool(o.b, v); return o }

// raw adds v, which must be JSON; empty v is written as def.
func (o *obj) raw(k string, v []byte, def string) *obj {
	if len(v) == 0 {
		o.key(k).b = append(o.b, def...)
		return o
	}
	o.key(k).b = append(o.b, v...)
	return o
}

func (o *obj) strs(k string, vs []string) *obj {
	o.key(k).b = append(o.b, '[')
	for i, v := range vs {
		if i > 0 {
			o.b = append(o.b, ',')
		}
		o.b = wire.AppendString(o.b, v)
	}
	o.b = append(o.b, ']')
	return o
}

func (o *obj) done() []byte { return append(o.b, '}') }
