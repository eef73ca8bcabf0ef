// Package eval is a Go session on yaegi: it runs notebook cells one after another with state
// kept between them, and makes Go behave like Go where yaegi does not.
package eval

import (
	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/internal/evalproto"
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

// Error is a failed cell, as Jupyter shows it (evalproto.Error: the type travels between
// the evaluator and the kernel, which links no interpreter).
type Error = evalproto.Error

// Completion is the answer to a completion request (evalproto.Completion).
type Completion = evalproto.Completion

// Inspection is the answer to an inspect request (evalproto.Inspection).
type Inspection = evalproto.Inspection

// ExecuteRequest is one cell to run (evalproto.ExecuteRequest).
type ExecuteRequest = evalproto.ExecuteRequest
