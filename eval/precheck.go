package eval

import (
	"go/ast"
	"go/scanner"
	"go/token"
	"strings"
)

// A cell runs as several steps (its declarations and statements, see plan.go), each
// compiled by the interpreter just before it runs: without a check first, a cell whose
// third line does not compile would have run its first two (and replaced what they
// redefine) before it failed. precheck type-checks the whole cell, with go/types, against
// what the session remembers (cellTyper), before any of it runs: a cell that does not
// compile changes nothing.
//
// The checker's model of a cell is close to, not the same as, the session's: statements
// are checked inside a function (a declaration can't see the variables they define, which
// the session makes global), the session may hold names it has no declaration of, and GPU
// kernels are not Go functions. So precheck refuses a cell only for the errors that model
// can't cause: not "undefined" for a name the cell or the session defines or for a
// package's member, not an unused
// value (the cell's last expression is its value), not a package the checker can't load.
// The interpreter still judges everything else as the cell runs.

// precheck returns the cell's compile error, or nil. A cell of one step is left to the
// interpreter, which compiles it whole before running it.
func (s *Session) precheck(pc *parsedCell) error {
	if len(pc.items) < 2 {
		return nil
	}
	if pos, ok := shortRedeclaration(pc); ok {
		var list scanner.ErrorList
		list.Add(s.in.FileSet().Position(pos), "no new variables on left side of :=")
		return compileError(s, list)
	}
	gpuNames := s.gpuImportNames(pc)
	defined := map[string]bool{}
	for _, it := range pc.items {
		if fd, ok := it.decl.(*ast.FuncDecl); ok && len(gpuNames) > 0 && (isKernel(fd, gpuNames) || fd.Doc != nil) {
			return nil // a GPU kernel or device function: not Go the checker can judge
		}
		for _, d := range it.defs {
			defined[d] = true
		}
	}
	ct := s.checkTypes(pc)
	var list scanner.ErrorList
	for _, te := range ct.hard {
		if name, ok := strings.CutPrefix(te.Msg, "undefined: "); ok && (defined[name] || s.exists(name) || strings.Contains(name, ".")) {
			// "undefined: pkg.Name": the checker sees a package through the interpreter's
			// symbol tables, which lack what yaegi compiles from source (generic functions
			// such as slices.Sort), so the interpreter judges those.
			continue
		}
		if strings.HasPrefix(te.Msg, "could not import ") || strings.HasSuffix(te.Msg, " is not used") {
			continue
		}
		list.Add(te.Fset.Position(te.Pos), te.Msg)
	}
	if len(list) == 0 {
		return nil
	}
	return compileError(s, list)
}

// shortRedeclaration finds a top-level := of the cell that defines no new variable: every
// name on its left was defined by an earlier top-level statement of the same cell (x := 5
// then x := "s"). Go rejects that in the main function the cell's statements make, so
// the cell is rejected, as go run would; the checker's model of the cell (a block per
// definition) and the session (a later definition replaces the earlier) would both run
// it. A name defined in an earlier cell may be defined again: that is the notebook's
// redefinition.
func shortRedeclaration(pc *parsedCell) (token.Pos, bool) {
	defined := map[string]bool{}
	for _, it := range pc.items {
		as, ok := it.stmt.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE {
			continue
		}
		fresh := false
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" && !defined[id.Name] {
				fresh = true
			}
		}
		if !fresh {
			return as.TokPos, true
		}
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok {
				defined[id.Name] = true
			}
		}
	}
	return token.NoPos, false
}
