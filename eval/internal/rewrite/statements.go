package rewrite

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
)

// statements runs the statement rewrites over a tree, innermost statements first.
func (x *cell) statements(root ast.Node) {
	var funcs []*types.Signature
	var stack []ast.Node
	ed := &editor{
		enter: func(n ast.Node) bool {
			stack = append(stack, n)
			switch n := n.(type) {
			case *ast.LabeledStmt:
				if l, ok := x.info.Defs[n.Label].(*types.Label); ok {
					x.labeledStmts[l] = n.Stmt
				}
			case *ast.FuncDecl, *ast.FuncLit:
				funcs = append(funcs, x.funcSignature(n))
			}
			return true
		},
		leave: func(n ast.Node) {
			stack = stack[:len(stack)-1]
			switch n.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				funcs = funcs[:len(funcs)-1]
			}
		},
	}
	ed.stmts = func(list []ast.Stmt) []ast.Stmt {
		var fn *types.Signature
		if len(funcs) > 0 {
			fn = funcs[len(funcs)-1]
		}
		// The loops around this list, in the same function.
		var loops []ast.Node
		for i := len(stack) - 1; i >= 0; i-- {
			switch n := stack[i].(type) {
			case *ast.ForStmt, *ast.RangeStmt:
				loops = append(loops, n)
				continue
			case *ast.FuncDecl, *ast.FuncLit:
			default:
				continue
			}
			break
		}
		var out []ast.Stmt
		for _, s := range list {
			out = append(out, x.stmt(s, fn, loops)...)
		}
		return out
	}
	ed.node(root)
}

// stmt rewrites one statement of a list; fn is the signature of the enclosing
// function (nil at the top level of a cell), loops the loops around the list.
func (x *cell) stmt(s ast.Stmt, fn *types.Signature, loops []ast.Node) []ast.Stmt {
	var label *ast.Ident
	inner := s
	if ls, ok := s.(*ast.LabeledStmt); ok {
		label, inner = ls.Label, ls.Stmt
	}
	after := x.placeLabels(inner)
	var out []ast.Stmt
	switch st := inner.(type) {
	case *ast.RangeStmt:
		out = x.rangeStmt(label, st, fn)
	case *ast.ForStmt:
		out = x.forStmt(label, st)
	case *ast.DeferStmt:
		x.printStmtCall(&st.Call)
		out = x.bindCall(st.Call, st.Defer, loops, func(call *ast.CallExpr) ast.Stmt {
			return &ast.DeferStmt{Defer: st.Defer, Call: call}
		})
	case *ast.GoStmt:
		x.printStmtCall(&st.Call)
		out = x.bindCall(st.Call, st.Go, loops, func(call *ast.CallExpr) ast.Stmt {
			return &ast.GoStmt{Go: st.Go, Call: call}
		})
	case *ast.ExprStmt:
		if g := x.waitGroupGo(st); g != nil {
			out = append([]ast.Stmt{g.add}, x.bindCall(g.stmt.Call, g.stmt.Go, loops, func(call *ast.CallExpr) ast.Stmt {
				return &ast.GoStmt{Go: g.stmt.Go, Call: call}
			})...)
			if label != nil {
				out = []ast.Stmt{labeled(label, &ast.BlockStmt{Lbrace: st.Pos(), List: out, Rbrace: st.End()})}
			}
		}
	case *ast.SelectStmt:
		out = x.selectStmt(label, st, loops)
	case *ast.TypeSwitchStmt:
		out = x.typeSwitch(label, st)
	case *ast.AssignStmt:
		out = x.commaOk(st)
		if out == nil {
			if mt := x.mapIndexTuple(st); mt != nil {
				out = []ast.Stmt{labeled(label, mt[0])}
			}
		}
		if out == nil {
			if od := x.opAssignDest(st); od != nil {
				out = []ast.Stmt{labeled(label, od[0])}
			}
		}
	case *ast.IfStmt:
		if e, ok := st.Else.(*ast.IfStmt); ok {
			// An else if is no statement of a list: its comma-ok init (else if s, ok :=
			// it.(fmt.Stringer); ok) is rewritten here, in a block of its own.
			if rw := x.stmt(e, fn, loops); len(rw) != 1 || rw[0] != ast.Stmt(e) {
				st.Else = &ast.BlockStmt{Lbrace: e.Pos(), List: rw, Rbrace: e.End()}
			}
		}
		if init, ok := st.Init.(*ast.AssignStmt); ok {
			if pre := x.commaOk(init); pre != nil {
				st.Init = nil
				out = []ast.Stmt{&ast.BlockStmt{Lbrace: st.If, List: append(pre, labeled(label, st)), Rbrace: st.End()}}
			}
		}
	}
	if out == nil {
		out = []ast.Stmt{s}
	}
	return append(out, after...)
}

