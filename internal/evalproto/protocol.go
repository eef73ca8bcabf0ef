// Package evalproto is the protocol between the kernel and its evaluator child process:
// the requests, events and data types that travel over the child's pipes. It imports
// nothing but the standard library, so the kernel, which links this package and not the
// child's code (package internal/evaluator: eval, yaegi, gpu), stays small; eval names its
// data types too, without an edge from the interpreter's side up into the kernel's.
//
// The kernel starts the evaluator as `peerbook evaluator` and supervises it. The child
// owns one Go session (eval.Session); the kernel owns sockets, ordering and history, so a
// session that dies takes no more than its own state with it.
//
// # File descriptors
//
//	fd 0  /dev/null
//	fd 1  pipe: whatever the process writes to stdout (compiled code, C libraries)
//	fd 2  pipe: the same for stderr, and the Go runtime's crash reports
//	fd 3  requests, kernel to child: JSON lines
//	fd 4  events, child to kernel: JSON lines
//
// On Linux the child moves fd 3 and 4 (and copies of fd 1 and 2) to descriptors at 1000
// and above, closed on exec, and puts /dev/null on 3 and 4, so that a cell that closes or
// writes to "fd 4" harms nothing; after each cell it puts back fd 1 and 2 if the cell closed
// or replaced them. A cell that finds the real descriptors can still break the channel:
// the kernel ends a session whose event channel carries a line that is not an event, or
// ends while the process lives, and says why. It also resumes an evaluator that was
// stopped (SIGSTOP), telling the running cell.
//
// # Requests (fd 3), one JSON object per line
//
//	{"id":7,"op":"execute","execute":{ExecuteRequest}}
//	{"id":8,"op":"complete","code":"fmt.Pr","cursor":6}
//	{"id":9,"op":"inspect","code":"fmt.Println","cursor":4,"detail":0}
//	{"id":10,"op":"is_complete","code":"func f() {"}
//	{"id":11,"op":"snapshot"}                                    the session's definitions (Snapshot)
//	{"id":7,"op":"input_reply","input_id":1,"value":"typed text"}   (or "error":"why")
//	{"id":7,"op":"interrupt"}                                    interrupt execute request 7
//	{"op":"gathered","tag":"t","data":["<base64>",...]}          an all-gather's result (or "error":"why")
//	{"op":"close"}
//
// Requests with an id are answered by exactly one "done" event with that id, except
// "input_reply" and "interrupt", which name the execute request they are about and get no
// answer of their own. Requests run one at a time, in order; "input_reply", "interrupt",
// "gathered" and "close" are acted on at once, even while a cell runs. End of file on fd 3
// means the kernel is gone: the child exits.
//
// # Events (fd 4), one JSON object per line
//
//	{"ev":"ready","pid":123}                                  once, when the session is up
//	{"ev":"ready","pid":123,"text":"why"}                     the session could not start; exit follows
//	{"ev":"stream","id":7,"name":"stdout","text":"..."}       Output.Stream
//	{"ev":"display","id":7,"bundle":{...},"display_id":"","update":false}
//	{"ev":"clear","id":7,"wait":true}
//	{"ev":"input","id":7,"input_id":1,"prompt":"> ","password":false}
//	{"ev":"gather","id":7,"tag":"t","data":"<base64>"}        a rank's part of an all-gather
//	{"ev":"done","id":7, ...}                                 the answer (see Done)
//
// Streams of one name are merged while the kernel is busy reading, so a cell printing in
// a tight loop sends few large events, and a cell printing every 100 ms sends each line as
// it comes.
//
// # Ranks
//
// In a rank session (package internal/ranks: PEERBOOK_RANK, PEERBOOK_RANKS and
// PEERBOOK_RANK_DIR in the child's environment) the kernel runs one evaluator per rank and
// sends each execute request to every rank. A rank's all-gather (ranks.World.AllGather) is a
// "gather" event: its tag, its blob, and the id of the request running then (0 between
// requests). Once every rank of the session has sent a gather with the same tag, the kernel
// answers each with "gathered": the blobs in rank order. A rank that sends another tag
// first, a rank's death, and an interrupt answer every waiting rank with "gathered" and an
// error instead (naming the rank and both tags, or the cause). A rank has at most one
// gather of a tag waiting; a blob is at most MaxGather bytes. The kernel only moves the
// bytes.
//
// # Interrupts and ordering
//
// "interrupt" with an execute request's id cancels the context of that cell (eval turns
// that into an "Interrupted" error): at once when it runs, as soon as it starts when the
// child has not begun it yet, and not at all when it has ended (an interrupt that crossed
// the cell's done event interrupts nothing else). The kernel sends it behind the execute
// request, so no interrupt is lost to a cell that had not started. SIGINT to the child
// cancels the cell that runs, if one does (a user's Ctrl-C to the process). Before the "done" event of an execute request, the child writes a
// sync marker (SyncMarker) to fd 1 and to fd 2; the kernel holds the reply until it has seen
// both, so everything the cell wrote to the pipes is published before the reply.
package evalproto

