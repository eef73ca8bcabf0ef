package rewrite

import (
	"go/ast"
	"go/token"
	"strconv"
)

// GoHooks are what IsolateGo puts around each goroutine, as Go source.
type GoHooks struct {
	// Start names a compiled function of type func(func()) that runs its argument in a
	// new goroutine ("_pbs.Go").
	Start string
	// Started, where not "", is a call made once the function and the arguments are
	// evaluated, just before the goroutine starts ("_pbs.GoStart()").
	Started string
	// Deferred, where not "", is a function literal that the goroutine defers first
	// ("func() { _pbs.GoPanic(recover(), 3) }").
	Deferred string
}

// IsolateGo rewrites every go statement under n (see IsolateGoStmt).
func IsolateGo(n ast.Node, h GoHooks) {
	// A replacement holds no go statement of its own: the walk goes on into the user's
	// code inside it (a go statement in the goroutine's function literal).
	wrapList := func(list []ast.Stmt) {
		for i, st := range list {
			if g, ok := st.(*ast.GoStmt); ok {
				list[i] = IsolateGoStmt(g, h)
			}
		}
	}
	ast.Inspect(n, func(x ast.Node) bool {
		switch b := x.(type) {
		case *ast.BlockStmt:
			wrapList(b.List)
		case *ast.CaseClause:
			wrapList(b.Body)
		case *ast.CommClause:
			wrapList(b.Body)
		case *ast.LabeledStmt:
			if g, ok := b.Stmt.(*ast.GoStmt); ok {
				b.Stmt = IsolateGoStmt(g, h)
			}
		}
		return true
	})
}

// IsolateGoStmt returns the replacement of go statement g: the goroutine is started by
// compiled code (h.Start), with its function and arguments in a frame of its own.
//
//	go f(a, b)
//
// becomes
//
//	Start(func() func() {
//		_pbf, _pba0, _pba1 := f, a, b
//		Started
//		return func() { defer Deferred(); _pbf(_pba0, _pba1) }
//	}())
//
// The function and its arguments are still evaluated where the go statement is, as Go
// does: the outer literal runs at once. Each goroutine's function and arguments live in
// the frame of its own call of that literal: a yaegi closure reads the variables of the
// frame it was made in as they are when it runs, so bound in the enclosing block, the
// next iteration of a loop would overwrite them before the goroutine read them. And
// yaegi v0.16.1's own go statement on an interpreted function, run many times, ends in
// "reflect.Value.Call: call of nil function" (traefik/yaegi#1663), which a goroutine
// started by compiled code never meets. f(g()), where g may return several values,
// calls g in the goroutine.
func IsolateGoStmt(g *ast.GoStmt, h GoHooks) ast.Stmt {
	pos := g.Go
	id := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
	call := g.Call
	var lhs, rhs []ast.Expr
	fn := call.Fun
	if ident, ok := fn.(*ast.Ident); !ok || !IsBuiltinFunc(ident.Name) {
		lhs = append(lhs, id("_pbf"))
		rhs = append(rhs, call.Fun)
		fn = id("_pbf")
	}
	args := make([]ast.Expr, len(call.Args))
	singleCall := false
	if len(call.Args) == 1 {
		_, singleCall = call.Args[0].(*ast.CallExpr)
	}
	for i, a := range call.Args {
		if singleCall {
			args[i] = a
			continue
		}
		name := "_pba" + strconv.Itoa(i)
		lhs = append(lhs, id(name))
		rhs = append(rhs, a)
		args[i] = id(name)
	}
	funcLit := func(results *ast.FieldList, body ...ast.Stmt) *ast.FuncLit {
		return &ast.FuncLit{
			Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos}, Results: results},
			Body: &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: body},
		}
	}
	inner := &ast.CallExpr{Fun: fn, Args: args, Lparen: pos, Rparen: pos}
	if call.Ellipsis.IsValid() {
		inner.Ellipsis = pos
	}
	var body []ast.Stmt
	if h.Deferred != "" {
		body = append(body, &ast.DeferStmt{Defer: pos, Call: &ast.CallExpr{Fun: parseExpr(pos, "%s", h.Deferred), Lparen: pos, Rparen: pos}})
	}
	body = append(body, &ast.ExprStmt{X: inner})
	var outer []ast.Stmt
	if len(lhs) > 0 {
		outer = append(outer, &ast.AssignStmt{Lhs: lhs, TokPos: pos, Tok: token.DEFINE, Rhs: rhs})
	}
	if h.Started != "" {
		outer = append(outer, &ast.ExprStmt{X: parseExpr(pos, "%s", h.Started)})
	}
	outer = append(outer, &ast.ReturnStmt{Return: pos, Results: []ast.Expr{funcLit(nil, body...)}})
	results := &ast.FieldList{Opening: pos, Closing: pos, List: []*ast.Field{{Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos}}}}}
	start := &ast.CallExpr{Fun: funcLit(results, outer...), Lparen: pos, Rparen: pos}
	return &ast.ExprStmt{X: &ast.CallExpr{Fun: parseExpr(pos, "%s", h.Start), Args: []ast.Expr{start}, Lparen: pos, Rparen: pos}}
}

// IsBuiltinFunc reports whether name is one of Go's predeclared functions, which can't be
// taken as values. (A cell may shadow one; callers that care look the name up first.)
func IsBuiltinFunc(name string) bool { return builtinFuncs[name] }

var builtinFuncs = map[string]bool{
	"append": true, "cap": true, "clear": true, "close": true, "complex": true, "copy": true,
	"delete": true, "imag": true, "len": true, "make": true, "max": true, "min": true,
	"new": true, "panic": true, "print": true, "println": true, "real": true, "recover": true,
}
