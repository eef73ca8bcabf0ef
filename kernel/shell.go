package kernel

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
	"github.com/peerbook/peerbook/kernel/internal/history"
	"github.com/peerbook/peerbook/kernel/internal/wire"
)

// shellWorker handles shell requests one at a time, and between them, whatever the
// evaluator says on its own.
func (k *Kernel) shellWorker() {
	for {
		select {
		case in := <-k.shellQ:
			k.handleShell(in)
		case pm := <-k.sup.msgs:
			k.background(pm)
			if len(k.sup.msgs) == 0 {
				k.flushStream(false)
			}
		case m := <-k.stdinQ:
			k.inputReply(nil, m)
		case <-k.out.hold.C:
			k.releaseHold()
			k.flushStream(false)
		case <-k.ctx.Done():
			return
		}
	}
}

// handleShell answers one shell request, between status busy and status idle.
func (k *Kernel) handleShell(in inbound) {
	m := in.msg
	k.status(m.RawHeader, "busy")
	defer k.status(m.RawHeader, "idle")
	if r := wire.RefusedOf(m); r != nil {
		k.answerRefused(k.shell, "shell", m, r)
		return
	}
	if m.BadHeader != "" {
		k.answerBadHeader(k.shell, "shell", m)
		return
	}
	switch t := m.Header.MsgType; t {
	case "execute_request":
		if in.seq <= k.abortThrough {
			k.reply(k.shell, m, "execute_reply", abortedReplyContent(k.execCount))
			return
		}
		k.execute(in)
		k.trace.step(stepExecuteReply)
	case "kernel_info_request":
		k.reply(k.shell, m, "kernel_info_reply", k.kernelInfo())
		k.trace.step(stepKernelInfoReply)
	case "complete_request":
		k.complete(m)
	case "inspect_request":
		k.inspect(m)
	case "is_complete_request":
		k.isComplete(m)
	case "history_request":
		k.history(m)
	case "comm_info_request":
		k.reply(k.shell, m, "comm_info_reply", commInfoReplyContent)
	case "comm_open":
		k.commOpen(m)
	case "comm_msg", "comm_close":
		// No comm is ever open: nothing to do.
	case "shutdown_request":
		k.shutdownRequest(k.shell, m) // before protocol 5.4 it came on shell
	default:
		k.log.Printf("shell: unknown message type %q: ignored", t)
	}
}

// executeContent is an execute_request's content.
type executeContent struct {
	Code            string         `json:"code"`
	Silent          bool           `json:"silent"`
	StoreHistory    *bool          `json:"store_history"`
	UserExpressions map[string]any `json:"user_expressions"`
	AllowStdin      *bool          `json:"allow_stdin"`
	StopOnError     *bool          `json:"stop_on_error"`
}

func orTrue(b *bool) bool { return b == nil || *b }

func (k *Kernel) execute(in inbound) {
	m := in.msg
	var c executeContent
	if err := json.Unmarshal(m.Content, &c); err != nil {
		k.replyError(m, "execute_reply", "BadRequest", "execute_request content: "+err.Error(), true)
		return
	}
	storeHistory := orTrue(c.StoreHistory) && !c.Silent
	stopOnError := orTrue(c.StopOnError)
	if storeHistory {
		k.execCount++
	}
	count := k.execCount
	if !c.Silent {
		k.lastParent = m.RawHeader
		k.publish("execute_input", m.RawHeader, executeInputContent(c.Code, count))
	}
	exprs := map[string]string{}
	for name, v := range c.UserExpressions {
		if s, ok := v.(string); ok {
			exprs[name] = s
		}
	}
	act := &active{req: m, parent: m.RawHeader, isExecute: true, silent: c.Silent, allowStdin: orTrue(c.AllowStdin)}
	// A cell that imports a package the evaluator lacks switches evaluators first.
	var done *evalproto.Done
	var modErr *evalproto.Error
	var err error
	if rc, ok := parseRanksCell(c.Code); ok {
		done, err = k.ranksCell(act, rc) // %ranks starts and ends processes: the kernel's magic
	} else if modErr, err = k.switchModules(act, c.Code); modErr != nil {
		done = &evalproto.Done{Error: modErr}
	} else if err == nil {
		done, err = k.executeCell(act, &evalproto.Request{Op: evalproto.OpExecute, Execute: &evalproto.ExecuteRequest{
			Code:            c.Code,
			Silent:          c.Silent,
			StoreHistory:    storeHistory,
			UserExpressions: exprs,
			AllowStdin:      act.allowStdin,
			ExecutionCount:  count,
		}})
	}
	if errors.Is(err, errShuttingDown) {
		return
	}
	var output *string
	defer func() {
		if storeHistory {
			if err := k.hist.Add(count, c.Code, output); err != nil {
				if we := (*history.WriteError)(nil); errors.As(err, &we) {
					k.warn("%v", we) // once for a run of failed writes (see history.Store.Add)
				}
				k.log.Printf("%v", err)
			}
		}
	}()

	var ename, evalue string
	var traceback []string
	switch {
	case err != nil:
		ename, evalue, traceback = lostContent(err)
	case done.Error != nil:
		ename, evalue, traceback = done.Error.Name, done.Error.Value, done.Error.Traceback
		if len(traceback) == 0 {
			traceback = []string{ename + ": " + evalue}
		}
	}
	if ename != "" {
		// What had arrived is aborted; taken before the reply goes out, since a client may
		// send its next request as soon as it has the reply, and that one must run.
		if stopOnError {
			k.abortThrough = k.stopping()
		}
		if !c.Silent {
			k.publish("error", m.RawHeader, errorContent(ename, evalue, traceback))
		}
		k.reply(k.shell, m, "execute_reply", executeErrorReplyContent(count, ename, evalue, traceback))
		return
	}
	if len(done.Value) > 0 && !c.Silent {
		var b bundle
		if json.Unmarshal(done.Value, &b) == nil && len(b.Data) > 2 {
			k.publish("execute_result", m.RawHeader, executeResultContent(count, b.Data, b.Metadata))
			output = plainText(done.Value)
		}
	}
	k.reply(k.shell, m, "execute_reply", executeReplyContent(count, done.Payloads, done.UserExpressions))
}

