package eval

import (
	"errors"
	"go/ast"
	"go/scanner"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
)

// cellRewriter is the API of package eval/internal/rewrite: the rewrites that make yaegi run Go as
// Go. Prepare installs its helpers in a fresh interpreter; Cell rewrites a cell's
// declarations and top-level statements in place, keeping the user's positions; Import
// tells it of an import the session made itself (not through a cell).
type cellRewriter interface {
	Prepare(i *interp.Interpreter) error
	Cell(fset *token.FileSet, decls *ast.File, stmts *ast.BlockStmt) error
	Import(name, path string)
	CellChecked(fset *token.FileSet, decls *ast.File, stmts *ast.BlockStmt, c *rewrite.Checked) error
}

// typeErrorSource is implemented by a rewriter that type-checks cells (rewrite.Rewriter).
type typeErrorSource interface {
	TypeErrors(from, to token.Pos) []types.Error
}

// goTypesErrors returns the errors go/types found in n, the code the interpreter refused
// with err, worded as the go command words them ("cannot use 5 (untyped int constant) as
// string value in variable declaration"); err itself when go/types found none there.
func (s *Session) goTypesErrors(n ast.Node, err error) error {
	src, ok := s.rw.(typeErrorSource)
	if !ok || n == nil || !n.Pos().IsValid() {
		return err
	}
	fset := s.in.FileSet()
	var list scanner.ErrorList
	for _, te := range src.TypeErrors(n.Pos(), n.End()) {
		// go/types can only say it "could not import" a package the session lacks; the
		// interpreter's error, explained (explainMissingPackage), says why and what to do.
		if strings.HasPrefix(te.Msg, "could not import ") {
			continue
		}
		list = append(list, &scanner.Error{Pos: fset.Position(te.Pos), Msg: te.Msg})
	}
	if len(list) == 0 {
		return err
	}
	return list
}

// rewriteCell runs declarations and statements through the rewriter, which type-checks
// them first: each call is one go/types check, counted in rewriterChecks.
func (s *Session) rewriteCell(decls *ast.File, stmts *ast.BlockStmt) error {
	s.rewriterChecks++
	return s.rw.Cell(s.in.FileSet(), decls, stmts)
}

// rewriteParsed runs the parsed cell's declarations and statements through the rewriter,
// with the cell's check (checkTypes): made now if no stage needed it before (the cell is as
// it runs), kept true by the stages that changed the cell since (typepatch.go). Where a stage
// could not keep it true, the rewriter checks the cell itself.
func (s *Session) rewriteParsed(pc *parsedCell, decls *ast.File, stmts *ast.BlockStmt) error {
	ct := s.checkTypes(pc)
	if s.checkHook != nil {
		s.checkHook(ct, decls, stmts)
	}
	if ct.unsure != "" {
		return s.rewriteCell(decls, stmts)
	}
	return s.rw.CellChecked(s.in.FileSet(), decls, stmts, &rewrite.Checked{Info: ct.info, Pkg: ct.pkg, Errors: ct.all})
}

// newRewriter returns the rewriter of a new interpreter (nil: cells run as written).
var newRewriter = func() cellRewriter { return rewrite.New() }

// rewriteItems runs the cell's declarations and statements through the rewriter and
// rebuilds the cell's items from the result, in source order.
func (s *Session) rewriteItems(pc *parsedCell) error {
	if s.rw == nil || len(pc.items) == 0 {
		return nil
	}
	var decls *ast.File
	var stmts *ast.BlockStmt
	byDecl := map[ast.Decl]*item{}
	byStmt := map[ast.Stmt]*item{}
	preOf := map[ast.Stmt]*item{} // the declarations that go before an item's statement
	var kept []*item
	for _, it := range pc.items {
		switch {
		case it.kernel:
			kept = append(kept, it)
		case it.stmt != nil:
			if stmts == nil {
				stmts = &ast.BlockStmt{Lbrace: it.stmt.Pos()}
			}
			for _, p := range it.pre {
				stmts.List = append(stmts.List, p)
				preOf[p] = it
			}
			stmts.List = append(stmts.List, it.stmt)
			byStmt[it.stmt] = it
		default:
			if decls == nil {
				decls = &ast.File{Package: it.file.Package, Name: &ast.Ident{NamePos: it.file.Name.NamePos, Name: "main"}}
			}
			decls.Decls = append(decls.Decls, it.decl)
			byDecl[it.decl] = it
		}
	}
	if stmts != nil {
		stmts.Rbrace = stmts.List[len(stmts.List)-1].End()
	}
	if err := s.rewriteParsed(pc, decls, stmts); err != nil {
		var refused *rewrite.Unsupported
		if errors.As(err, &refused) {
			// The cell would run with a result Go would not give: it is not run.
			return compileError(s, refused)
		}
		// The rewriter failed on the cell (a bug): run as written, it could print a wrong
		// answer, so it does not run.
		return internalError("peerbook could not prepare the cell for the interpreter, so it did not run it", err)
	}
	// Items keep their place; items the rewriter added go after the item before them in
	// their list.
	order := map[*item]float64{}
	for _, it := range kept {
		order[it] = float64(it.index)
	}
	items := kept
	seq := 0
	place := func(it *item, existed bool, prev *float64) {
		seq++
		if existed {
			order[it] = float64(it.index)
			*prev = float64(it.index)
		} else {
			order[it] = *prev + 0.5 + float64(seq)*1e-6
		}
		items = append(items, it)
	}
	if decls != nil {
		prev := -1.0
		for _, d := range decls.Decls {
			it, ok := byDecl[d]
			if !ok {
				it = &item{kind: chunkVar, decl: d, file: decls}
				it.line, it.col = cellPosition(s.in.FileSet(), d.Pos())
			}
			it.decl = d
			place(it, ok, &prev)
		}
	}
	if stmts != nil {
		prev := -1.0
		pre := map[*item][]ast.Stmt{}
		for _, st := range stmts.List {
			if owner, ok := preOf[st]; ok {
				pre[owner] = append(pre[owner], st)
				continue
			}
			it, ok := byStmt[st]
			if !ok {
				it = &item{kind: chunkStmt}
				it.line, it.col = cellPosition(s.in.FileSet(), st.Pos())
			}
			it.stmt = st
			place(it, ok, &prev)
		}
		for _, it := range preOf {
			it.pre = pre[it]
		}
	}
	sort.SliceStable(items, func(i, j int) bool { return order[items[i]] < order[items[j]] })
	for i, it := range items {
		it.index = i
		if !it.kernel {
			analyse(it)
		}
	}
	pc.items = items
	return nil
}
