package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// rangeStmt rewrites range loops yaegi gets wrong:
//
//   - range over an integer becomes a three-clause loop over a hidden counter, with the
//     loop variable declared afresh in each iteration;
//   - range over a function (an iterator) becomes a call of the function with the loop
//     body as yield function;
//   - range over a pointer to an array becomes a range over its length;
//   - other range loops that declare variables captured by closures get fresh copies
//     of the variables in each iteration.
func (x *cell) rangeStmt(label *ast.Ident, rs *ast.RangeStmt, fn *types.Signature) []ast.Stmt {
	t := x.typeOf(rs.X)
	if t == nil {
		return nil
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsInteger != 0 {
			if u.Info()&types.IsUntyped != 0 {
				t = types.Typ[types.Int]
			}
			return x.rangeInt(label, rs, t)
		}
	case *types.Signature:
		return x.rangeFunc(label, rs, u, fn)
	case *types.Pointer:
		if arr, ok := u.Elem().Underlying().(*types.Array); ok {
			return x.rangeArrayPointer(label, rs, arr)
		}
	case *types.Slice:
		if _, ok := u.Elem().Underlying().(*types.Chan); ok && rs.Value != nil && rs.Tok == token.DEFINE {
			return x.rangeByIndex(label, rs)
		}
	case *types.Array:
		if _, ok := u.Elem().Underlying().(*types.Chan); ok && rs.Value != nil && rs.Tok == token.DEFINE {
			return x.rangeByIndex(label, rs)
		}
	}
	if rs.Tok == token.ASSIGN {
		return x.rangeAssign(label, rs)
	}
	return x.rangeCopies(label, rs)
}

// rangeAssign rewrites `for k, v = range x` (a range that assigns variables that exist)
// into a range over hidden variables that assigns k, v at the start of each iteration, as
// Go's assignment does: yaegi declared new loop variables, and k and v kept their values
// (`for i = range xs {}` left i at 0).
func (x *cell) rangeAssign(label *ast.Ident, rs *ast.RangeStmt) []ast.Stmt {
	var lhs, rhs []ast.Expr
	hidden := func(e ast.Expr, what string) ast.Expr {
		if id, ok := e.(*ast.Ident); e == nil || ok && id.Name == "_" {
			return e
		}
		name := x.tmp(what)
		lhs = append(lhs, e)
		rhs = append(rhs, &ast.Ident{NamePos: e.Pos(), Name: name})
		return &ast.Ident{NamePos: e.Pos(), Name: name}
	}
	key, value := hidden(rs.Key, "k"), hidden(rs.Value, "v")
	if len(lhs) == 0 {
		return nil // for _ = range x: nothing is assigned
	}
	rs.Key, rs.Value, rs.Tok = key, value, token.DEFINE
	assign := &ast.AssignStmt{Lhs: lhs, TokPos: rs.For, Tok: token.ASSIGN, Rhs: rhs}
	rs.Body = prefixBody(rs.Body, []ast.Stmt{assign}, nil)
	return []ast.Stmt{labeled(label, rs)}
}

// rangeByIndex rewrites `for k, v := range s` into a range over the indexes of s that
// reads the element: yaegi fails on ranges over slices of channels.
func (x *cell) rangeByIndex(label *ast.Ident, rs *ast.RangeStmt) []ast.Stmt {
	s := x.tmp("s")
	key := "_"
	if id, ok := rs.Key.(*ast.Ident); ok && id.Name != "_" {
		key = id.Name
	}
	idx := key
	if key == "_" {
		idx = x.tmp("k")
	}
	val := rs.Value.(*ast.Ident).Name
	tm := tmpl{pos: rs.For, exprs: map[string]ast.Expr{"_pbX_x": rs.X}}
	out := tm.statements("%s := _pbX_x\nfor %s := range %s {}", s, idx, s)
	loop := out[1].(*ast.RangeStmt)
	pre := parseStmts(rs.For, "%s := %s[%s]", val, s, idx)
	loop.Body = prefixBody(rs.Body, pre, map[string]bool{val: true})
	out[1] = labeled(label, loop)
	return []ast.Stmt{&ast.BlockStmt{Lbrace: rs.For, List: out, Rbrace: rs.End()}}
}