// stopOnErrorWait bounds the wait of stopping for the shell's reader to take what had
// arrived (it takes microseconds; the bound is for a reader stuck behind a full queue).
const stopOnErrorWait = time.Second

// stopping returns the arrival number up to which execute requests are aborted after an
// error with stop_on_error: every request that had reached the shell port when the error
// came, wherever it was on its way in (the operating system's receive buffer, a
// connection's buffer, zmq4, the shell queue), as ipykernel aborts what it finds queued
// after an error. The rule is exact, not a race with the reader: a Run All's requests,
// sent before the client saw the error, are all aborted once they reached the kernel's
// machine; what arrives after the reply runs.
func (k *Kernel) stopping() uint64 {
	if k.shellPort == nil {
		return k.arrived.Load()
	}
	mark := k.shellPort.Mark()
	deadline := time.Now().Add(stopOnErrorWait)
	for {
		msgs, ok := mark.Reached()
		if ok && k.shellSeen.Load() >= msgs {
			break
		}
		if time.Now().After(deadline) {
			k.log.Printf("stop_on_error: the shell's reader did not take what had arrived within %v: aborting what it took", stopOnErrorWait)
			break
		}
		time.Sleep(50 * time.Microsecond)
	}
	return k.arrived.Load()
}

// replyError answers m with an error reply (and an error message on IOPub when publish).
func (k *Kernel) replyError(m *wire.Message, msgType, ename, evalue string, publish bool) {
	tb := []string{ename + ": " + evalue}
	if publish {
		k.publish("error", m.RawHeader, errorContent(ename, evalue, tb))
	}
	var count *int
	if msgType == "execute_reply" {
		count = &k.execCount
	}
	k.reply(k.shell, m, msgType, errorReplyContent(ename, evalue, tb, count, false))
}

func (k *Kernel) complete(m *wire.Message) {
	var c struct {
		Code      string `json:"code"`
		CursorPos *int   `json:"cursor_pos"`
	}
	if err := json.Unmarshal(m.Content, &c); err != nil {
		k.replyError(m, "complete_reply", "BadRequest", "complete_request content: "+err.Error(), false)
		return
	}
	cursor := runeToByte(c.Code, c.CursorPos)
	var comp evalproto.Completion
	done, err := k.call(&active{req: m, parent: m.RawHeader}, &evalproto.Request{Op: evalproto.OpComplete, Code: c.Code, Cursor: cursor})
	if errors.Is(err, errShuttingDown) {
		return
	}
	if err == nil && done.Completion != nil {
		comp = *done.Completion
	} else {
		comp = evalproto.Completion{CursorStart: cursor, CursorEnd: cursor}
	}
	matches := comp.Matches
	if matches == nil {
		matches = []string{}
	}
	md := []byte("{}")
	if len(comp.Metadata) > 0 {
		if b, err := json.Marshal(comp.Metadata); err == nil {
			md = b
		}
	}
	k.reply(k.shell, m, "complete_reply", completeReplyContent(matches,
		byteToRune(c.Code, comp.CursorStart), byteToRune(c.Code, comp.CursorEnd), md))
}