// printStmtCall rewrites the call of a defer or go statement that is the builtin print or
// println as the expression pass rewrites the others (rt.Print: to stderr, in the
// runtime's format): that pass sees expressions held as ast.Expr, and a statement's call is
// not one, so a deferred println wrote as yaegi's builtin does (to stdout, as fmt). It is
// made before the call's arguments are bound, which then bind the rewritten operands.
func (x *cell) printStmtCall(call **ast.CallExpr) {
	if id, ok := ast.Unparen((*call).Fun).(*ast.Ident); !ok || (id.Name != "print" && id.Name != "println") {
		return
	}
	if out, ok := x.call(*call).(*ast.CallExpr); ok && out != nil {
		*call = out
	}
}

// labeled puts label (if any) back on a statement.
func labeled(label *ast.Ident, s ast.Stmt) ast.Stmt {
	if label == nil {
		return s
	}
	return &ast.LabeledStmt{Label: label, Colon: label.End(), Stmt: s}
}

// branch is a break, continue or return inside a loop body that leaves the body.
type branch struct {
	stmt   ast.Stmt // *ast.BranchStmt or *ast.ReturnStmt
	outer  bool     // a labelled break or continue to a statement outside the loop
	isLoop bool     // it targets the loop itself (break or continue of the loop)
}

// exits finds the statements in a loop body that leave the body or go to the next
// iteration of the loop labelled label (nil when unlabelled): unlabelled break and
// continue that are not inside a nested loop, switch or select, labelled ones to the
// loop's label or to labels outside the body, and return statements. Function literals
// are not entered.
func exits(body *ast.BlockStmt, label *ast.Ident) []branch {
	var out []branch
	inner := map[string]bool{} // labels declared inside the body
	inspect(body, func(n ast.Node) bool {
		if ls, ok := n.(*ast.LabeledStmt); ok {
			inner[ls.Label.Name] = true
		}
		return true
	})
	walkBranches(body, false, false, func(s ast.Stmt, breakable, continuable bool) {
		m, ok := s.(*ast.BranchStmt)
		if !ok {
			out = append(out, branch{stmt: s}) // a return
			return
		}
		if m.Tok != token.BREAK && m.Tok != token.CONTINUE {
			return
		}
		switch {
		case m.Label == nil:
			if (m.Tok == token.BREAK && !breakable) || (m.Tok == token.CONTINUE && !continuable) {
				out = append(out, branch{stmt: m, isLoop: true})
			}
		case label != nil && m.Label.Name == label.Name:
			out = append(out, branch{stmt: m, isLoop: true})
		case !inner[m.Label.Name]:
			out = append(out, branch{stmt: m, outer: true})
		}
	})
	return out
}

// walkBranches calls visit for each break, continue, goto, fallthrough and return
// statement under n (not n itself), with whether an unlabelled break or continue there
// stays inside a loop, switch or select nested in n: breakable and continuable are their
// values at n; a nested loop makes both true, a nested switch or select breakable.
// Function literals are not entered.
func walkBranches(n ast.Node, breakable, continuable bool, visit func(s ast.Stmt, breakable, continuable bool)) {
	inspect(n, func(m ast.Node) bool {
		if m == n {
			return true
		}
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			walkBranches(m, true, true, visit)
			return false
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			walkBranches(m, true, continuable, visit)
			return false
		case *ast.ReturnStmt:
			visit(m, breakable, continuable)
		case *ast.BranchStmt:
			visit(m, breakable, continuable)
		}
		return true
	})
}

// replaceStmt replaces every occurrence of old (by identity) in the tree with the
// statements made by repl.
func replaceStmt(root ast.Node, repl map[ast.Stmt][]ast.Stmt) {
	if len(repl) == 0 {
		return
	}
	ed := &editor{
		enter: func(n ast.Node) bool { _, lit := n.(*ast.FuncLit); return !lit || n == root },
		stmts: func(list []ast.Stmt) []ast.Stmt {
			var out []ast.Stmt
			for _, s := range list {
				if r, ok := repl[s]; ok {
					out = append(out, r...)
					continue
				}
				out = append(out, s)
			}
			return out
		},
	}
	ed.node(root)
	// Statements that are not in a list (an if's else is a block or if, a labelled
	// statement holds one statement, a case clause body is a list): labelled ones.
	inspect(root, func(n ast.Node) bool {
		if ls, ok := n.(*ast.LabeledStmt); ok {
			if r, ok := repl[ls.Stmt]; ok {
				ls.Stmt = &ast.BlockStmt{Lbrace: ls.Stmt.Pos(), List: r, Rbrace: ls.Stmt.End()}
			}
		}
		return true
	})
}

// declaresAtTop reports whether a block declares one of names in its own scope.
func declaresAtTop(b *ast.BlockStmt, names map[string]bool) bool {
	for _, s := range b.List {
		switch s := s.(type) {
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				for _, l := range s.Lhs {
					if id, ok := l.(*ast.Ident); ok && names[id.Name] {
						return true
					}
				}
			}
		case *ast.DeclStmt:
			for _, n := range declNames(s.Decl) {
				if names[n] {
					return true
				}
			}
		case *ast.LabeledStmt:
			if names[s.Label.Name] {
				return true
			}
		}
	}
	return false
}