// loopObjs are the variables a range statement declares.
func (x *cell) loopObjs(rs *ast.RangeStmt) []types.Object {
	if rs.Tok != token.DEFINE {
		return nil
	}
	var objs []types.Object
	for _, e := range []ast.Expr{rs.Key, rs.Value} {
		if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
			objs = append(objs, x.info.Defs[id])
		}
	}
	return objs
}

// rangeCopies gives each iteration its own copy of the loop variables when closures
// capture them.
func (x *cell) rangeCopies(label *ast.Ident, rs *ast.RangeStmt) []ast.Stmt {
	objs := x.loopObjs(rs)
	if !x.captured(rs.Body, objs) {
		return nil
	}
	var names []string
	set := map[string]bool{}
	for _, o := range objs {
		names = append(names, o.Name())
		set[o.Name()] = true
	}
	list := strings.Join(names, ", ")
	pre := parseStmts(rs.For, "%s := %s", list, list)
	rs.Body = prefixBody(rs.Body, pre, set)
	return []ast.Stmt{labeled(label, rs)}
}

// simpleOperand reports whether an expression can be evaluated twice without a change
// of meaning: an identifier or a literal.
func simpleOperand(e ast.Expr) (ast.Expr, bool) {
	switch e := e.(type) {
	case *ast.Ident:
		return &ast.Ident{NamePos: e.NamePos, Name: e.Name}, true
	case *ast.BasicLit:
		return &ast.BasicLit{ValuePos: e.ValuePos, Kind: e.Kind, Value: e.Value}, true
	}
	return nil, false
}

// rangeInt rewrites `for k := range n` over an integer n of type t.
func (x *cell) rangeInt(label *ast.Ident, rs *ast.RangeStmt, t types.Type) []ast.Stmt {
	i, n := x.tmp("i"), x.tmp("n")
	tm := tmpl{pos: rs.For, exprs: map[string]ast.Expr{"_pbX_n": rs.X}}
	var pre []ast.Stmt
	names := map[string]bool{}
	key := rs.Key
	if id, ok := key.(*ast.Ident); ok && id.Name == "_" {
		key = nil
	}
	if key != nil {
		if rs.Tok == token.DEFINE {
			names[key.(*ast.Ident).Name] = true
			pre = parseStmts(rs.For, "%s := %s", key.(*ast.Ident).Name, i)
		} else {
			pre = tmpl{pos: rs.For, exprs: map[string]ast.Expr{"_pbX_key": key}}.statements("_pbX_key = %s", i)
		}
	}
	var out []ast.Stmt
	var loop *ast.ForStmt
	if rs.Tok == token.ASSIGN && key != nil {
		// The iteration values have the type of the assigned variable.
		kt, ok := x.typeExpr(x.typeOf(key), rs.For)
		if !ok {
			return nil
		}
		tm.exprs["_pbX_t"] = kt
		out = tm.statements("%s := _pbX_t(_pbX_n)\nfor %s := %s - %s; %s < %s; %s++ {}", n, i, n, n, i, n, i)
		loop = out[1].(*ast.ForStmt)
	} else if dup, ok := simpleOperand(rs.X); ok {
		dup2, _ := simpleOperand(rs.X)
		tm.exprs["_pbX_dup"], tm.exprs["_pbX_dup2"] = dup, dup2
		out = tm.statements("for %s, %s := _pbX_dup - _pbX_dup2, _pbX_n; %s < %s; %s++ {}", i, n, i, n, i)
		loop = out[0].(*ast.ForStmt)
	} else {
		out = tm.statements("%s := _pbX_n\nfor %s := %s - %s; %s < %s; %s++ {}", n, i, n, n, i, n, i)
		loop = out[1].(*ast.ForStmt)
	}
	loop.Body = prefixBody(rs.Body, pre, names)
	if len(out) == 1 {
		return []ast.Stmt{labeled(label, loop)}
	}
	out[len(out)-1] = labeled(label, loop)
	return []ast.Stmt{&ast.BlockStmt{Lbrace: rs.For, List: out, Rbrace: rs.End()}}
}

