package rewrite

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// expressions runs the expression rewrites over a tree, innermost expressions first.
func (x *cell) expressions(root ast.Node) {
	explicit := map[ast.Expr]bool{} // generic functions already given type arguments
	called := map[ast.Expr]bool{}   // functions of calls
	commaOk := map[ast.Expr]bool{}  // type assertions with an ok result
	ed := &editor{
		enter: func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == 2 && len(n.Rhs) == 1 {
					commaOk[n.Rhs[0]] = true
				}
			case *ast.ValueSpec:
				if len(n.Names) == 2 && len(n.Values) == 1 {
					commaOk[n.Values[0]] = true
				}
			case *ast.CallExpr:
				called[ast.Unparen(n.Fun)] = true
			case *ast.IndexExpr:
				explicit[n.X] = true
			case *ast.IndexListExpr:
				explicit[n.X] = true
			}
			return true
		},
		// The call of a defer or go statement is no ast.Expr field: rewritten here (a
		// deferred fmt.Println of a []T with a String method printed the elements without
		// it).
		leave: func(n ast.Node) {
			var c **ast.CallExpr
			switch n := n.(type) {
			case *ast.DeferStmt:
				c = &n.Call
			case *ast.GoStmt:
				c = &n.Call
			default:
				return
			}
			if out, ok := x.call(*c).(*ast.CallExpr); ok && out != nil {
				*c = out
			}
		},
	}
	ed.expr = func(e ast.Expr) ast.Expr {
		var out ast.Expr
		switch e := e.(type) {
		case *ast.CallExpr:
			out = x.call(e)
		case *ast.BinaryExpr:
			if out = x.foldConst(e); out == nil {
				out = x.shiftOperand(e)
			}
		case *ast.UnaryExpr:
			out = x.foldConst(e)
		case *ast.SelectorExpr:
			if out = x.packageConst(e); out != nil {
				break
			}
			if !called[e] {
				if out = x.printFuncValue(e); out != nil {
					break
				}
			}
			if out = x.methodExpr(e); out == nil && !called[e] {
				out = x.methodValue(e)
			}
			if out == nil && !explicit[e] {
				out = x.instantiate(e, e.Sel, nil)
			}
			if out == nil && !explicit[e] {
				out = x.redirected(e)
			}
			if out == nil {
				out = x.redirectedType(e)
			}
		case *ast.Ident:
			if !explicit[e] {
				out = x.instantiate(e, e, nil)
			}
		case *ast.TypeAssertExpr:
			if !commaOk[e] {
				out = x.assertExpr(e)
			}
		case *ast.IndexExpr:
			out = x.instantiate(e.X, identOf(e.X), []ast.Expr{e.Index})
		case *ast.IndexListExpr:
			out = x.instantiate(e.X, identOf(e.X), e.Indices)
		}
		if out == nil {
			return e
		}
		if tv, ok := x.info.Types[e]; ok {
			x.info.Types[out] = tv
		}
		// The struct types the rewrite writes from go/types (type arguments, function
		// literals' parameters) get the tags structTags gave the cell's own, which
		// yaegi's types carry: x.(struct{ a, b T }) in a generic function asserted to
		// an untagged struct, another type than the caller's tagged struct{ a, b int }
		// (typeparam/dottype.go of Go's test suite).
		structTags(out)
		return out
	}
	ed.node(root)
}

