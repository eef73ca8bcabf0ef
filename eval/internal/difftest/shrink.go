package difftest

import (
	"context"
	"fmt"
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// CellMarker separates the cells of a program written as one file: a comment line, so
// that the file is still the program for the Go toolchain.
const CellMarker = "//--- cell"

// MarkedSource returns an outcome's program as one file, its cells separated by
// CellMarker lines.
func MarkedSource(d Outcome) string {
	if !d.Split {
		return d.Source
	}
	return "package main\n\n" + strings.Join(d.Cells, CellMarker+"\n")
}

// MarkedCells returns the cells of a program written as one file: split at CellMarker
// lines, the package clause left out of the first.
func MarkedCells(src string) []string {
	var cells []string
	var cur []string
	for _, line := range strings.Split(src, "\n") {
		if strings.TrimSpace(line) == CellMarker {
			cells = append(cells, strings.Join(cur, "\n"))
			cur = nil
			continue
		}
		cur = append(cur, line)
	}
	cells = append(cells, strings.Join(cur, "\n"))
	cells[0] = OneCell(cells[0])[0]
	return cells
}

// shrinker holds what Shrink needs.
type shrinker struct {
	ctx     context.Context
	gr      *GoRunner
	pool    *Pool
	want    Class
	detail  string
	imp     types.Importer
	steps   int
	workers int
	log     func(string)
}

// maxShrinkRounds bounds the rounds of a Shrink (each builds a batch of candidates).
const maxShrinkRounds = 60

// Shrink reduces a divergence to a smaller program that diverges in the same class (a
// LOUD or REFUSED one with the same message, numbers aside): it removes top-level
// declarations, statements, and parts of expressions, keeping each removal after
// which the program still type-checks and, run both ways again, still diverges so.
// Candidates are tried in batches: each removal alone, then all that kept the
// divergence together.
func Shrink(ctx context.Context, gr *GoRunner, pool *Pool, workers int, log func(string), d Outcome) (Outcome, error) {
	s := &shrinker{ctx: ctx, gr: gr, pool: pool, want: d.Class, detail: normalize(d.Detail), imp: importer.Default(), workers: workers, log: log}
	src := MarkedSource(d)
	if !s.typeChecks(src) {
		return d, fmt.Errorf("shrink: the program of seed %d does not type-check", d.Seed)
	}
	for round := 0; round < maxShrinkRounds; round++ {
		if ctx.Err() != nil {
			break
		}
		next, ok := s.pass(src, declRemovals)
		if !ok {
			next, ok = s.pass(src, stmtRemovals)
		}
		if !ok {
			next, ok = s.pass(src, exprSimplifications)
		}
		if !ok {
			break
		}
		src = next
		if s.log != nil {
			s.log(fmt.Sprintf("shrink round %d: %d lines, %d candidates run", round+1, strings.Count(src, "\n"), s.steps))
		}
	}
	if formatted, err := format.Source([]byte(src)); err == nil {
		src = string(formatted)
	}
	out := d
	out.Source = src
	out.Cells = MarkedCells(src)
	if !d.Split {
		out.Cells = OneCell(src)
	}
	// The result in full: both sides.
	goRes, err := gr.Run(ctx, []string{src})
	if err != nil {
		return out, err
	}
	out.Class, out.Detail = Compare(goRes[0], pool.Run(out.Cells))
	if out.Class != d.Class {
		return out, fmt.Errorf("shrink: the program shrunk to %s (%s), not %s", out.Class, out.Detail, d.Class)
	}
	return out, ctx.Err()
}

// normalize makes a detail comparable across shrinking: positions and numbers go.
func normalize(s string) string {
	return digits.ReplaceAllString(s, "N")
}

var digits = regexp.MustCompile(`[0-9]+`)

// edit replaces src[from:to] with text.
type edit struct {
	from, to int
	text     string
}

func apply(src string, es []edit) string {
	sort.Slice(es, func(i, j int) bool { return es[i].from > es[j].from })
	last := len(src) + 1
	for _, e := range es {
		if e.to > last {
			continue // overlaps an edit already made
		}
		src = src[:e.from] + e.text + src[e.to:]
		last = e.from
	}
	return src
}

// pass tries the edits that gen proposes for src: each alone, then those that kept the
// divergence together. It returns the smaller program, if any edit kept it.
func (s *shrinker) pass(src string, gen func(string, *token.FileSet, *ast.File) []edit) (string, bool) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", src, parser.ParseComments)
	if err != nil {
		return src, false
	}
	type cand struct {
		e   edit
		src string // the program with the edit, imports it no longer uses dropped
	}
	var cands []cand
	for _, e := range gen(src, fset, f) {
		if p, ok := s.check(apply(src, []edit{e})); ok {
			cands = append(cands, cand{e, p})
		}
	}
	for len(cands) > 0 {
		n := min(len(cands), batchSize)
		batch := cands[:n]
		cands = cands[n:]
		var progs []string
		for _, c := range batch {
			progs = append(progs, c.src)
		}
		keep := s.diverge(progs)
		var good []cand
		for i, ok := range keep {
			if ok {
				good = append(good, batch[i])
			}
		}
		switch len(good) {
		case 0:
			continue
		case 1:
			return good[0].src, true
		}
		// All of them at once, else the largest alone.
		var es []edit
		for _, c := range good {
			es = append(es, c.e)
		}
		if all, ok := s.check(apply(src, es)); ok && s.diverge([]string{all})[0] {
			return all, true
		}
		sort.SliceStable(good, func(i, j int) bool { return len(good[i].src) < len(good[j].src) })
		return good[0].src, true
	}
	return src, false
}

