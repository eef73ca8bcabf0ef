package eval

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

// A step is a part of a cell compiled and run as one (plan.go): runStep compiles it, records
// what it defines, re-evaluates what depends on what it redefined, and runs it.

// runStep compiles one step of a cell and runs it. What the step redefines is then
// re-evaluated where it is used, except for the names the cell defines itself (cellDefs).
func (s *Session) runStep(ctx context.Context, c *cellState, st *step, cellDefs map[string]bool) error {
	node := s.buildNode(st, c.serial)
	names := st.defs()
	changed := map[string]bool{}
	for _, n := range names {
		if s.exists(n) {
			changed[n] = true
		}
	}
	undo := s.prepareRedefinition(node, names, st.kind == stepDecls)
	prog, err := s.compile(node, contains(names, "main"))
	undo.finishCompile(err == nil)
	if err != nil {
		return s.betterCompileError(err, node, names)
	}
	for _, it := range st.items {
		s.learn(s.in.FileSet(), c.serial, it)
	}
	s.reevaluate(changed, cellDefs)
	return s.run(ctx, c, prog)
}

// betterCompileError replaces yaegi's "constant definition loop" (what it says about a use of
// an undefined name at the top level) by Go's "undefined: name".
func (s *Session) betterCompileError(err error, node ast.Node, defined []string) error {
	e := asError(err)
	if !strings.Contains(e.Value, "definition loop") {
		return err
	}
	var found *ast.Ident
	ast.Inspect(node, func(x ast.Node) bool {
		if found != nil {
			return false
		}
		switch v := x.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(v.X, func(y ast.Node) bool {
				if id, ok := y.(*ast.Ident); ok && found == nil && s.isUndefined(id, defined) {
					found = id
				}
				return found == nil
			})
			return false
		case *ast.KeyValueExpr:
			ast.Inspect(v.Value, func(y ast.Node) bool {
				if id, ok := y.(*ast.Ident); ok && found == nil && s.isUndefined(id, defined) {
					found = id
				}
				return found == nil
			})
			return false
		case *ast.Field:
			return false
		case *ast.Ident:
			if s.isUndefined(v, defined) {
				found = v
			}
		}
		return true
	})
	if found == nil {
		return err
	}
	p := s.in.FileSet().Position(found.Pos())
	serial, line := p.Line/lineStride, p.Line%lineStride
	msg := fmt.Sprintf("%s %d:%d: undefined: %s", s.label(serial), line, p.Column, found.Name)
	out := &Error{Name: NameCompile, Value: msg, Traceback: []string{ansiRed + msg + ansiReset}}
	out.Traceback = append(out.Traceback, sourceContext(s, serial, line, p.Column)...)
	return out
}

// isUndefined reports whether an identifier the parser could not resolve names nothing the
// session knows.
func (s *Session) isUndefined(id *ast.Ident, defined []string) bool {
	if id.Obj != nil || id.Name == "_" || contains(defined, id.Name) {
		return false
	}
	if _, ok := predeclared[id.Name]; ok {
		return false
	}
	if sym := s.scope.symbol(id.Name); sym.IsValid() && s.scope.symKind(sym) != "" {
		return false
	}
	_, imported := s.scope.imports()[id.Name]
	return !imported
}

// buildNode assembles the AST that yaegi compiles for a step.
func (s *Session) buildNode(st *step, serial int) ast.Node {
	if st.kind == stepStmts {
		b := &ast.BlockStmt{}
		for i, it := range st.items {
			var stmt ast.Stmt
			if it.stmt != nil {
				stmt = it.stmt
			} else {
				stmt = &ast.DeclStmt{Decl: it.decl}
			}
			b.List = append(b.List, it.pre...)
			b.List = append(b.List, stmt)
			if i < len(st.items)-1 {
				b.List = append(b.List, aliveCheck(stmt.End(), serial))
			}
		}
		if len(b.List) > 0 {
			b.Lbrace = b.List[0].Pos()
			b.Rbrace = b.List[len(b.List)-1].End()
		}
		return b
	}
	f := &ast.File{Name: &ast.Ident{Name: "main"}}
	for _, it := range st.items {
		if f.Package == token.NoPos {
			f.Package = it.file.Package
			f.Name.NamePos = it.file.Name.NamePos
		}
		f.Decls = append(f.Decls, it.decl)
	}
	return f
}