func identOf(e ast.Expr) *ast.Ident {
	switch e := e.(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
}

// call rewrites calls of builtins yaegi lacks.
func (x *cell) call(call *ast.CallExpr) ast.Expr {
	if out := x.reflectCall(call); out != nil {
		return out
	}
	x.reflectPrintArgs(call)
	if out := x.printCall(call); out != nil {
		return out
	}
	x.reflectArg(call)
	x.templateData(call)
	if out := x.errorsAs(call); out != nil {
		return out
	}
	if out := x.errorsAsType(call); out != nil {
		return out
	}
	if out := x.randN(call); out != nil {
		return out
	}
	if out := x.jsonCall(call); out != nil {
		return out
	}
	if out := x.jsonEncodeCall(call); out != nil {
		return out
	}
	if out := x.xmlEncodeCall(call); out != nil {
		return out
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	if _, builtin := x.info.Uses[id].(*types.Builtin); !builtin {
		return nil
	}
	switch id.Name {
	case "min", "max":
		return x.minMax(call, id.Name)
	case "new":
		return x.newExpr(call)
	case "print", "println":
		if call.Ellipsis.IsValid() {
			return nil
		}
		line := "_pb_false"
		if id.Name == "println" {
			line = "_pb_true"
		}
		if len(call.Args) == 1 {
			if tuple, ok := x.typeOf(call.Args[0]).(*types.Tuple); ok {
				// print(f()) with f of several results: they are bound to the
				// variadic parameter of the function _pb_print_results returns (a
				// result of an interface type: the function literal below).
				if out := x.printResults(call, id, line, tuple); out != nil {
					return out
				}
			}
		}
		args := []ast.Expr{&ast.Ident{NamePos: call.Lparen, Name: line}}
		operand := func(a ast.Expr, t types.Type) ast.Expr {
			if t != nil && isTypeParam(t) {
				// An interface in some instances, not in others: decided when it runs.
				if ts, ok := x.c.typeString(t); ok {
					a = &ast.CallExpr{Fun: &ast.IndexExpr{X: &ast.Ident{NamePos: a.Pos(), Name: "_pb_print_param"}, Lbrack: a.Pos(), Index: &ast.Ident{NamePos: a.Pos(), Name: ts}, Rbrack: a.Pos()}, Lparen: a.Pos(), Args: []ast.Expr{a}, Rparen: a.End()}
				}
			} else if t != nil && types.IsInterface(t) {
				// The runtime prints an interface operand as its two words (rt.Iface).
				a = &ast.CallExpr{Fun: &ast.Ident{NamePos: a.Pos(), Name: "_pb_print_iface"}, Lparen: a.Pos(), Args: []ast.Expr{a}, Rparen: a.End()}
			}
			return a
		}
		if len(call.Args) == 1 {
			if tup, ok := x.typeOf(call.Args[0]).(*types.Tuple); ok {
				// println(f()) with f returning several values: its results are the
				// operands. A function literal takes them (func(r0 T0, r1 T1) {
				// _pb_print(line, r0, r1) }(f())), as _pb_print's first parameter
				// leaves no call of several values alone among its arguments.
				var params []string
				for i := 0; i < tup.Len(); i++ {
					ts, ok := x.c.typeString(tup.At(i).Type())
					if !ok {
						return nil
					}
					params = append(params, fmt.Sprintf("_pb_r%d %s", i, ts))
				}
				lit := parseExpr(call.Lparen, "func(%s) {}", strings.Join(params, ", ")).(*ast.FuncLit)
				for i := 0; i < tup.Len(); i++ {
					args = append(args, operand(&ast.Ident{NamePos: call.Lparen, Name: fmt.Sprintf("_pb_r%d", i)}, tup.At(i).Type()))
				}
				lit.Body.List = []ast.Stmt{&ast.ExprStmt{X: &ast.CallExpr{
					Fun: &ast.Ident{NamePos: id.NamePos, Name: "_pb_print"}, Lparen: call.Lparen, Args: args, Rparen: call.Rparen,
				}}}
				return &ast.CallExpr{Fun: lit, Lparen: call.Lparen, Args: call.Args, Rparen: call.Rparen}
			}
		}
		for _, a := range call.Args {
			args = append(args, operand(a, x.typeOf(a)))
		}
		return &ast.CallExpr{
			Fun:    &ast.Ident{NamePos: id.NamePos, Name: "_pb_print"},
			Lparen: call.Lparen, Args: args, Rparen: call.Rparen,
		}
	case "clear":
		if len(call.Args) != 1 {
			return nil
		}
		return &ast.CallExpr{
			Fun:    &ast.Ident{NamePos: id.NamePos, Name: "_pb_clear"},
			Lparen: call.Lparen, Args: call.Args, Rparen: call.Rparen,
		}
	}
	return nil
}

// minMax rewrites min and max: a constant result becomes its value, others a call of
// the prelude's _pb_min or _pb_max instantiated with the result type.
func (x *cell) minMax(call *ast.CallExpr, name string) ast.Expr {
	tv, ok := x.info.Types[call]
	if !ok || tv.Type == nil {
		return nil
	}
	if tv.Value != nil {
		return x.constExpr(tv.Value, tv.Type, call.Pos())
	}
	t, ok := x.typeExpr(tv.Type, call.Pos())
	if !ok {
		return nil
	}
	return &ast.CallExpr{
		Fun: &ast.IndexExpr{
			X:      &ast.Ident{NamePos: call.Pos(), Name: "_pb_" + name},
			Lbrack: call.Pos(), Index: t, Rbrack: call.Pos(),
		},
		Lparen: call.Lparen, Args: call.Args, Rparen: call.Rparen,
	}
}

// constSource is ConstLiteral for code the rewriter writes into a cell: Go's true and
// false by the prelude's names for them (_pb_true, _pb_false), which stay Go's where a
// cell declares true or false again.
func constSource(v constant.Value, t types.Type) string {
	if v.Kind() == constant.Bool {
		if constant.BoolVal(v) {
			return "_pb_true"
		}
		return "_pb_false"
	}
	return ConstLiteral(v, t)
}

// constExpr writes a constant of type t as an expression: a literal, converted to t
// when t is a typed type.
func (x *cell) constExpr(v constant.Value, t types.Type, pos token.Pos) ast.Expr {
	lit := parseExpr(pos, "%s", constSource(v, t))
	if b, ok := t.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		return lit
	}
	te, ok := x.typeExpr(t, pos)
	if !ok {
		return lit
	}
	return &ast.CallExpr{Fun: te, Lparen: pos, Args: []ast.Expr{lit}, Rparen: pos}
}

// newExpr rewrites Go 1.26's new(expr), a pointer to a new variable holding expr's
// value, which yaegi takes for new of expr's type (a pointer to zero):
//
//	func() *T { var _pb_v T = expr; return &_pb_v }()
func (x *cell) newExpr(call *ast.CallExpr) ast.Expr {
	if len(call.Args) != 1 {
		return nil
	}
	if tv, ok := x.info.Types[call.Args[0]]; !ok || tv.IsType() {
		return nil
	}
	tv, ok := x.info.Types[call]
	if !ok {
		return nil
	}
	pt, ok := tv.Type.(*types.Pointer)
	if !ok {
		return nil
	}
	ts, ok := x.c.typeString(pt.Elem())
	if !ok {
		return nil
	}
	tm := tmpl{pos: call.Pos(), exprs: map[string]ast.Expr{"_pbX_v": call.Args[0]}}
	return tm.expr("func() *%[1]s { var _pb_v %[1]s = _pbX_v; return &_pb_v }()", ts)
}

// foldConst replaces a constant operation whose type is a basic type (1<<63 + x, math.
// MaxUint64 > 0) with its value, computed by go/types: yaegi computes constants in
// int64 and float64, Go exactly.
func (x *cell) foldConst(e ast.Expr) ast.Expr {
	tv, ok := x.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() == constant.Unknown {
		return nil
	}
	if _, basic := tv.Type.(*types.Basic); !basic {
		return nil
	}
	return x.constExpr(tv.Value, tv.Type, e.Pos())
}

// shiftOperand gives the untyped constant left operand of a non-constant shift the type
// Go gives it, the type it would have if the shift were replaced by it alone (uint64 in
// `w & (1 << s)` with w a uint64): yaegi made it an int, which panicked when mixed with
// the uint64 or, converted afterwards, lost the bits of the wider or unsigned type.
func (x *cell) shiftOperand(e *ast.BinaryExpr) ast.Expr {
	if e.Op != token.SHL && e.Op != token.SHR {
		return nil
	}
	if tv, ok := x.info.Types[e]; !ok || tv.Value != nil {
		return nil
	}
	tv, ok := x.info.Types[e.X]
	if !ok || tv.Value == nil {
		return nil
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsUntyped != 0 || (b.Kind() == types.Int && tv.Type == types.Typ[types.Int]) {
		return nil
	}
	te, ok := x.typeExpr(tv.Type, e.X.Pos())
	if !ok {
		return nil
	}
	conv := &ast.CallExpr{Fun: te, Lparen: e.X.Pos(), Args: []ast.Expr{e.X}, Rparen: e.X.End()}
	x.info.Types[conv] = types.TypeAndValue{Type: tv.Type}
	return &ast.BinaryExpr{X: conv, OpPos: e.OpPos, Op: e.Op, Y: e.Y}
}

// packageConst replaces an untyped constant of a compiled package (math.MaxUint64,
// math.Pi) with its literal value: yaegi holds such constants as values of a Go type
// (math.MaxUint64 > 0 is false, complex(0, math.Pi) is refused), a literal is an untyped
// constant to it as to Go.
func (x *cell) packageConst(sel *ast.SelectorExpr) ast.Expr {
	c, ok := x.info.Uses[sel.Sel].(*types.Const)
	if !ok || c.Pkg() == nil || c.Pkg() == x.c.pkg {
		return nil
	}
	if _, isPkg := x.info.Uses[identOf(sel.X)].(*types.PkgName); !isPkg {
		return nil
	}
	tv, ok := x.info.Types[sel]
	if !ok || tv.Value == nil {
		return nil
	}
	if b, ok := tv.Type.(*types.Basic); !ok || b.Info()&types.IsUntyped == 0 {
		return nil
	}
	return x.constExpr(tv.Value, tv.Type, sel.Pos())
}

// instantiate gives a generic function its type arguments explicitly (yaegi infers
// them wrongly when a type parameter appears in several arguments, in function
// arguments or in variadic ones). fun is the function expression, id its identifier,
// given the explicit type arguments already written.
func (x *cell) instantiate(fun ast.Expr, id *ast.Ident, given []ast.Expr) ast.Expr {
	if id == nil {
		return nil
	}
	inst, ok := x.info.Instances[id]
	if !ok {
		return nil
	}
	if _, isFunc := x.info.Uses[id].(*types.Func); !isFunc {
		return nil
	}
	n := inst.TypeArgs.Len()
	base := fun
	if sel, ok := fun.(*ast.SelectorExpr); ok {
		if r := x.redirected(sel); r != nil {
			base = r
		}
	}
	if n == 0 || len(given) >= n {
		if base == fun {
			return nil
		}
		n = len(given)
	}
	fun = base
	args := append([]ast.Expr{}, given...)
	for i := len(given); i < n; i++ {
		t, ok := x.typeExpr(inst.TypeArgs.At(i), fun.Pos())
		if !ok {
			return nil
		}
		args = append(args, t)
	}
	switch len(args) {
	case 0:
		return fun
	case 1:
		return &ast.IndexExpr{X: fun, Lbrack: fun.End(), Index: args[0], Rbrack: fun.End()}
	}
	return &ast.IndexListExpr{X: fun, Lbrack: fun.End(), Indices: args, Rbrack: fun.End()}
}

// redirected returns the prelude's replacement of a package function (slices.Sort
// becomes _pb_slices_Sort), nil when there is none.
func (x *cell) redirected(sel *ast.SelectorExpr) ast.Expr {
	f, ok := x.info.Uses[sel.Sel].(*types.Func)
	if !ok || f.Pkg() == nil || !x.r.redirect[f.Pkg().Path()][f.Name()] {
		return nil
	}
	if _, isPkg := x.info.Uses[identOf(sel.X)].(*types.PkgName); !isPkg {
		return nil
	}
	return &ast.Ident{NamePos: sel.Sel.NamePos, Name: preludeName(f.Pkg().Path(), f.Name())}
}

// redirectedType returns the prelude's replacement of a package's generic type
// (atomic.Pointer becomes _pb_sync_atomic_Pointer), nil when there is none.
func (x *cell) redirectedType(sel *ast.SelectorExpr) ast.Expr {
	tn, ok := x.info.Uses[sel.Sel].(*types.TypeName)
	if !ok || tn.Pkg() == nil || !x.r.redirect[tn.Pkg().Path()][tn.Name()] {
		return nil
	}
	if _, isPkg := x.info.Uses[identOf(sel.X)].(*types.PkgName); !isPkg {
		return nil
	}
	return &ast.Ident{NamePos: sel.Sel.NamePos, Name: preludeName(tn.Pkg().Path(), tn.Name())}
}

// methodExpr rewrites a method expression T.M or (*T).M into a function literal that
// calls the method: yaegi gets these wrong.
func (x *cell) methodExpr(sel *ast.SelectorExpr) ast.Expr {
	s := x.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodExpr {
		return nil
	}
	sig, ok := s.Type().(*types.Signature)
	if !ok || sig.Params().Len() == 0 {
		return nil
	}
	var params, args, results []string
	for i := 0; i < sig.Params().Len(); i++ {
		pt := sig.Params().At(i).Type()
		if sig.Variadic() && i == sig.Params().Len()-1 {
			pt = pt.(*types.Slice).Elem()
		}
		ts, ok := x.c.typeString(pt)
		if !ok {
			return nil
		}
		name := fmt.Sprintf("_pb_p%d", i)
		if sig.Variadic() && i == sig.Params().Len()-1 {
			params = append(params, name+" ..."+ts)
			args = append(args, name+"...")
		} else {
			params = append(params, name+" "+ts)
			if i > 0 {
				args = append(args, name)
			}
		}
	}
	for i := 0; i < sig.Results().Len(); i++ {
		ts, ok := x.c.typeString(sig.Results().At(i).Type())
		if !ok {
			return nil
		}
		results = append(results, ts)
	}
	ret := ""
	if len(results) > 0 {
		ret = "return "
	}
	res := strings.Join(results, ", ")
	if len(results) > 1 {
		res = "(" + res + ")"
	}
	return parseExpr(sel.Pos(), "func(%s) %s { %s_pb_p0.%s(%s) }",
		strings.Join(params, ", "), res, ret, sel.Sel.Name, strings.Join(args, ", "))
}

// printResults rewrites print(f()) or println(f()), f a call of several results, as
// _pb_print_results(LINE)(f()); it returns nil where a result is of an interface type
// or a type parameter, which print writes otherwise than its value (the caller then
// binds the results in a function literal and prints each as its type asks).
func (x *cell) printResults(call *ast.CallExpr, id *ast.Ident, line string, tuple *types.Tuple) ast.Expr {
	for i := 0; i < tuple.Len(); i++ {
		if t := tuple.At(i).Type(); types.IsInterface(t) || isTypeParam(t) {
			return nil
		}
	}
	printer := &ast.CallExpr{
		Fun:    &ast.Ident{NamePos: id.NamePos, Name: "_pb_print_results"},
		Lparen: call.Lparen, Args: []ast.Expr{&ast.Ident{NamePos: call.Lparen, Name: line}}, Rparen: call.Lparen,
	}
	return &ast.CallExpr{Fun: printer, Lparen: call.Lparen, Args: call.Args, Rparen: call.Rparen}
}