// diverge runs programs both ways and reports which still diverge as wanted. The
// cells run first: where the class is decided by the cells alone (an error, a crash, a
// timeout), the toolchain is not asked (the program type-checks; Shrink checks the
// result in full at the end); otherwise only the programs whose cells still succeed
// (SILENT) or panic (WRONG) go to the toolchain.
func (s *shrinker) diverge(progs []string) []bool {
	s.steps += len(progs)
	out := make([]bool, len(progs))
	cells := make([]CellResult, len(progs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, s.workers))
	for i, p := range progs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			cells[i] = s.pool.Run(MarkedCells(p))
		}()
	}
	wg.Wait()
	var need []int
	for i, c := range cells {
		switch s.want {
		case Crash:
			out[i] = c.Crash != ""
		case Timeout:
			out[i] = c.Crash == "" && c.Timeout
		case Loud, Refused:
			if c.Crash == "" && !c.Timeout && c.ErrName != "" {
				class, detail := Compare(GoResult{}, c)
				out[i] = class == s.want && normalize(detail) == s.detail
			}
		case Silent:
			if c.Crash == "" && !c.Timeout && c.ErrName == "" {
				need = append(need, i)
			}
		case Wrong:
			if c.Crash == "" && !c.Timeout && c.ErrName == "panic" {
				need = append(need, i)
			}
		}
	}
	if len(need) == 0 {
		return out
	}
	var srcs []string
	for _, i := range need {
		srcs = append(srcs, progs[i])
	}
	goRes, err := s.gr.Run(s.ctx, srcs)
	if err != nil {
		return out
	}
	for k, i := range need {
		class, _ := Compare(goRes[k], cells[i])
		out[i] = class == s.want
	}
	return out
}

func (s *shrinker) typeChecks(src string) bool {
	_, ok := s.check(src)
	return ok
}

// check type-checks src. Where the only errors are imports and variables no longer
// used, it repairs them (drops the import; writes _ for the variable) and returns the
// repaired program.
func (s *shrinker) check(src string) (string, bool) {
	for try := 0; try < 3; try++ {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "main.go", src, 0)
		if err != nil {
			return src, false
		}
		var errs []types.Error
		conf := types.Config{Importer: s.imp, Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				errs = append(errs, te)
			}
		}}
		conf.Check("main", fset, []*ast.File{f}, nil)
		if len(errs) == 0 {
			return src, true
		}
		var es []edit
		for _, e := range errs {
			switch {
			case strings.HasSuffix(e.Msg, "imported and not used"):
				for _, imp := range f.Imports {
					if imp.Pos() <= e.Pos && e.Pos < imp.End() {
						from, to := span(fset, imp)
						es = append(es, edit{from, to, ""})
					}
				}
			case strings.HasPrefix(e.Msg, "declared and not used"):
				fix := unusedFix(fset, f, e.Pos)
				if fix == nil {
					return src, false
				}
				es = append(es, fix...)
			default:
				return src, false
			}
		}
		src = apply(src, es)
	}
	return src, false
}

