package evalproto

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

// Snapshot is what a session hands over to the evaluator that replaces it (the kernel
// switches to an evaluator built with more third-party packages): its definitions as Go
// source, to run again in the new session in order, and what can not be carried over.
type Snapshot struct {
	// Chunks are declarations: imports first, then types and constants, variables
	// (declared with their current value where it is plain data: `x := 5; x++` comes back
	// as `var x int = 6`), functions and methods, each kind in the order the cells made them.
	Chunks []Chunk
	// Lost are the variables (and other names) the new session will not have, and why.
	Lost []Lost
}

// Chunk is one declaration of a Snapshot.
type Chunk struct {
	Cell   int      // execution count of the cell that defined it; 0 when unknown
	Kind   string   // "import", "type", "func", "method", "const", "var", "cuda" (a %%cuda cell)
	Names  []string // the names it defines ("T.M" for a method)
	Source string   // Go source; positioned on its cell's lines where Kind is type, func or method
}

// Lost is a name a Snapshot can not carry over.
type Lost struct {
	Name string
	Type string // Go spelling of its type, where known
	Cell int    // execution count of the cell that defined it; 0 when unknown
	Why  string // "a channel", "shares memory with y", ...
}
