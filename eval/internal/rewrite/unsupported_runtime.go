package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// introspection lists the functions of runtime and runtime/debug that look at the
// process' own call stack or memory, with what they would see in a cell: the evaluator
// runs a cell's code on an interpreter, whose frames and allocations are not the cell's.
// A program that reads them gets an answer no Go program gets (a file name in yaegi's
// source, a function name of reflect, ten times the allocations), with status ok: they are
// refused by name, used or taken as a value.
var introspection = map[string]string{
	"runtime.Caller":           "it reports the interpreter's frames (files and lines of its source), not the cell's",
	"runtime.Callers":          "it reports the interpreter's frames, not the cell's",
	"runtime.CallersFrames":    "the frames it walks are the interpreter's, not the cell's",
	"runtime.FuncForPC":        "the functions it finds are the interpreter's, not the cell's (a cell's function has no program counter of its own)",
	"runtime.Stack":            "the stack traces it writes show the interpreter's frames, not the cell's functions",
	"runtime.ReadMemStats":     "it measures the evaluator process: the interpreter allocates for every step of the cell, so the figures are not the program's",
	"runtime/debug.Stack":      "the stack trace it returns shows the interpreter's frames, not the cell's functions",
	"runtime/debug.PrintStack": "the stack trace it prints shows the interpreter's frames, not the cell's functions",
}

// refuseIntrospection refuses a use of a function listed in introspection.
func (x *cell) refuseIntrospection(sel *ast.SelectorExpr, add func(token.Pos, string, ...any)) {
	fn, ok := x.info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return
	}
	name := fn.Pkg().Path() + "." + fn.Name()
	if why, refused := introspection[name]; refused {
		add(sel.Pos(), "%s is not supported in cells: %s", name, why)
	}
}