// rangeArrayPointer rewrites `for k, v := range p` over a pointer to an array into a
// range over the array's length. The pointer is evaluated once, before the loop, as Go
// evaluates a range expression: it is bound to a variable the elements are read
// through (it was read again for each element, so a call in it ran at each iteration
// and an assignment to the variable in the body changed the array ranged over; Go's
// test range.go). Without an iteration value it is evaluated only when its length is
// not a constant (it holds a call or a receive), as the spec says.
func (x *cell) rangeArrayPointer(label *ast.Ident, rs *ast.RangeStmt, arr *types.Array) []ast.Stmt {
	key := rs.Key
	if id, ok := key.(*ast.Ident); ok && id.Name == "_" {
		key = nil
	}
	if rs.Value != nil {
		if id, ok := rs.Value.(*ast.Ident); ok && id.Name == "_" {
			rs.Value = nil
		}
	}
	var before []ast.Stmt
	if rs.Value != nil {
		ptr := x.tmp("p")
		before = tmpl{pos: rs.For, exprs: map[string]ast.Expr{"_pbX_p": rs.X}}.statements("%s := _pbX_p", ptr)
		if key == nil {
			key = ast.NewIdent(x.tmp("k"))
			if rs.Tok == token.ASSIGN {
				// The index is ours, the value is assigned.
				rs.Tok = token.DEFINE
				rs.Body = prefixBody(rs.Body, tmpl{pos: rs.For, exprs: map[string]ast.Expr{
					"_pbX_v": rs.Value, "_pbX_k": key,
				}}.statements("_pbX_v = %s[_pbX_k]", ptr), nil)
				rs.Key, rs.Value = key, nil
				rs.X = parseExpr(rs.For, "%d", arr.Len())
				return withBefore(before, x.rangeInt(label, rs, types.Typ[types.Int]), rs)
			}
		}
		tok := "="
		if rs.Tok == token.DEFINE {
			tok = ":="
		}
		pre := tmpl{pos: rs.For, exprs: map[string]ast.Expr{
			"_pbX_v": rs.Value, "_pbX_k": copyIdent(key),
		}}.statements("_pbX_v %s %s[_pbX_k]", tok, ptr)
		names := map[string]bool{}
		if id, ok := rs.Value.(*ast.Ident); ok {
			names[id.Name] = true
		}
		rs.Body = prefixBody(rs.Body, pre, names)
	} else if x.callsOrReceives(rs.X) {
		before = tmpl{pos: rs.For, exprs: map[string]ast.Expr{"_pbX_p": rs.X}}.statements("_ = _pbX_p")
	}
	rs.Key, rs.Value = key, nil
	rs.X = parseExpr(rs.For, "%d", arr.Len())
	return withBefore(before, x.rangeInt(label, rs, types.Typ[types.Int]), rs)
}

// withBefore returns the statements loop of a rewritten range statement rs after the
// statements before, in a block of their own (the variables they declare end with the
// loop).
func withBefore(before, loop []ast.Stmt, rs *ast.RangeStmt) []ast.Stmt {
	if len(before) == 0 || loop == nil {
		return loop
	}
	return []ast.Stmt{&ast.BlockStmt{Lbrace: rs.For, List: append(before, loop...), Rbrace: rs.End()}}
}

// callsOrReceives reports whether e holds a function call (not a conversion, not a
// constant call) or a channel receive: then the length of an array it points to is not
// a constant, in the spec's words, and the range expression is evaluated.
func (x *cell) callsOrReceives(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				found = true
			}
		case *ast.CallExpr:
			if tv, ok := x.info.Types[n.Fun]; ok && tv.IsType() {
				break
			}
			if tv, ok := x.info.Types[n]; ok && tv.Value != nil {
				break
			}
			found = true
		}
		return !found
	})
	return found
}

func copyIdent(e ast.Expr) ast.Expr {
	if id, ok := e.(*ast.Ident); ok {
		return &ast.Ident{NamePos: id.NamePos, Name: id.Name}
	}
	return e
}

