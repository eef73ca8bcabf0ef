package evaluator

import "fmt"

// The data types of the protocol. Package eval names them too (eval.Error is an alias of
// Error), so a session's answers travel without conversion, and the kernel, which imports
// this package and not eval, links no interpreter.

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
