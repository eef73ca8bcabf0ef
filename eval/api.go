// Package eval is a Go session on yaegi: it runs notebook cells one after another with state
// kept between them, and makes Go behave like Go where yaegi does not.
package eval

import (
	"fmt"

	"github.com/peerbook/peerbook/display"
)

// Output is where a running cell's effects go. Calls come from the goroutine running the
// cell and from goroutines it started; implementations must be safe for concurrent use.
type Output interface {
	display.Sink
	// Stream sends text written to "stdout" or "stderr".
	Stream(name, text string)
	// Input asks the user for a line of input (the cell read os.Stdin or called an input
	// function). It fails when the frontend can't take input.
	Input(prompt string, password bool) (string, error)
}

// Result is what a cell produced besides its streamed output.
type Result struct {
	// Value is the rendered last expression of the cell; nil when the cell ended in a
	// statement or the value was suppressed (a trailing semicolon).
	Value *display.Bundle
	// Payloads are execute_reply payloads (a "page" for %help and name?).
	Payloads []map[string]any
	// UserExpressions holds the rendered values of the request's user_expressions.
	UserExpressions map[string]any
}

// Error is a failed cell, as Jupyter shows it: ename, evalue and a traceback of lines
// (ANSI-coloured, each line one string).
type Error struct {
	Name      string   // "CompileError", "panic", "Interrupted", ...
	Value     string   // the message
	Traceback []string // lines, with ANSI colour
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Name, e.Value) }

// Completion is the answer to a completion request.
type Completion struct {
	Matches     []string
	CursorStart int // byte offsets into the code
	CursorEnd   int
	// Metadata may carry "_jupyter_types_experimental" (type and signature per match).
	Metadata map[string]any
}

// Inspection is the answer to an inspect request (Shift-Tab).
type Inspection struct {
	Found bool
	Data  map[string]any // MIME bundle: text/plain, text/markdown
}

// ExecuteRequest is one cell to run.
type ExecuteRequest struct {
	Code            string
	Silent          bool
	StoreHistory    bool
	UserExpressions map[string]string
	AllowStdin      bool
	ExecutionCount  int // the count this cell shows, for messages that name it ("cell[3]")
}