// prefixBody returns a body that runs pre and then the statements of body. When body
// declares one of the names pre declares, body is nested in its own block.
func prefixBody(body *ast.BlockStmt, pre []ast.Stmt, names map[string]bool) *ast.BlockStmt {
	list := append([]ast.Stmt{}, pre...)
	if declaresAtTop(body, names) {
		list = append(list, &ast.BlockStmt{Lbrace: body.Lbrace, List: body.List, Rbrace: body.Rbrace})
	} else {
		list = append(list, body.List...)
	}
	return &ast.BlockStmt{Lbrace: body.Lbrace, List: list, Rbrace: body.Rbrace}
}

// captured reports whether code in body may keep a variable beyond one iteration: a
// function literal refers to one of objs, or the address of one is taken.
func (x *cell) captured(body ast.Node, objs []types.Object) bool {
	if len(objs) == 0 {
		return false
	}
	is := func(id *ast.Ident) bool {
		o := x.info.Uses[id]
		for _, obj := range objs {
			if obj != nil && o == obj {
				return true
			}
		}
		return false
	}
	found := false
	inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			inspect(n.Body, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && is(id) {
					found = true
				}
				return !found
			})
			return false
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if id := rootIdent(n.X); id != nil && is(id) {
					found = true
				}
			}
		case *ast.SliceExpr:
			if id := rootIdent(n.X); id != nil && is(id) {
				if _, isArray := underlying(x.typeOf(n.X)).(*types.Array); isArray {
					found = true
				}
			}
		case *ast.CallExpr:
			// x.M() with a pointer method on an addressable value takes its address.
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
				if s := x.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
					if _, ptr := s.Obj().Type().(*types.Signature).Recv().Type().(*types.Pointer); ptr {
						if id := rootIdent(sel.X); id != nil && is(id) {
							found = true
						}
					}
				}
			}
		}
		return true
	})
	return found
}

// rootIdent is the variable an addressable expression starts from: v for v, v.f,
// v[i], (v).
func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		default:
			return nil
		}
	}
}

func underlying(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
}

// funcSignature is the signature of a *ast.FuncDecl or *ast.FuncLit (nil where the type
// check has none).
func (x *cell) funcSignature(fn ast.Node) *types.Signature {
	var t types.Type
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		if obj := x.info.Defs[fn.Name]; obj != nil {
			t = obj.Type()
		}
	case *ast.FuncLit:
		t = x.typeOf(fn)
	}
	sig, _ := t.(*types.Signature)
	return sig
}

// wgGo is a call of sync.WaitGroup.Go turned into a go statement.
type wgGo struct {
	add  ast.Stmt    // wg.Add(1)
	stmt *ast.GoStmt // go func(f func()) { defer wg.Done(); f() }(arg)
}

// waitGroupGo rewrites wg.Go(f) (Go 1.25) into wg.Add(1) and a go statement that runs f
// and calls wg.Done, which the rewrites of go statements then isolate: f, often a
// closure made in a loop, handed to compiled code that runs it later in another
// goroutine, would read the loop's variables as a later iteration left them. Only a
// receiver without calls (wg, s.wg, &wg) is rewritten: it is evaluated twice.
func (x *cell) waitGroupGo(st *ast.ExprStmt) *wgGo {
	call, ok := st.X.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || call.Ellipsis.IsValid() {
		return nil
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Go" {
		return nil
	}
	s := x.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return nil
	}
	fn, ok := s.Obj().(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "sync" {
		return nil
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil || !strings.HasSuffix(types.TypeString(recv.Type(), nil), "sync.WaitGroup") {
		return nil
	}
	if !callFree(sel.X) {
		return nil
	}
	pos := call.Pos()
	src := fmt.Sprintf("func() { %[1]s.Add(1); go func(_pbwgf func()) { defer %[1]s.Done(); _pbwgf() }(nil) }", types.ExprString(sel.X))
	e, err := parser.ParseExprFrom(token.NewFileSet(), "", src, 0)
	if err != nil {
		return nil
	}
	body := e.(*ast.FuncLit).Body.List
	setPos(e, pos)
	g := body[1].(*ast.GoStmt)
	g.Call.Args[0] = call.Args[0]
	return &wgGo{add: body[0], stmt: g}
}

// callFree reports whether e is made of names, selectors, & and * only.
func callFree(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return callFree(e.X)
	case *ast.UnaryExpr:
		return e.Op == token.AND && callFree(e.X)
	case *ast.StarExpr:
		return callFree(e.X)
	case *ast.ParenExpr:
		return callFree(e.X)
	}
	return false
}