// forStmt gives each iteration of a three-clause loop its own copy of the loop
// variables when closures capture them (Go 1.22 semantics): the loop runs on hidden
// variables, the body on fresh copies that are copied back before the post statement.
func (x *cell) forStmt(label *ast.Ident, fs *ast.ForStmt) []ast.Stmt {
	init, ok := fs.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE {
		return nil
	}
	var objs []types.Object
	hidden := map[types.Object]string{}
	var names, hiddenNames []string
	for _, l := range init.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok || id.Name == "_" {
			continue
		}
		obj := x.info.Defs[id]
		if obj == nil {
			return nil
		}
		objs = append(objs, obj)
		h := x.tmp(id.Name + "_")
		hidden[obj] = h
		names = append(names, id.Name)
		hiddenNames = append(hiddenNames, h)
	}
	if !x.captured(fs.Body, objs) {
		return nil
	}
	// The loop header works on the hidden variables.
	for _, l := range init.Lhs {
		if id, ok := l.(*ast.Ident); ok {
			if h, ok := hidden[x.info.Defs[id]]; ok {
				id.Name = h
			}
		}
	}
	for _, part := range []ast.Node{fs.Cond, fs.Post} {
		if part == nil {
			continue
		}
		inspect(part, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if h, ok := hidden[x.info.Uses[id]]; ok {
					id.Name = h
				}
			}
			return true
		})
	}
	next := x.tmp("next")
	repl := map[ast.Stmt][]ast.Stmt{}
	for _, b := range exits(fs.Body, label) {
		if br, ok := b.stmt.(*ast.BranchStmt); ok && b.isLoop && br.Tok == token.CONTINUE {
			repl[br] = []ast.Stmt{&ast.BranchStmt{TokPos: br.TokPos, Tok: token.GOTO, Label: &ast.Ident{NamePos: br.TokPos, Name: next}}}
		}
	}
	replaceStmt(fs.Body, repl)
	set := map[string]bool{}
	for _, n := range names {
		set[n] = true
	}
	pre := parseStmts(fs.For, "%s := %s", strings.Join(names, ", "), strings.Join(hiddenNames, ", "))
	body := prefixBody(&ast.BlockStmt{Lbrace: fs.Body.Lbrace, List: []ast.Stmt{fs.Body}, Rbrace: fs.Body.Rbrace}, pre, set)
	post := parseStmts(fs.Body.Rbrace, "%s = %s", strings.Join(hiddenNames, ", "), strings.Join(names, ", "))
	body.List = append(body.List, &ast.LabeledStmt{
		Label: &ast.Ident{NamePos: fs.Body.Rbrace, Name: next},
		Colon: fs.Body.Rbrace,
		Stmt:  post[0],
	})
	fs.Body = body
	return []ast.Stmt{labeled(label, fs)}
}

