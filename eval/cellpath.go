package eval

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/token"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
)

// A cell's path: the stages a cell of Go code goes through, in order, each called once, from
// runGo (docs/ARCHITECTURE.md, "A cell's path through eval"). A stage reads and changes the
// parsed cell (parsedCell: its items, and the type check the stages share); what the
// session knows of its declarations (sessionState, state.go) changes when a step has
// compiled (runStep), besides the rewriter's memory (rewrite) and the imports that scope
// and kernels add to the interpreter.
//
//	parse        parseCell (parse.go), settleImports (imports.go), moduleGenerics (modgenerics.go)
//	(types)      checkTypes (typecheck.go): the one go/types check, for refuse, scope and
//	             rewrite, kept true by the stages that change the cell after it (typepatch.go)
//	refuse       precheck (precheck.go): a cell that does not type-check changes nothing
//	kernels      defineKernels (kernels.go): Go kernels go to the gpu package
//	scope        scopeCell (toplevel.go): top-level statements in function scopes, their
//	             definitions declared beforehand with the types the check found
//	rewrite      rewriteItems (rewrite_hook.go): eval/internal/rewrite, Go as Go on yaegi
//	isolate      isolateItems: goroutines, function scopes, panic positions
//	value        takeValue: the cell's last expression, shown after the rest ran
//	plan, run    plan (plan.go) into steps; runStep (steps.go) compiles each, records what
//	             it defines, re-evaluates what depends on it, runs it
//	show         evalValue (value.go): the value rendered
//	end          runDeferred, forgetTemps: top-level defers, temporary variables

// runGo compiles and runs Go code of the cell c, stage after stage.
func (s *Session) runGo(ctx context.Context, c *cellState, code string) (res Result, err error) {
	pc, err := parseCell(s.in.FileSet(), c.serial, code)
	if err != nil {
		return res, compileError(s, err)
	}
	initOrderItems(pc)                                   // var declarations in Go's initialisation order
	s.settleImports(pc)                                  // imports earlier cells made are no-ops (see imports.go)
	if err := s.moduleGenerics(ctx, c, pc); err != nil { // uses of modules' generics to their instances
		return res, err // nothing ran
	}
	if err := s.precheck(pc); err != nil {
		return res, err // nothing ran
	}
	if err := s.defineKernels(pc, code, c.serial); err != nil {
		return res, err
	}
	// The last expression is the cell's value: it runs last, on its own.
	result := valueItem(pc)
	if aliases := s.scopeCell(pc, result); len(aliases) > 0 {
		if err := s.importAliases(aliases); err != nil {
			return res, err
		}
	}
	if err := s.rewriteItems(pc); err != nil {
		return res, err
	}
	s.isolateItems(pc, c.serial)
	result = takeValue(pc, result)
	exited := false // os.Exit, a stack overflow: no deferred call runs
	defer func() {
		var e *Error
		if errors.As(err, &e) && e.Name == NameStackOverflow {
			exited = true // in the statements or the cell's value
		}
		if !exited {
			err = s.runDeferred(ctx, c, pc, err)
		}
		s.forgetTemps(pc)
	}()
	if err := s.runPlan(ctx, c, pc); err != nil {
		var e *Error
		exited = errors.Is(err, errCellExited) || (errors.As(err, &e) && e.Name == NameExit) || c.exitedZero()
		if errors.Is(err, errCellReturned) || errors.Is(err, errCellExited) {
			return res, nil
		}
		return res, err
	}
	if result != nil {
		v, err := s.evalValue(ctx, c, result.stmt.(*ast.ExprStmt).X)
		if err != nil {
			return res, err
		}
		res.Value = v
	}
	return res, nil
}

// isolateItems readies the cell's items for the interpreter: a goroutine starts through
// rewrite.IsolateGoStmt, a statement runs in a function scope of its own (funcscope.go),
// and panics are marked with the cell's positions (panics.go).
func (s *Session) isolateItems(pc *parsedCell, serial int) {
	for _, it := range pc.items {
		switch {
		case it.stmt != nil:
			s.markPanics(it.stmt)
			if g, ok := it.stmt.(*ast.GoStmt); ok {
				it.stmt = rewrite.IsolateGoStmt(g, goHooks(serial))
			} else {
				wrapGo(it.stmt, serial)
				it.stmt = funcScoped(it.stmt)
			}
		case it.decl != nil && !it.kernel:
			wrapGo(it.decl, serial)
			s.markPanics(it.decl)
		}
	}
}

