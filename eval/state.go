package eval

import (
	"go/ast"
	"go/token"
	"reflect"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

// sessionState is what the session knows of the names its cells declared, in one place:
//
//   - scope, the interpreter's package scope: the values, and each name's kind and type as
//     the interpreter has them (yaegiscope.go);
//   - decls, the table of declarations (decltable.go): one entry per name, with its
//     definition (kind, the cell that defined it, its source, doc comment and signature,
//     what it uses: defs.go, for re-evaluation, completion, inspection and %who) and the
//     Go declaration that recreates its type, with its staleness;
//   - typer, which checks each cell with go/types against the table's type declarations
//     (typecheck.go): the cell's one check, which the rewriter reads too;
//   - rw, the rewriter, which keeps the declarations as it spells them, in decls, for the
//     checks it still makes itself: of the dependents of a redefinition it re-evaluates,
//     and of a cell the scope stage could not keep the check true for (typepatch.go).
//
// The stages of a cell (cellpath.go) read it (the planner through isSessionVar and
// exists). It changes when a step has compiled (learn: the table's definitions and type declarations; the
// interpreter's scope changed as it compiled), when the rewriter rewrites a cell (its
// memory), and when a cell's temporary variables go (forgetTemp). %reset makes a new one
// (newSessionState).
type sessionState struct {
	in    *interp.Interpreter
	scope scopeView
	decls *declTable
	typer *cellTyper
	rw    cellRewriter // nil: cells run as written

	rewriterChecks int // calls of rw.Cell, each a go/types check (see rewriteCell)
	// checkHook, if set (by a test), sees each cell's check before the rewriter reads it.
	checkHook func(ct *cellTypes, decls *ast.File, stmts *ast.BlockStmt)
}

// newSessionState returns the state of a session with nothing declared yet, over a fresh
// interpreter and its rewriter (prepared, or nil), which keeps its declarations in the
// session's table when it can.
func newSessionState(in *interp.Interpreter, rw cellRewriter) sessionState {
	decls := newDeclTable()
	if keeper, ok := rw.(interface {
		KeepDeclsIn(rewrite.DeclStore) error
	}); ok {
		// It fails only for a rewriter that has rewritten cells, which then keeps its own
		// declarations as before; a session's rewriter is fresh here.
		_ = keeper.KeepDeclsIn(decls)
	}
	return sessionState{
		in:    in,
		scope: scopeView{in: in, memo: &scopeMemo{}},
		decls: decls,
		typer: newCellTyper(in.FileSet(), decls, func(path string) (syms map[string]reflect.Value) {
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

// learn records in the table what a compiled item of the cell with serial declares: its
// definitions, and its type declarations (it.memo, see cellTypes.memory).
func (st *sessionState) learn(fset *token.FileSet, serial int, it *item) {
	st.decls.record(fset, serial, it)
	st.typer.remember(it.memo)
}

// forgetTemp forgets a temporary variable of a cell (see hoistDefinition) when the cell ends.
func (st *sessionState) forgetTemp(name string) {
	st.scope.forget(name)
	st.decls.dropDef(name) // its type declaration stays (see declTable)
}

// isSessionVar reports whether name is a variable of the session.
func (st *sessionState) isSessionVar(name string) bool {
	return st.scope.symbol(name).Kind() == "var"
}

// exists reports whether name ("T.M" for a method) is defined in the session.
func (st *sessionState) exists(name string) bool {
	if i := strings.IndexByte(name, '.'); i >= 0 {
		_, ok := st.decls.def(name)
		return ok
	}
	return st.scope.symbol(name).IsValid()
}