// aliveCheck is the statement _pbs.Alive(serial), put between the top-level statements of a
// cell: an interrupted cell that was stuck in compiled code stops there when it resumes
// (top-level statements run in the interpreter's global frame, which yaegi's interrupt
// no longer covers once the next cell has started).
func aliveCheck(pos token.Pos, serial int) ast.Stmt {
	return &ast.ExprStmt{X: &ast.CallExpr{
		Fun:    &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: rtName}, Sel: &ast.Ident{NamePos: pos, Name: "Alive"}},
		Args:   []ast.Expr{&ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: fmt.Sprint(serial)}},
		Lparen: pos, Rparen: pos,
	}}
}

// compile compiles an AST; a panic inside yaegi becomes an internal error. Unless runMain
// (the code defines func main, which then runs once, as with go run), the session's main is
// not run after the code's declarations.
func (s *Session) compile(n ast.Node, runMain bool) (prog *interp.Program, err error) {
	defer func() {
		if p := recover(); p != nil {
			prog, err = nil, internalError("the interpreter panicked while compiling", p)
		}
	}()
	if hasImports(n) {
		defer s.scope.memo.invalidate()
	}
	prog, err = s.in.CompileAST(n)
	s.scope.dropRoots()
	if err != nil {
		return nil, compileError(s, s.goTypesErrors(n, err))
	}
	if !runMain {
		s.scope.dropMain(prog)
	}
	return prog, nil
}

// run runs a compiled program of cell c and turns what went wrong into the cell's Error.
func (s *Session) run(ctx context.Context, c *cellState, prog *interp.Program) error {
	o := s.runner.run(ctx, prog)
	if o.err == nil {
		return nil
	}
	if errors.Is(o.err, errInterrupted) {
		if o.gid != 0 {
			s.panics.forget(o.gid)
		}
		if o.stuck {
			s.abandon(c.serial)
		}
		if goErr := c.goroutineError(); goErr != nil {
			return goErr
		}
		e := interruptedError(o.stuck)
		if n := s.runner.live.Load(); n > 0 {
			e.Traceback = append(e.Traceback, leftRunningNote(n))
		}
		return e
	}
	if deep, ok := o.err.(interp.CallDepthExceeded); ok {
		// The runner stopped the cell at a call nested too deep (yaegi patch 180).
		if o.gid != 0 {
			s.panics.forget(o.gid)
		}
		if o.stuck {
			s.abandon(c.serial)
		}
		return stackOverflowError(deep)
	}
	v, ok := asPanic(o.err)
	if !ok {
		v = o.err // yaegi reports some runtime failures as plain errors
	}
	v = exitCause(v)
	if _, ret := v.(cellReturned); ret {
		s.panics.forget(o.gid)
		return errCellReturned
	}
	if ex, ok := v.(cellExit); ok {
		s.panics.forget(o.gid)
		return exitError(ex.code)
	}
	if deep, ok := v.(interp.CallDepthExceeded); ok {
		s.panics.forget(o.gid)
		return stackOverflowError(deep)
	}
	c.notePanic(v)
	return panicError(s, v, s.trace(o.gid, v, true), "")
}

// errCellExited ends a cell that called os.Exit(0): a success, without the cell's
// top-level deferred calls.
var errCellExited = errors.New("the cell called os.Exit(0)")

// exitError is the end of a cell that called os.Exit(code).
func exitError(code int) error {
	if code == 0 {
		return errCellExited
	}
	msg := fmt.Sprintf("exit status %d", code)
	return &Error{Name: NameExit, Value: msg,
		Traceback: []string{ansiRed + "os.Exit" + ansiReset + ": " + msg + " (the cell ended there, without its deferred calls; the session goes on)"}}
}

// stackOverflowError is the end of a cell whose calls nested deeper than the session's
// stack holds (yaegi patch 180).
func stackOverflowError(e interp.CallDepthExceeded) error {
	msg := fmt.Sprintf("%v (an interpreted call takes far more stack than a compiled one: go run may go deeper; PEERBOOK_MAX_STACK_MB raises the stack)", e)
	return &Error{Name: NameStackOverflow, Value: msg,
		Traceback: []string{ansiRed + "StackOverflow" + ansiReset + ": " + msg + "; the cell ended there, without its deferred calls, as a Go program ends at a stack overflow; the session goes on"}}
}

// errCellReturned ends a cell that reached a top-level return.
var errCellReturned = errors.New("the cell returned")