// rangeFunc rewrites a range over a function (an iterator) into a call of the
// function: the body becomes the yield function, break returns false, continue
// returns true, and a return or a break or continue to an outer statement sets a
// control variable that the code after the call acts on. Long function: the yield
// function, the defers collected in the loop and the code after the call are built
// together, each from the others' names, and read best in one place.
func (x *cell) rangeFunc(label *ast.Ident, rs *ast.RangeStmt, sig *types.Signature, fn *types.Signature) []ast.Stmt {
	if sig.Params().Len() != 1 || sig.Results().Len() != 0 {
		return nil
	}
	yield, ok := sig.Params().At(0).Type().Underlying().(*types.Signature)
	if !ok {
		return nil
	}
	pos := rs.For
	// Parameters of the yield function.
	vars := []ast.Expr{rs.Key, rs.Value}
	var params []string
	var assign []string
	tm := tmpl{pos: pos, exprs: map[string]ast.Expr{"_pbX_seq": rs.X}}
	for i := 0; i < yield.Params().Len(); i++ {
		pt, ok := x.c.typeString(yield.Params().At(i).Type())
		if !ok {
			return nil
		}
		name := "_"
		if i < len(vars) && vars[i] != nil {
			if rs.Tok == token.DEFINE {
				name = vars[i].(*ast.Ident).Name
			} else if id, ok := vars[i].(*ast.Ident); !ok || id.Name != "_" {
				name = x.tmp("v")
				ph := fmt.Sprintf("_pbX_var%d", i)
				tm.exprs[ph] = vars[i]
				assign = append(assign, fmt.Sprintf("%s = %s", ph, name))
			}
		}
		params = append(params, name+" "+pt)
	}
	// Exits from the body. Each sets the loop's state to 1 as it returns false: the
	// yield function panics as Go's does when the iterator calls it again (state 1, or 2
	// once the loop has ended) instead of running the body once more.
	ctl := x.tmp("ctl")
	state := x.tmp("st")
	stop := state + " = 1\nreturn _pb_false"
	var results []string
	if fn != nil {
		for i := 0; i < fn.Results().Len(); i++ {
			rt, ok := x.c.typeString(fn.Results().At(i).Type())
			if !ok {
				return nil
			}
			results = append(results, rt)
		}
	}
	named := fn != nil && fn.Results().Len() > 0 && fn.Results().At(0).Name() != ""
	var decls, after []string
	usesCtl := false
	retVars := make([]string, len(results))
	for i := range results {
		retVars[i] = x.tmp("r")
	}
	retDeclared, hasReturn := false, false
	repl := map[ast.Stmt][]ast.Stmt{}
	codes := map[string]int{}
	for _, b := range exits(rs.Body, label) {
		switch s := b.stmt.(type) {
		case *ast.BranchStmt:
			switch {
			case b.isLoop && s.Tok == token.BREAK:
				repl[s] = parseStmts(s.Pos(), "%s", stop)
			case b.isLoop && s.Tok == token.CONTINUE:
				repl[s] = parseStmts(s.Pos(), "return _pb_true")
			case b.outer:
				key := s.Tok.String() + " " + s.Label.Name
				code, ok := codes[key]
				if !ok {
					code = len(codes) + 2
					codes[key] = code
					after = append(after, fmt.Sprintf("if %s == %d { %s }", ctl, code, key))
				}
				usesCtl = true
				repl[s] = parseStmts(s.Pos(), "%s = %d\n%s", ctl, code, stop)
			default:
				// goto out of the body: not supported, yaegi will report it.
			}
		case *ast.ReturnStmt:
			usesCtl, hasReturn = true, true
			if len(s.Results) == 0 {
				repl[s] = parseStmts(s.Pos(), "%s = 1\n%s", ctl, stop)
				continue
			}
			if len(results) == 0 {
				return nil
			}
			retDeclared = true
			st := &tmpl{pos: s.Pos(), exprs: map[string]ast.Expr{}}
			var phs []string
			for i, r := range s.Results {
				ph := fmt.Sprintf("_pbX_ret%d", i)
				st.exprs[ph] = r
				phs = append(phs, ph)
			}
			repl[s] = st.statements("%s = %s\n%s = 1\n%s", strings.Join(retVars, ", "), strings.Join(phs, ", "), ctl, stop)
		}
	}
	// defer statements in the body run when the enclosing function returns: they are
	// collected on a list that a defer placed before the loop runs in reverse
	// (collectDefer).
	defers := x.tmp("defers")
	list := "(*" + defers + ")" // the list, through the pointer the runner is given
	usesDefers := false
	var findDefers func(n ast.Node)
	findDefers = func(n ast.Node) {
		inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.DeferStmt:
				usesDefers = true
				repl[m] = x.collectDefer(m, list)
				return false
			}
			return true
		})
	}
	if hasReturn && !retDeclared && len(results) > 0 && !named {
		return nil // checked before the body changes (it was after: "nil type")
	}
	findDefers(rs.Body)
	replaceStmt(rs.Body, repl)
	if usesDefers {
		// The runner takes the panic, if any, hands it to each collected call (a recover
		// in it takes it: collectDefer) and panics again with what none took. A call that
		// panics replaces the panic, and the calls before it still run, as deferred calls
		// do (_pb_run_deferred). It is given the list's pointer as its argument: a
		// deferred function literal ran on its function's frame as it is at the end (the
		// interpreter, before yaegi patch 221), where the loop's last pass declared the
		// list again (a range over a function inside a loop).
		decls = append(decls, fmt.Sprintf("%s := new([]func(any) any)", defers),
			fmt.Sprintf("defer func(_pbl *[]func(any) any) {\n_pbp := recover()\nfor i := len(*_pbl) - 1; i >= 0; i-- { _pbp = _pb_run_deferred((*_pbl)[i], _pbp) }\nif _pbp != nil { panic(_pbp) }\n}(%s)", defers))
	}
	if usesCtl {
		decls = append(decls, fmt.Sprintf("var %s int", ctl))
	}
	if hasReturn { // only a return sets ctl to 1 (no bail-out once the body changed)
		ret := "return"
		if retDeclared {
			ret = "return " + strings.Join(retVars, ", ")
			for i, v := range retVars {
				decls = append(decls, fmt.Sprintf("var %s %s", v, results[i]))
			}
		}
		after = append([]string{fmt.Sprintf("if %s == 1 { %s }", ctl, ret)}, after...)
	}
	decls = append(decls, fmt.Sprintf("var %s int", state))
	src := strings.Join(decls, "\n") + "\n_pbX_seq(func(" + strings.Join(params, ", ") + ") bool {\n" +
		fmt.Sprintf("if %s != 0 { panic(_pb_range_continued(%s)) }\n", state, state) +
		strings.Join(assign, "\n") + "\n_pbX_body\nreturn _pb_true\n})\n" + state + " = 2\n" + strings.Join(after, "\n")
	tm.stmts = map[string][]ast.Stmt{"_pbX_body": rs.Body.List}
	out := tm.statements("%s", src)
	// A function body that ends in a call is fine; wrap in a block to keep names local.
	if !usesCtl && !usesDefers {
		if len(out) == 1 {
			return out
		}
	}
	return []ast.Stmt{&ast.BlockStmt{Lbrace: pos, List: out, Rbrace: rs.End()}}
}

