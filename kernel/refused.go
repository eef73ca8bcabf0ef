package kernel

import (
	"errors"
	"fmt"
	"strings"

	"github.com/go-zeromq/zmq4"

	"github.com/peerbook/peerbook/kernel/internal/wire"
	"github.com/peerbook/peerbook/kernel/internal/zmtpnet"
)

// Refused messages. The transport never reads a message over the kernel's limit
// (Config.MaxMessage), nor one that finds no room within its budget of bytes being received
// (Config.ReceiveBudget): it reads such a message through without keeping it, checking its
// signature as it streams past (wire.RefusalTap). A signed one is replaced by a stand-in
// with its header (wire.RefusedKey), answered here with an error reply that names the
// limit and how to raise it; an unsigned or forged one closes its connection unanswered.

// maxCheck bounds the signed bytes of a refused message that are read (and hashed, at
// about a GB/s) to check its signature: past that, the connection is closed unanswered.
// A 2^62-byte claim ends there; a cell pasted a few times over the limit is answered.
func maxCheck(maxMessage int64) uint64 { return uint64(max(4*maxMessage, 1<<30)) }

// newTap makes the transport's Tap of each connection.
func (k *Kernel) newTap(maxMessage int64) func() zmtpnet.Tap {
	return func() zmtpnet.Tap {
		return wire.NewRefusalTap(k.signer, maxCheck(maxMessage), describeRefusal)
	}
}

// describeRefusal names a transport's refusal for the sender: an error name and what to do.
func describeRefusal(err error) (ename, evalue string) {
	var tl *zmtpnet.TooLargeError
	var busy *zmtpnet.BusyError
	switch {
	case errors.As(err, &tl):
		return "MessageTooLarge", fmt.Sprintf("the kernel did not read this message: it is over the limit of %d bytes per message "+
			"(at least %d bytes, counting %d bytes for each frame). Set PEERBOOK_MAX_MESSAGE=<bytes> in the kernel's environment "+
			"(the \"env\" of its kernel.json) and restart the kernel to raise the limit, or send less (e.g. read large data from a file in the cell)",
			tl.Limit, tl.Size, zmtpnet.FrameOverhead)
	case errors.As(err, &busy):
		return "KernelBusy", fmt.Sprintf("the kernel did not read this message: other messages being received held %d of its %d bytes for messages in flight, "+
			"and no room for %d bytes came within %v. Send it again, or set PEERBOOK_RECEIVE_BUDGET=<bytes> in the kernel's environment to raise the budget",
			busy.InUse, busy.Budget, busy.Need, busy.Waited.Round(1e6))
	}
	return "MessageRefused", "the kernel did not read this message: " + err.Error()
}

// isCut reports whether frames are the part of a refused message that the transport had
// passed on before refusing it (see zmtpnet.Tap): dropped, the stand-in answers for it.
func isCut(frames [][]byte) bool {
	return len(frames) > 0 && string(frames[len(frames)-1]) == zmtpnet.Cut
}

// answerRefused answers the stand-in m of a refused request on sock with an error reply
// (and, for an execute_request, an error on IOPub, which is what frontends show).
func (k *Kernel) answerRefused(sock zmq4.Socket, name string, m *wire.Message, r *wire.Refused) {
	t := m.Header.MsgType
	if err := k.digests.Add([]byte(r.Signature)); err != nil {
		// The refused message was seen before: a replay, dropped as any is.
		if n := k.dropped.Add(1); n <= 100 || n%1000 == 0 {
			k.log.Printf("%s: dropped a refused %s (%d so far): %v", name, t, n, err)
		}
		return
	}
	k.log.Printf("%s: answered a %s of %d bytes with %s: %s", name, t, r.Size, r.Name, r.Reason)
	if !strings.HasSuffix(t, "_request") || sock == k.stdin {
		return // nothing to reply to (comm_msg, input_reply): the log says it
	}
	tb := []string{"\x1b[0;31m" + r.Name + "\x1b[0m: " + r.Reason}
	var count *int
	if t == "execute_request" && sock == k.shell {
		// Shell worker only (execCount and abortThrough are its own). The request did not
		// run; what is queued behind it is aborted, as stop_on_error (default true) says.
		k.abortThrough = k.stopping()
		k.publish("error", m.RawHeader, errorContent(r.Name, r.Reason, tb))
		count = &k.execCount
	}
	k.reply(sock, m, strings.TrimSuffix(t, "_request")+"_reply", errorReplyContent(r.Name, r.Reason, tb, count, true))
}

// answerBadHeader answers a request whose header has fields of the wrong JSON type (see
// wire.Message.BadHeader) with an error reply, so that its sender does not wait forever.
// Nothing else of it runs.
func (k *Kernel) answerBadHeader(sock zmq4.Socket, name string, m *wire.Message) {
	t := m.Header.MsgType
	k.log.Printf("%s: answered a %s with BadRequest: %s", name, t, m.BadHeader)
	if !strings.HasSuffix(t, "_request") || sock == k.stdin {
		return
	}
	tb := []string{"\x1b[0;31mBadRequest\x1b[0m: " + m.BadHeader}
	var count *int
	if t == "execute_request" {
		count = &k.execCount
	}
	k.reply(sock, m, strings.TrimSuffix(t, "_request")+"_reply", errorReplyContent("BadRequest", m.BadHeader, tb, count, true))
}
