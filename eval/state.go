package eval

import (
	"go/token"
	"reflect"
	"strings"

	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

// sessionState is what the session knows of the names its cells declared, in one place:
//
//   - scope, the interpreter's package scope: the values, and each name's kind and type as
//     the interpreter has them (yaegiscope.go);
//   - defs, the definitions: each name's kind, the cell that defined it, its source, doc
//     comment and signature, what it uses (defs.go), for re-evaluation, completion,
//     inspection and %who;
//   - typer, one Go declaration per name that recreates its type, against which go/types
//     checks each cell (typecheck.go);
//   - rw, the rewriter, which keeps the declarations as it spells them for its own check of
//     the cell as it runs (eval/internal/rewrite).
//
// The stages of a cell (cellpath.go) read it (the planner through isSessionVar and
// exists). It changes when a step has compiled (learn: the definitions and the typer; the
// interpreter's scope changed as it compiled), when the rewriter rewrites a cell (its
// memory), and when a cell's temporary variables go (forgetTemp). %reset makes a new one
// (newSessionState).
type sessionState struct {
	in    *interp.Interpreter
	scope scopeView
	defs  *definitions
	typer *cellTyper
	rw    cellRewriter // nil: cells run as written

	rewriterChecks int // calls of rw.Cell, each a go/types check (see rewriteCell)
}

// newSessionState returns the state of a session with nothing declared yet, over a fresh
// interpreter and its rewriter (prepared, or nil).
func newSessionState(in *interp.Interpreter, rw cellRewriter) sessionState {
	return sessionState{
		in:    in,
		scope: scopeView{in: in, memo: &scopeMemo{}},
		defs:  newDefinitions(),
		typer: newCellTyper(in.FileSet(), func(path string) (syms map[string]reflect.Value) {
			defer func() {
				if recover() != nil {
					syms = nil // yaegi fails on some packages it compiled from source (generic types)
				}
			}()
			return in.Symbols(path)[path]
		}),
		rw: rw,
	}
}

// learn records what a compiled item of the cell with serial declares: its definitions,
// and the declarations the typer keeps of it (it.memo, see cellTypes.memory).
func (st *sessionState) learn(fset *token.FileSet, serial int, it *item) {
	st.defs.record(fset, serial, it)
	st.typer.remember(it.memo)
}

// forgetTemp forgets a temporary variable of a cell (see hoistDefinition) when the cell ends.
func (st *sessionState) forgetTemp(name string) {
	st.scope.forget(name)
	delete(st.defs.byName, name)
}

// isSessionVar reports whether name is a variable of the session.
func (st *sessionState) isSessionVar(name string) bool {
	return st.scope.symbol(name).Kind() == "var"
}

// exists reports whether name ("T.M" for a method) is defined in the session.
func (st *sessionState) exists(name string) bool {
	if i := strings.IndexByte(name, '.'); i >= 0 {
		_, ok := st.defs.byName[name]
		return ok
	}
	return st.scope.symbol(name).IsValid()
}