// collectDefer returns the statements that replace a defer statement in the body of a
// range-over-func loop (the body runs in the function the iterator calls, not in the
// enclosing function): the function value and the arguments are evaluated now, as a
// defer statement evaluates them, and a call of them is added to the list defers, which
// the enclosing function runs when it returns (rangeFunc). A deferred function literal
// that calls recover takes the panic that the list's runner hands on: recover() in it
// (not in functions it calls, nor in nested literals) becomes a read of that panic.
func (x *cell) collectDefer(m *ast.DeferStmt, defers string) []ast.Stmt {
	call := m.Call
	tm := tmpl{pos: m.Defer, exprs: map[string]ast.Expr{}}
	var names, values []string // temporaries set when the defer statement runs
	fun := "_pbX_fun"
	tm.exprs[fun] = call.Fun
	declared := false // a function value: its body's recover() is out of reach
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.FuncLit:
		if x.isMethodForwarder(f) {
			// bindCall's literal for a deferred method call (defer t.M()): the method
			// may call recover, deferred for real below as a declared function is
			// (the interpreter's recover looks through the literal, yaegi patch 221).
			declared = true
			break
		}
		x.recoverFromList(f.Body)
	case *ast.Ident:
		if _, isFunc := x.info.Uses[f].(*types.Func); isFunc {
			// A declared function, named where the call is made: a recover() in it
			// takes the panic only when the interpreter makes its function value in
			// the frame that defers it (below), not where the defer statement runs.
			declared = true
			break
		}
		if !x.isBuiltin(f) {
			t := x.tmp("df")
			names, values, fun = append(names, t), append(values, "_pbX_fun"), t
			declared = true
		}
	default:
		t := x.tmp("df")
		names, values, fun = append(names, t), append(values, "_pbX_fun"), t
		declared = true
	}
	var args []string
	for i, a := range call.Args {
		ph := fmt.Sprintf("_pbX_arg%d", i)
		tm.exprs[ph] = a
		tv, ok := x.info.Types[a]
		if ok && (tv.Value != nil || tv.IsNil() || tv.IsType()) {
			args = append(args, ph) // a constant keeps the type the call gives it
			continue
		}
		if id, isIdent := a.(*ast.Ident); isIdent && !ok && x.info.Uses[id] == nil {
			// A name the rewrite wrote (bindCall): a temporary already bound at the
			// defer statement, or a variable of an enclosing loop that a deferred
			// function literal takes as a parameter (loopParams) and must see as the
			// loop's body leaves it (x *= 2 after the defer statement), as the
			// literal's closure would: the collected call reads it when it runs.
			args = append(args, ph)
			continue
		}
		n := 1
		if tuple, isTuple := tv.Type.(*types.Tuple); ok && isTuple {
			n = tuple.Len() // f(g()) with g of several results
		}
		var ts []string
		for k := 0; k < n; k++ {
			ts = append(ts, x.tmp("da"))
		}
		names = append(names, ts...)
		values = append(values, ph)
		args = append(args, ts...)
	}
	ell := ""
	if call.Ellipsis.IsValid() {
		ell = "..."
	}
	src := ""
	if len(names) > 0 {
		src = strings.Join(names, ", ") + " := " + strings.Join(values, ", ") + "\n"
	}
	callSrc := fmt.Sprintf("%s(%s%s)", fun, strings.Join(args, ", "), ell)
	if declared {
		// A function value (a declared function, a method value) may call recover
		// itself: it is deferred for real in a function that panics with the panic to
		// hand on, if any, so that its recover() takes it, and what is left is returned.
		src += fmt.Sprintf("%s = append(%s, func(_pbp any) (_pbr any) {\ndefer func() { _pbr = recover() }()\ndefer %s\nif _pbp != nil {\npanic(_pbp)\n}\nreturn nil\n})", defers, defers, callSrc)
	} else {
		src += fmt.Sprintf("%s = append(%s, func(_pbp any) any {\n%s\nreturn _pbp\n})", defers, defers, callSrc)
	}
	return []ast.Stmt{&ast.BlockStmt{Lbrace: m.Defer, List: tm.statements("%s", src), Rbrace: m.End()}}
}

