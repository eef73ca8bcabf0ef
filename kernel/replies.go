package kernel

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/peerbook/peerbook/kernel/internal/history"
	"github.com/peerbook/peerbook/kernel/internal/wire"
)

// The contents of the messages the kernel sends: a struct each, as the messaging spec
// names their fields, written by encoding/json (marshal). Raw fields (rawJSON) hold JSON
// the evaluator sent (bundles, payloads: valid, since the kernel decoded the event that
// carried them), written as they are; empty ones are written as the field's empty value.
// TestRepliesAreAsBefore checks them field by field against what the hand-built JSON they
// replaced sent.

// encoder is a JSON encoder and its buffer, reused (encoders is their pool).
type encoder struct {
	buf bytes.Buffer
	enc *json.Encoder
}

var encoders = sync.Pool{New: func() any {
	e := &encoder{}
	e.enc = json.NewEncoder(&e.buf)
	e.enc.SetEscapeHTML(false) // "<" stays "<", as Jupyter's own kernels write it
	return e
}}

// rawJSON is a field whose JSON the kernel has as it is (a bundle, payloads). encoding/json
// would check and compact it once more (a 1 MB picture's display: 15 ms where copying it
// takes 1, BenchmarkDisplayContent), so it writes rawMarker in its place and marshal puts
// the JSON there, copied.
type rawJSON []byte

// rawMarker stands for a rawJSON field in what encoding/json writes: a string with an
// escape ("\/") encoding/json never writes, so no text of a message can be taken for it.
const rawMarker = `"\/peerbook-raw\/"`

// MarshalJSON writes the marker marshal replaces.
func (rawJSON) MarshalJSON() ([]byte, error) { return []byte(rawMarker), nil }

// orEmpty is b, or def when b is empty.
func orEmpty(b []byte, def string) rawJSON {
	if len(b) == 0 {
		return rawJSON(def)
	}
	return b
}

// marshal is v as JSON, with raws, its rawJSON fields in the order they are declared, put
// in their places. It fails only when the fields and raws don't match (a bug); the content
// is then an error that says so, never a half-written one.
func marshal(v any, raws ...rawJSON) []byte {
	e := encoders.Get().(*encoder)
	defer encoders.Put(e)
	e.buf.Reset()
	err := e.enc.Encode(v)
	out := bytes.TrimSuffix(e.buf.Bytes(), []byte("\n"))
	if err == nil && bytes.Count(out, []byte(rawMarker)) != len(raws) {
		err = fmt.Errorf("%T has %d raw fields, %d given", v, bytes.Count(out, []byte(rawMarker)), len(raws))
	}
	if err != nil {
		out, _ := json.Marshal(errorMsg{Ename: "KernelError", Evalue: "peerbook could not encode this message: " + err.Error(), Traceback: []string{err.Error()}})
		return out
	}
	if len(raws) == 0 {
		return bytes.Clone(out)
	}
	n := len(out) - len(raws)*len(rawMarker)
	for _, r := range raws {
		n += len(r)
	}
	b := make([]byte, 0, n)
	for _, r := range raws {
		i := bytes.Index(out, []byte(rawMarker))
		b = append(append(b, out[:i]...), r...)
		out = out[i+len(rawMarker):]
	}
	return append(b, out...)
}