// unusedFix returns the edits that make the variable declared at pos blank.
func unusedFix(fset *token.FileSet, f *ast.File, pos token.Pos) []edit {
	var out []edit
	blank := func(id *ast.Ident) edit {
		from, to := span(fset, id)
		return edit{from, to, "_"}
	}
	// define turns := into = when every name on the left is blank.
	define := func(lhs []ast.Expr, tokPos token.Pos, tok token.Token, except *ast.Ident) {
		if tok != token.DEFINE {
			return
		}
		for _, l := range lhs {
			if id, ok := l.(*ast.Ident); ok && id != except && id.Name != "_" {
				return
			}
		}
		off := fset.Position(tokPos).Offset
		out = append(out, edit{off, off + 2, "="})
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if out != nil || n == nil || !(n.Pos() <= pos && pos < n.End()) {
			return out == nil
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Pos() == pos {
					out = append(out, blank(id))
					define(n.Lhs, n.TokPos, n.Tok, id)
					return false
				}
			}
		case *ast.RangeStmt:
			for _, l := range []ast.Expr{n.Key, n.Value} {
				if id, ok := l.(*ast.Ident); ok && id != nil && id.Pos() == pos {
					out = append(out, blank(id))
					define([]ast.Expr{n.Key, n.Value}, n.TokPos, n.Tok, id)
					return false
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				if id.Pos() == pos {
					out = append(out, blank(id))
					return false
				}
			}
		case *ast.TypeSwitchStmt:
			if as, ok := n.Assign.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && as.Lhs[0].Pos() == pos {
				from := fset.Position(as.Lhs[0].Pos()).Offset
				to := fset.Position(as.Rhs[0].Pos()).Offset
				out = append(out, edit{from, to, ""})
				return false
			}
		}
		return true
	})
	return out
}

func span(fset *token.FileSet, n ast.Node) (int, int) {
	return fset.Position(n.Pos()).Offset, fset.Position(n.End()).Offset
}

// declRemovals removes top-level declarations other than main and the imports.
func declRemovals(_ string, fset *token.FileSet, f *ast.File) []edit {
	var es []edit
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "main" && fd.Recv == nil {
			continue
		}
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			continue
		}
		from, to := span(fset, d)
		es = append(es, edit{from, to, ""})
	}
	return es
}

// stmtRemovals removes statements, and replaces compound statements by a block of
// their body.
func stmtRemovals(_ string, fset *token.FileSet, f *ast.File) []edit {
	var es []edit
	src := func(n ast.Node) (int, int) { return span(fset, n) }
	// A counter's step in a loop without a post statement stays: without it the loop
	// would not end.
	keep := map[ast.Stmt]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if fs, ok := n.(*ast.ForStmt); ok && fs.Post == nil {
			for _, st := range fs.Body.List {
				if _, ok := st.(*ast.IncDecStmt); ok {
					keep[st] = true
				}
			}
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		var list []ast.Stmt
		switch n := n.(type) {
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.CommClause:
			list = n.Body
		}
		for _, st := range list {
			if keep[st] {
				continue
			}
			from, to := src(st)
			es = append(es, edit{from, to, ""})
		}
		return true
	})
	// Larger statements first: they remove more at once.
	sort.SliceStable(es, func(i, j int) bool { return es[i].to-es[i].from > es[j].to-es[j].from })
	return es
}

// exprSimplifications replaces expressions by one of their operands and drops
// elements of composite literals.
func exprSimplifications(src string, fset *token.FileSet, f *ast.File) []edit {
	var es []edit
	replace := func(n, by ast.Node) {
		from, to := span(fset, n)
		a, b := span(fset, by)
		es = append(es, edit{from, to, src[a:b]})
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			replace(n, n.X)
			replace(n, n.Y)
		case *ast.ParenExpr:
			replace(n, n.X)
		case *ast.UnaryExpr:
			replace(n, n.X)
		case *ast.CallExpr:
			for _, a := range n.Args {
				replace(n, a)
			}
		case *ast.CompositeLit:
			for i, e := range n.Elts {
				from, to := span(fset, e)
				if i+1 < len(n.Elts) {
					to, _ = span(fset, n.Elts[i+1])
				} else if i > 0 {
					_, from = span(fset, n.Elts[i-1])
				}
				es = append(es, edit{from, to, ""})
			}
		}
		return true
	})
	return es
}
