package kernel

import (
	"fmt"

	"github.com/peerbook/peerbook/kernel/internal/history"
	"github.com/peerbook/peerbook/kernel/internal/wire"
)

// The contents of the messages the kernel sends, one function each, as the messaging spec
// names them. Raw arguments are JSON the evaluator sent (bundles, payloads); empty ones are
// written as the field's empty value.

func streamContent(name, text string) []byte {
	return newObj().str("name", name).str("text", text).done()
}

func inputRequestContent(prompt string, password bool) []byte {
	return newObj().str("prompt", prompt).bool("password", password).done()
}

func shutdownReplyContent(restart bool) []byte {
	return newObj().str("status", "ok").bool("restart", restart).done()
}

// kernelInfoContent is kernel_info_reply's, for peerbook version and Go goVer.
func kernelInfoContent(version, goVer string) []byte {
	lang := newObj().str("name", "go").str("version", goVer).str("mimetype", "text/x-go").
		str("file_extension", ".go").str("pygments_lexer", "go").str("codemirror_mode", "go").done()
	links := `[{"text":"Go documentation","url":"https://go.dev/doc/"},` +
		`{"text":"Go standard library","url":"https://pkg.go.dev/std"},` +
		`{"text":"Jupyter messaging protocol","url":"https://jupyter-client.readthedocs.io/en/latest/messaging.html"}]`
	banner := "peerbook " + version + ": Go " + goVer + " in Jupyter, with GPUs and Peer buffers.\n" +
		"Cells are Go (statements, declarations, imports). name? shows documentation."
	return newObj().str("status", "ok").str("protocol_version", wire.ProtocolVersion).
		str("implementation", "peerbook").str("implementation_version", version).
		raw("language_info", lang, "{}").str("banner", banner).bool("debugger", false).
		raw("help_links", []byte(links), "[]").done()
}

// debugReplyContent is a failed Debug Adapter Protocol response to request seq.
func debugReplyContent(seq int, command string) []byte {
	return newObj().str("type", "response").int("request_seq", seq).bool("success", false).
		str("command", command).str("message", "peerbook has no debugger (kernel_info_reply says \"debugger\": false)").
		raw("body", nil, "{}").done()
}

// errorContent is an error message's on IOPub.
func errorContent(ename, evalue string, traceback []string) []byte {
	return newObj().str("ename", ename).str("evalue", evalue).strs("traceback", traceback).done()
}

// errorReplyContent is a reply with status error; count, when not nil, is an
// execute_reply's execution count, and withEmpty adds its empty user_expressions and
// payload.
func errorReplyContent(ename, evalue string, traceback []string, count *int, withEmpty bool) []byte {
	c := newObj().str("status", "error").str("ename", ename).str("evalue", evalue).strs("traceback", traceback)
	if count != nil {
		c.int("execution_count", *count)
		if withEmpty {
			c.raw("user_expressions", nil, "{}").raw("payload", nil, "[]")
		}
	}
	return c.done()
}

// executeErrorReplyContent is the execute_reply of a cell that failed.
func executeErrorReplyContent(count int, ename, evalue string, traceback []string) []byte {
	return newObj().str("status", "error").int("execution_count", count).
		str("ename", ename).str("evalue", evalue).strs("traceback", traceback).
		raw("user_expressions", nil, "{}").raw("payload", nil, "[]").done()
}

func abortedReplyContent(count int) []byte {
	return newObj().str("status", "aborted").int("execution_count", count).done()
}

func executeInputContent(code string, count int) []byte {
	return newObj().str("code", code).int("execution_count", count).done()
}

func executeResultContent(count int, data, metadata []byte) []byte {
	return newObj().int("execution_count", count).raw("data", data, "{}").raw("metadata", metadata, "{}").done()
}

func executeReplyContent(count int, payloads, userExpressions []byte) []byte {
	return newObj().str("status", "ok").int("execution_count", count).
		raw("payload", payloads, "[]").raw("user_expressions", userExpressions, "{}").done()
}

// completeReplyContent: the cursors are in code points; metadata is JSON.
func completeReplyContent(matches []string, start, end int, metadata []byte) []byte {
	return newObj().str("status", "ok").strs("matches", matches).
		int("cursor_start", start).int("cursor_end", end).raw("metadata", metadata, "{}").done()
}

func inspectReplyContent(found bool, data []byte) []byte {
	return newObj().str("status", "ok").bool("found", found).raw("data", data, "{}").raw("metadata", nil, "{}").done()
}

// isCompleteReplyContent: indent is sent with status incomplete only.
func isCompleteReplyContent(status, indent string) []byte {
	r := newObj().str("status", status)
	if status == "incomplete" {
		r.str("indent", indent)
	}
	return r.done()
}

// historyReplyContent: with output, each entry is [session, line, [input, output|null]],
// else [session, line, input].
func historyReplyContent(entries []history.Entry, output bool) []byte {
	b := append(make([]byte, 0, 64*len(entries)+32), `{"status":"ok","history":[`...)
	for i, e := range entries {
		if i > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, "[%d,%d,", e.Session, e.Line)
		if output {
			b = append(b, '[')
			b = wire.AppendString(b, e.Input)
			b = append(b, ',')
			if e.Output != nil {
				b = wire.AppendString(b, *e.Output)
			} else {
				b = append(b, "null"...)
			}
			b = append(b, ']')
		} else {
			b = wire.AppendString(b, e.Input)
		}
		b = append(b, ']')
	}
	return append(b, "]}"...)
}

// commCloseContent closes comm id, saying why in its data.
func commCloseContent(id, why string) []byte {
	return newObj().str("comm_id", id).raw("data", newObj().str("error", why).done(), "{}").done()
}

func clearOutputContent(wait bool) []byte {
	return newObj().bool("wait", wait).done()
}

// displayContent is display_data's and update_display_data's; id "" means none.
func displayContent(data, metadata []byte, id string) []byte {
	c := newObj().raw("data", data, "{}").raw("metadata", metadata, "{}")
	if id != "" {
		c.raw("transient", newObj().str("display_id", id).done(), "{}")
	} else {
		c.raw("transient", emptyObject, "{}")
	}
	return c.done()
}

func statusContent(state string) []byte {
	return newObj().str("execution_state", state).done()
}