import (
	"encoding/json"
	"strconv"
)

// File descriptors of the child's pipes to the kernel.
const (
	RequestFD = 3
	EventFD   = 4
)

// Request operations.
const (
	OpExecute    = "execute"
	OpComplete   = "complete"
	OpInspect    = "inspect"
	OpIsComplete = "is_complete"
	OpInputReply = "input_reply"
	OpClose      = "close"
	// OpInterrupt interrupts the execute request with the request's ID.
	OpInterrupt = "interrupt"
	// OpSnapshot asks for the session's definitions and plain-data variables (Done.Snapshot),
	// to restore them in the evaluator that replaces this one.
	OpSnapshot = "snapshot"
	// OpGathered answers a rank's gather event (Request.Tag, Request.Data; or Error).
	OpGathered = "gathered"
)

// MaxGather bounds the blob one rank sends to an all-gather: the kernel holds every rank's
// blob of a tag until all have come, and sends each rank all of them.
const MaxGather = 64 << 20

// Event kinds.
const (
	EvReady   = "ready"
	EvStream  = "stream"
	EvDisplay = "display"
	EvClear   = "clear"
	EvInput   = "input"
	EvGather  = "gather"
	EvDone    = "done"
)

// Request is one line the kernel writes to fd 3.
type Request struct {
	ID      uint64          `json:"id,omitempty"`
	Op      string          `json:"op"`
	Execute *ExecuteRequest `json:"execute,omitempty"`
	Code    string          `json:"code,omitempty"`
	Cursor  int             `json:"cursor,omitempty"`
	Detail  int             `json:"detail,omitempty"`
	InputID uint64          `json:"input_id,omitempty"`
	Value   string          `json:"value,omitempty"`
	Error   string          `json:"error,omitempty"`
	// gathered: the tag and every rank's blob, in rank order.
	Tag  string   `json:"tag,omitempty"`
	Data [][]byte `json:"data,omitempty"`
}

// Event is one line the child writes to fd 4.
type Event struct {
	Kind string `json:"ev"`
	ID   uint64 `json:"id,omitempty"`
	PID  int    `json:"pid,omitempty"` // ready

	Name string `json:"name,omitempty"` // stream: "stdout" or "stderr"
	Text string `json:"text,omitempty"`

	Bundle    json.RawMessage `json:"bundle,omitempty"` // display: a display.Bundle
	DisplayID string          `json:"display_id,omitempty"`
	Update    bool            `json:"update,omitempty"`

	Wait bool `json:"wait,omitempty"` // clear

	InputID  uint64 `json:"input_id,omitempty"` // input
	Prompt   string `json:"prompt,omitempty"`
	Password bool   `json:"password,omitempty"`

	Tag  string `json:"tag,omitempty"`  // gather
	Data []byte `json:"data,omitempty"` // gather: this rank's blob

	Done *Done `json:"done,omitempty"` // done
}

// Done is the answer to one request. Fields not of the request's kind are empty.
type Done struct {
	// execute
	Value           json.RawMessage `json:"value,omitempty"`            // display.Bundle of the last expression
	Payloads        json.RawMessage `json:"payloads,omitempty"`         // []map[string]any
	UserExpressions json.RawMessage `json:"user_expressions,omitempty"` // map[string]any
	Error           *Error          `json:"error,omitempty"`            // the cell failed
	// Ending says the evaluator exits after this reply, and why: the cell left the process
	// unable to go on (a GPU fault that makes CUDA unusable). A fresh evaluator must run
	// what comes next.
	Ending string `json:"ending,omitempty"`
	// complete
	Completion *Completion `json:"completion,omitempty"`
	// inspect
	Inspection *Inspection `json:"inspection,omitempty"`
	// is_complete
	Status string `json:"status,omitempty"`
	Indent string `json:"indent,omitempty"`
	// snapshot
	Snapshot *Snapshot `json:"snapshot,omitempty"`
}

// syncPrefix starts every sync marker; the request id and syncSuffix follow.
const (
	syncPrefix = "\x00\x1bpeerbook-sync:"
	syncSuffix = "\x1b\x00"
)

// SyncMarker is what the child writes to fd 1 and fd 2 after the cell of request id ran.
func SyncMarker(id uint64) []byte {
	b := append([]byte(syncPrefix), strconv.FormatUint(id, 10)...)
	return append(b, syncSuffix...)
}