// lines is a traceback or a list of matches: never null.
func lines(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// okReply is a reply with status ok and nothing else.
type okReply struct {
	Status string `json:"status"`
}

// commInfoReply lists the open comms: peerbook has none.
type commInfoReply struct {
	Status string   `json:"status"`
	Comms  struct{} `json:"comms"`
}

// The replies that never change, written once.
var (
	interruptReplyContent = marshal(okReply{"ok"})
	commInfoReplyContent  = marshal(commInfoReply{Status: "ok"})
)

type streamMsg struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

func streamContent(name, text string) []byte { return marshal(streamMsg{name, text}) }

type inputRequest struct {
	Prompt   string `json:"prompt"`
	Password bool   `json:"password"`
}

func inputRequestContent(prompt string, password bool) []byte {
	return marshal(inputRequest{prompt, password})
}

type shutdownReply struct {
	Status  string `json:"status"`
	Restart bool   `json:"restart"`
}

func shutdownReplyContent(restart bool) []byte { return marshal(shutdownReply{"ok", restart}) }

type kernelInfoReply struct {
	Status                string       `json:"status"`
	ProtocolVersion       string       `json:"protocol_version"`
	Implementation        string       `json:"implementation"`
	ImplementationVersion string       `json:"implementation_version"`
	LanguageInfo          languageInfo `json:"language_info"`
	Banner                string       `json:"banner"`
	Debugger              bool         `json:"debugger"`
	HelpLinks             []helpLink   `json:"help_links"`
}

type languageInfo struct {
	Name           string `json:"name"`
	Version        string `json:"version"`
	MIMEType       string `json:"mimetype"`
	FileExtension  string `json:"file_extension"`
	PygmentsLexer  string `json:"pygments_lexer"`
	CodemirrorMode string `json:"codemirror_mode"`
}

type helpLink struct {
	Text string `json:"text"`
	URL  string `json:"url"`
}

// kernelInfoContent is kernel_info_reply's, for peerbook version and Go goVer.
func kernelInfoContent(version, goVer string) []byte {
	return marshal(kernelInfoReply{
		Status: "ok", ProtocolVersion: wire.ProtocolVersion, Implementation: "peerbook", ImplementationVersion: version,
		LanguageInfo: languageInfo{Name: "go", Version: goVer, MIMEType: "text/x-go", FileExtension: ".go",
			PygmentsLexer: "go", CodemirrorMode: "go"},
		Banner: "peerbook " + version + ": Go " + goVer + " in Jupyter, with GPUs and Peer buffers.\n" +
			"Cells are Go (statements, declarations, imports). name? shows documentation.",
		HelpLinks: []helpLink{
			{"Go documentation", "https://go.dev/doc/"},
			{"Go standard library", "https://pkg.go.dev/std"},
			{"Jupyter messaging protocol", "https://jupyter-client.readthedocs.io/en/latest/messaging.html"},
		},
	})
}

// debugResponse is a Debug Adapter Protocol response.
type debugResponse struct {
	Type       string   `json:"type"`
	RequestSeq int      `json:"request_seq"`
	Success    bool     `json:"success"`
	Command    string   `json:"command"`
	Message    string   `json:"message"`
	Body       struct{} `json:"body"`
}

// debugReplyContent is a failed Debug Adapter Protocol response to request seq.
func debugReplyContent(seq int, command string) []byte {
	return marshal(debugResponse{Type: "response", RequestSeq: seq, Command: command,
		Message: "peerbook has no debugger (kernel_info_reply says \"debugger\": false)"})
}

// errorMsg is an error message's content on IOPub.
type errorMsg struct {
	Ename     string   `json:"ename"`
	Evalue    string   `json:"evalue"`
	Traceback []string `json:"traceback"`
}

func errorContent(ename, evalue string, traceback []string) []byte {
	return marshal(errorMsg{ename, evalue, lines(traceback)})
}

// errorReply is a reply with status error to a request that did not run; an
// execute_reply's has an execution count, and a refused one the empty user_expressions
// and payload.
type errorReply struct {
	Status          string       `json:"status"`
	Ename           string       `json:"ename"`
	Evalue          string       `json:"evalue"`
	Traceback       []string     `json:"traceback"`
	ExecutionCount  *int         `json:"execution_count,omitempty"`
	UserExpressions *struct{}    `json:"user_expressions,omitempty"`
	Payload         *[0]struct{} `json:"payload,omitempty"`
}

// errorReplyContent is a reply with status error; count, when not nil, is an
// execute_reply's execution count, and withEmpty adds its empty user_expressions and
// payload.
func errorReplyContent(ename, evalue string, traceback []string, count *int, withEmpty bool) []byte {
	r := errorReply{Status: "error", Ename: ename, Evalue: evalue, Traceback: lines(traceback), ExecutionCount: count}
	if count != nil && withEmpty {
		r.UserExpressions, r.Payload = &struct{}{}, &[0]struct{}{}
	}
	return marshal(r)
}

// executeErrorReply is the execute_reply of a cell that failed.
type executeErrorReply struct {
	Status          string      `json:"status"`
	ExecutionCount  int         `json:"execution_count"`
	Ename           string      `json:"ename"`
	Evalue          string      `json:"evalue"`
	Traceback       []string    `json:"traceback"`
	UserExpressions struct{}    `json:"user_expressions"`
	Payload         [0]struct{} `json:"payload"`
}

func executeErrorReplyContent(count int, ename, evalue string, traceback []string) []byte {
	return marshal(executeErrorReply{Status: "error", ExecutionCount: count, Ename: ename, Evalue: evalue, Traceback: lines(traceback)})
}

// abortedReply is the execute_reply of a request aborted after an error (stop_on_error).
type abortedReply struct {
	Status         string `json:"status"`
	ExecutionCount int    `json:"execution_count"`
}

func abortedReplyContent(count int) []byte { return marshal(abortedReply{"aborted", count}) }

type executeInput struct {
	Code           string `json:"code"`
	ExecutionCount int    `json:"execution_count"`
}

func executeInputContent(code string, count int) []byte {
	return marshal(executeInput{code, count})
}

type executeResult struct {
	ExecutionCount int     `json:"execution_count"`
	Data           rawJSON `json:"data"`
	Metadata       rawJSON `json:"metadata"`
}

func executeResultContent(count int, data, metadata []byte) []byte {
	r := executeResult{count, orEmpty(data, "{}"), orEmpty(metadata, "{}")}
	return marshal(r, r.Data, r.Metadata)
}

// executeReply is the execute_reply of a cell that ran.
type executeReply struct {
	Status          string  `json:"status"`
	ExecutionCount  int     `json:"execution_count"`
	Payload         rawJSON `json:"payload"`
	UserExpressions rawJSON `json:"user_expressions"`
}

func executeReplyContent(count int, payloads, userExpressions []byte) []byte {
	r := executeReply{"ok", count, orEmpty(payloads, "[]"), orEmpty(userExpressions, "{}")}
	return marshal(r, r.Payload, r.UserExpressions)
}

type completeReply struct {
	Status      string   `json:"status"`
	Matches     []string `json:"matches"`
	CursorStart int      `json:"cursor_start"`
	CursorEnd   int      `json:"cursor_end"`
	Metadata    rawJSON  `json:"metadata"`
}

// completeReplyContent: the cursors are in code points; metadata is JSON.
func completeReplyContent(matches []string, start, end int, metadata []byte) []byte {
	r := completeReply{"ok", lines(matches), start, end, orEmpty(metadata, "{}")}
	return marshal(r, r.Metadata)
}

type inspectReply struct {
	Status   string   `json:"status"`
	Found    bool     `json:"found"`
	Data     rawJSON  `json:"data"`
	Metadata struct{} `json:"metadata"`
}

func inspectReplyContent(found bool, data []byte) []byte {
	r := inspectReply{Status: "ok", Found: found, Data: orEmpty(data, "{}")}
	return marshal(r, r.Data)
}

type isCompleteReply struct {
	Status string  `json:"status"`
	Indent *string `json:"indent,omitempty"`
}

// isCompleteReplyContent: indent is sent with status incomplete only.
func isCompleteReplyContent(status, indent string) []byte {
	r := isCompleteReply{Status: status}
	if status == "incomplete" {
		r.Indent = &indent
	}
	return marshal(r)
}

type historyReply struct {
	Status  string `json:"status"`
	History []any  `json:"history"`
}

// historyReplyContent: with output, each entry is [session, line, [input, output|null]],
// else [session, line, input].
func historyReplyContent(entries []history.Entry, output bool) []byte {
	r := historyReply{Status: "ok", History: make([]any, len(entries))}
	for i, e := range entries {
		if output {
			r.History[i] = []any{e.Session, e.Line, []any{e.Input, e.Output}}
		} else {
			r.History[i] = []any{e.Session, e.Line, e.Input}
		}
	}
	return marshal(r)
}

type commClose struct {
	CommID string `json:"comm_id"`
	Data   struct {
		Error string `json:"error"`
	} `json:"data"`
}

// commCloseContent closes comm id, saying why in its data.
func commCloseContent(id, why string) []byte {
	c := commClose{CommID: id}
	c.Data.Error = why
	return marshal(c)
}

type clearOutput struct {
	Wait bool `json:"wait"`
}

func clearOutputContent(wait bool) []byte { return marshal(clearOutput{wait}) }

// displayData is display_data's and update_display_data's content.
type displayData struct {
	Data      rawJSON `json:"data"`
	Metadata  rawJSON `json:"metadata"`
	Transient struct {
		DisplayID string `json:"display_id,omitempty"`
	} `json:"transient"`
}

// displayContent is display_data's and update_display_data's; id "" means none.
func displayContent(data, metadata []byte, id string) []byte {
	d := displayData{Data: orEmpty(data, "{}"), Metadata: orEmpty(metadata, "{}")}
	d.Transient.DisplayID = id
	return marshal(d, d.Data, d.Metadata)
}

type statusMsg struct {
	ExecutionState string `json:"execution_state"`
}

func statusContent(state string) []byte { return marshal(statusMsg{state}) }

// The statuses every request publishes, written once.
var (
	statusBusy     = statusContent("busy")
	statusIdle     = statusContent("idle")
	statusStarting = statusContent("starting")
)