// takeValue takes the cell's value item (see valueItem) out of the items, to be evaluated
// after them; nil when the cell shows no value (or the rewriter made its last expression
// something else).
func takeValue(pc *parsedCell, result *item) *item {
	if n := len(pc.items); result == nil || n == 0 || pc.items[n-1] != result {
		return nil
	}
	if _, ok := result.stmt.(*ast.ExprStmt); !ok {
		return nil
	}
	pc.items = pc.items[:len(pc.items)-1]
	return result
}

// runPlan plans the cell's items into steps (plan.go) and compiles and runs them one after
// another; it stops at the first that fails.
func (s *Session) runPlan(ctx context.Context, c *cellState, pc *parsedCell) error {
	cellDefs := map[string]bool{}
	for _, it := range pc.items {
		for _, n := range it.defs {
			cellDefs[n] = true
		}
	}
	for _, st := range plan(pc, s.isSessionVar, s.exists) {
		if err := s.runStep(ctx, c, st, cellDefs); err != nil {
			return err
		}
	}
	return nil
}

// forgetTemps removes the temporary session variables the cell made (see hoistDefinition).
func (s *Session) forgetTemps(pc *parsedCell) {
	for _, name := range pc.temps {
		s.forgetTemp(name)
	}
}

// valueItem returns the item whose value the cell shows: its last statement, when that is
// an expression (not a print call) and the cell does not end with ';'.
func valueItem(pc *parsedCell) *item {
	if n := len(pc.items); n > 0 && !pc.suppress {
		if es, ok := pc.items[n-1].stmt.(*ast.ExprStmt); ok && !isPrintCall(es.X) {
			return pc.items[n-1]
		}
	}
	return nil
}

// isPrintCall reports whether e is a call of the print family (fmt.Println, w.Write, ...),
// whose results (a count and an error) are not worth showing as the cell's value.
func isPrintCall(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	switch sel.Sel.Name {
	case "Print", "Printf", "Println", "Fprint", "Fprintf", "Fprintln",
		"Write", "WriteString", "WriteByte", "WriteRune", "WriteTo":
		return true
	}
	return false
}

// importAliases imports packages under the aliases (path -> alias) that the types of the
// variables a cell declares use.
func (s *Session) importAliases(aliases map[string]string) error {
	for _, path := range sortedKeys(aliases) {
		alias := aliases[path]
		if _, ok := s.scope.imports()[alias]; ok {
			continue
		}
		src := `import ` + alias + ` "` + path + `"`
		s.scope.memo.invalidate()
		if _, err := s.in.Eval(src); err != nil {
			return internalError("import "+path+" for the types of the cell's variables", err)
		}
		if s.rw != nil {
			// The rewriter must know the name, for the cell's declarations that use it.
			s.rw.Import(alias, path)
		}
	}
	return nil
}

// runDeferred runs the calls that the cell's top-level defer statements registered (see
// cellLevel), unless the cell was interrupted, and returns the cell's error: err, the one
// the cell's statements and value ended with. When they ended with a panic, the calls run
// while it goes on, as a function's deferred calls do (yaegi patch 265): a recover() in
// one stops it (the cell then succeeds, the rest of its statements skipped), and a call
// that panics replaces it. Otherwise a call's panic is the cell's error when it had none.
func (s *Session) runDeferred(ctx context.Context, c *cellState, pc *parsedCell, err error) error {
	p := c.takePanic()
	c.mu.Lock()
	n := len(c.deferred)
	c.mu.Unlock()
	if n == 0 {
		return err
	}
	if ctx.Err() != nil {
		c.mu.Lock()
		c.deferred = nil
		c.mu.Unlock()
		return err
	}
	panicking := err != nil && p != nil && p.v != nil
	c.mu.Lock()
	c.unwind = unwinding{}
	if panicking {
		c.unwind.p, c.unwind.panicking = p.v, true
	}
	c.mu.Unlock()
	pos := pc.deferPos
	call := bridgeCall(pos, "RunDeferred", &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: fmt.Sprint(c.serial)})
	prog, cerr := s.compile(&ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{call}, Rbrace: pos}, false)
	if cerr != nil {
		return cerr
	}
	derr := s.run(ctx, c, prog)
	c.mu.Lock()
	stopped := c.unwind.stopped
	c.mu.Unlock()
	switch {
	case derr != nil && (err == nil || panicking):
		return derr // a deferred call's panic replaces the cell's
	case panicking && stopped:
		return nil // a deferred call recovered the cell's panic
	}
	return err
}