// isMethodForwarder reports whether f is the function literal bindCall makes for a
// deferred method call: `func(_pb_recv T, ...) { _pb_recv.M(...) }`, its parameters
// names the rewrite wrote.
func (x *cell) isMethodForwarder(f *ast.FuncLit) bool {
	ps := f.Type.Params
	if ps == nil || len(ps.List) == 0 || len(ps.List[0].Names) == 0 {
		return false
	}
	id := ps.List[0].Names[0]
	return id.Name == "_pb_recv" && x.rewriteMade(id)
}

// rewriteMade reports whether id is a name the rewrite wrote, which the cell's check
// never saw: the recover() of the runner of an inner range-over-func loop's defers
// (rangeFunc), collected by the outer loop's, is the built-in.
func (x *cell) rewriteMade(id *ast.Ident) bool {
	return x.info.Uses[id] == nil && x.info.Defs[id] == nil
}

// isBuiltin reports whether id names a built-in function (which is no value).
func (x *cell) isBuiltin(id *ast.Ident) bool {
	_, ok := x.info.Uses[id].(*types.Builtin)
	return ok
}

// recoverFromList makes the calls of recover in a deferred function literal's body (not
// in nested literals) take the panic the runner of collectDefer hands on (_pbp).
func (x *cell) recoverFromList(body *ast.BlockStmt) {
	ed := &editor{
		enter: func(n ast.Node) bool {
			_, lit := n.(*ast.FuncLit)
			return !lit
		},
		expr: func(e ast.Expr) ast.Expr {
			call, ok := e.(*ast.CallExpr)
			if !ok || len(call.Args) != 0 {
				return e
			}
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "recover" && (x.isBuiltin(id) || x.rewriteMade(id)) {
				return parseExpr(call.Pos(), "func() any { _pbr := _pbp; _pbp = nil; return _pbr }()")
			}
			return e
		},
	}
	ed.node(body)
}
