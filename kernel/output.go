package kernel

import (
	"bytes"
	"encoding/json"
	"time"
	"unicode/utf8"

	"github.com/peerbook/peerbook/internal/evalproto"
	"github.com/peerbook/peerbook/kernel/internal/crash"
)

// Stream text is merged while more output is already waiting, and published as soon as
// nothing is: a burst becomes a few large stream messages, a line every 100 ms stays a
// message every 100 ms.
const (
	maxStreamChunk = 64 << 10
	// crashHoldFor is how long stderr text that looks like the Go runtime's crash report is
	// held back: if the evaluator dies, it goes into the error message instead of being
	// streamed too; if it lives, the text is streamed late.
	crashHoldFor = 700 * time.Millisecond
)

// outputState is the shell worker's pending output.
type outputState struct {
	name   string // stream of buf
	parent []byte
	buf    []byte

	hold       crashHold // stderr text that may be a crash report
	heldParent []byte    // where held text goes if it is not
	heldSilent bool
}

// target is where output goes: the active request's parent, or for output nobody waits
// for, the last execute request's.
func (k *Kernel) target(act *active) (parent []byte, silent bool) {
	if act != nil && act.isExecute {
		return act.parent, act.silent
	}
	return k.lastParent, false
}

// streamText adds text to the pending stream message.
func (k *Kernel) streamText(parent []byte, name string, text []byte) {
	o := &k.out
	if len(o.buf) > 0 && (o.name != name || !bytes.Equal(o.parent, parent)) {
		k.flushStream(true)
	}
	o.name, o.parent = name, parent
	o.buf = append(o.buf, text...)
	if len(o.buf) >= maxStreamChunk {
		k.flushStream(false)
	}
}

// flushStream publishes pending stream text. Unless final, an incomplete UTF-8 sequence
// at the end waits for the rest.
func (k *Kernel) flushStream(final bool) {
	o := &k.out
	if len(o.buf) == 0 {
		return
	}
	n := len(o.buf)
	if !final {
		n = completeUTF8(o.buf)
		if n == 0 {
			return
		}
	}
	k.publishOutput("stream", o.parent, streamContent(o.name, string(o.buf[:n])))
	rest := copy(o.buf, o.buf[n:])
	o.buf = o.buf[:rest]
}

// completeUTF8 returns the length of b without a trailing incomplete UTF-8 sequence.
func completeUTF8(b []byte) int {
	for i := 1; i <= utf8.UTFMax && i <= len(b); i++ {
		c := b[len(b)-i]
		if c < utf8.RuneSelf {
			return len(b) // ASCII: complete
		}
		if utf8.RuneStart(c) {
			if utf8.FullRune(b[len(b)-i:]) {
				return len(b)
			}
			return len(b) - i
		}
	}
	return len(b)
}

// pipeText handles text the evaluator wrote to its fd 1 or fd 2.
func (k *Kernel) pipeText(act *active, stream string, text []byte) {
	parent, silent := k.target(act)
	if stream == "stdout" {
		if !silent {
			k.streamText(parent, "stdout", text)
		}
		return
	}
	o := &k.out
	wasHolding := o.hold.holding
	now := o.hold.pass(text)
	if !wasHolding && o.hold.holding {
		o.heldParent, o.heldSilent = parent, silent
	}
	if len(now) > 0 && !silent {
		k.streamText(parent, "stderr", now)
	}
}

// releaseHold streams held-back stderr text: the evaluator did not die after all.
func (k *Kernel) releaseHold() {
	o := &k.out
	if !o.hold.holding {
		return
	}
	held := o.hold.release()
	if !o.heldSilent {
		k.streamText(o.heldParent, "stderr", held)
	}
}

// dropHold forgets held-back text: it is the crash report of a dead evaluator.
func (k *Kernel) dropHold() { k.out.hold.drop() }

// crashHold holds back an evaluator's stderr text from a line that starts the Go runtime's
// crash report on (crash.IsLine): if the evaluator dies, the report goes into the error
// of the cell instead of being streamed too; if it lives (release, or C fires after
// crashHoldFor), the text is streamed late. The kernel and Session both use it.
type crashHold struct {
	midLine bool // the stderr pipe is in the middle of a line
	holding bool
	held    []byte
	timer   *time.Timer
	C       <-chan time.Time // fires crashHoldFor after holding started; nil while not holding
}

// pass returns the part of text to stream now; the rest, from a crash line on, is held.
func (h *crashHold) pass(text []byte) []byte {
	if h.holding {
		h.held = append(h.held, text...)
		return nil
	}
	for start := 0; start <= len(text); {
		if !h.midLine && start < len(text) && crash.IsLine(text[start:]) {
			h.holding = true
			h.held = append(h.held[:0], text[start:]...)
			h.timer = time.NewTimer(crashHoldFor)
			h.C = h.timer.C
			return text[:start]
		}
		nl := bytes.IndexByte(text[start:], '\n')
		if nl < 0 {
			h.midLine = start < len(text)
			break
		}
		start += nl + 1
		h.midLine = false
	}
	return text
}

// release ends holding and returns the text held (nil when none was).
func (h *crashHold) release() []byte {
	if !h.holding {
		return nil
	}
	h.holding = false
	h.timer.Stop()
	h.C = nil
	h.midLine = len(h.held) > 0 && h.held[len(h.held)-1] != '\n'
	held := h.held
	h.held = nil
	return held
}

// drop ends holding and forgets the text held: it was the crash report of a dead process.
func (h *crashHold) drop() {
	if !h.holding {
		return
	}
	h.holding = false
	h.timer.Stop()
	h.C = nil
	h.held = h.held[:0]
	h.midLine = false
}

// displayEvent publishes a display, update or clear event of the evaluator.
func (k *Kernel) displayEvent(act *active, ev *evalproto.Event) {
	parent, silent := k.target(act)
	if silent {
		return
	}
	switch ev.Kind {
	case evalproto.EvStream:
		name := "stdout"
		if ev.Name == "stderr" {
			name = "stderr"
		}
		k.streamText(parent, name, []byte(ev.Text))
	case evalproto.EvClear:
		k.flushStream(true)
		k.publish("clear_output", parent, clearOutputContent(ev.Wait))
	case evalproto.EvDisplay:
		k.flushStream(true)
		var b bundle
		if err := json.Unmarshal(ev.Bundle, &b); err != nil || len(b.Data) == 0 {
			k.log.Printf("display: bad bundle: %v", err)
			return
		}
		msgType := "display_data"
		if ev.Update {
			if ev.DisplayID == "" {
				k.log.Printf("update_display_data without a display id: dropped")
				return
			}
			msgType = "update_display_data"
		}
		k.publishOutput(msgType, parent, displayContent(b.Data, b.Metadata, ev.DisplayID))
	}
}

// bundle is display.Bundle with its parts kept as JSON.
type bundle struct {
	Data     json.RawMessage `json:"data"`
	Metadata json.RawMessage `json:"metadata"`
}

// plainText is the text/plain of a bundle, or nil.
func plainText(raw json.RawMessage) *string {
	var b struct {
		Data map[string]json.RawMessage `json:"data"`
	}
	if json.Unmarshal(raw, &b) != nil {
		return nil
	}
	var s string
	if json.Unmarshal(b.Data["text/plain"], &s) != nil {
		return nil
	}
	return &s
}