func (k *Kernel) inspect(m *wire.Message) {
	var c struct {
		Code        string `json:"code"`
		CursorPos   *int   `json:"cursor_pos"`
		DetailLevel int    `json:"detail_level"`
	}
	if err := json.Unmarshal(m.Content, &c); err != nil {
		k.replyError(m, "inspect_reply", "BadRequest", "inspect_request content: "+err.Error(), false)
		return
	}
	done, err := k.call(&active{req: m, parent: m.RawHeader}, &evalproto.Request{Op: evalproto.OpInspect,
		Code: c.Code, Cursor: runeToByte(c.Code, c.CursorPos), Detail: c.DetailLevel})
	if errors.Is(err, errShuttingDown) {
		return
	}
	found, data := false, []byte("{}")
	if err == nil && done.Inspection != nil && done.Inspection.Found && len(done.Inspection.Data) > 0 {
		if b, jerr := json.Marshal(done.Inspection.Data); jerr == nil {
			found, data = true, b
		}
	}
	k.reply(k.shell, m, "inspect_reply", inspectReplyContent(found, data))
}

func (k *Kernel) isComplete(m *wire.Message) {
	var c struct {
		Code string `json:"code"`
	}
	if err := json.Unmarshal(m.Content, &c); err != nil {
		k.replyError(m, "is_complete_reply", "BadRequest", "is_complete_request content: "+err.Error(), false)
		return
	}
	done, err := k.call(&active{req: m, parent: m.RawHeader}, &evalproto.Request{Op: evalproto.OpIsComplete, Code: c.Code})
	if errors.Is(err, errShuttingDown) {
		return
	}
	status, indent := "unknown", ""
	if err == nil {
		switch done.Status {
		case "complete", "incomplete", "invalid", "unknown":
			status, indent = done.Status, done.Indent
		}
	}
	k.reply(k.shell, m, "is_complete_reply", isCompleteReplyContent(status, indent))
}

func (k *Kernel) history(m *wire.Message) {
	var c struct {
		Output         bool   `json:"output"`
		Raw            bool   `json:"raw"`
		HistAccessType string `json:"hist_access_type"`
		Session        *int   `json:"session"`
		Start          *int   `json:"start"`
		Stop           *int   `json:"stop"`
		N              *int   `json:"n"`
		Pattern        string `json:"pattern"`
		Unique         bool   `json:"unique"`
	}
	if err := json.Unmarshal(m.Content, &c); err != nil {
		k.replyError(m, "history_reply", "BadRequest", "history_request content: "+err.Error(), false)
		return
	}
	get := func(p *int, def int) int {
		if p == nil {
			return def
		}
		return *p
	}
	var entries []history.Entry
	switch c.HistAccessType {
	case "tail":
		entries = k.hist.Tail(get(c.N, 10))
	case "range":
		entries = k.hist.Range(get(c.Session, 0), get(c.Start, 1), get(c.Stop, 0))
	case "search":
		pattern := c.Pattern
		if pattern == "" {
			pattern = "*"
		}
		entries = k.hist.Search(pattern, get(c.N, 0), c.Unique)
	default:
		k.replyError(m, "history_reply", "BadRequest", fmt.Sprintf("hist_access_type %q (want tail, range or search)", c.HistAccessType), false)
		return
	}
	k.reply(k.shell, m, "history_reply", historyReplyContent(entries, c.Output))
}

// commOpen closes every comm a frontend opens: no comm targets are registered.
func (k *Kernel) commOpen(m *wire.Message) {
	var c struct {
		CommID     string `json:"comm_id"`
		TargetName string `json:"target_name"`
	}
	if err := json.Unmarshal(m.Content, &c); err != nil || c.CommID == "" {
		k.log.Printf("comm_open without a comm_id: ignored")
		return
	}
	k.log.Printf("comm_open for unknown target %q: closing comm %s", c.TargetName, c.CommID)
	k.publish("comm_close", m.RawHeader, commCloseContent(c.CommID, "peerbook has no comm target "+c.TargetName))
}

// runeToByte converts a cursor position in Unicode code points (the protocol's unit since
// 5.2) to a byte offset into code; nil means the end.
func runeToByte(code string, pos *int) int {
	if pos == nil {
		return len(code)
	}
	n := 0
	for i := range code {
		if n == *pos {
			return i
		}
		n++
	}
	return len(code)
}

// byteToRune converts a byte offset into code to code points.
func byteToRune(code string, off int) int {
	if off < 0 {
		return 0
	}
	if off > len(code) {
		off = len(code)
	}
	n := 0
	for i := range code {
		if i >= off {
			break
		}
		n++
	}
	return n
}
