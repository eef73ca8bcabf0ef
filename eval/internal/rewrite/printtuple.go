package rewrite

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
)

// printTuple rewrites a call of a printing function whose only argument is a call of
// several results (fmt.Println(f()), fmt.Sprint(f()), fmt.Printf(f())) as a function
// literal that takes the results as its parameters and passes them to the printing
// function as operands of their own, which printCall then wraps as it wraps any operand:
//
//	func(_pb_r0 T0, _pb_r1 T1) (int, error) { return fmt.Println(_pb_r0, _pb_r1) }(f())
//
// printCall saw one operand of a tuple type and left it alone, so a result of a cell type
// printed without its String or Error method (`fmt.Println(two())` with two returning
// (V, bool) and V a String method: `{0} true` for Go's `vstr true`). The results are
// evaluated where the call was, once, as arguments are. It returns nil where no result
// needs printCall's help, or where a type cannot be written in the cell.
func (x *cell) printTuple(call *ast.CallExpr, pf struct{ format, first int }) ast.Expr {
	if len(call.Args) != 1 || call.Ellipsis.IsValid() {
		return nil
	}
	tup, ok := x.typeOf(call.Args[0]).(*types.Tuple)
	if !ok || tup.Len() < 2 {
		return nil
	}
	need := false
	var params []string
	var operands []ast.Expr
	pos := call.Lparen
	for i := 0; i < tup.Len(); i++ {
		t := tup.At(i).Type()
		if i >= pf.first && x.needsHelp(t, nil) {
			need = true
		}
		ts, ok := x.c.typeString(t)
		if !ok {
			return nil
		}
		name := fmt.Sprintf("_pb_r%d", i)
		params = append(params, name+" "+ts)
		id := &ast.Ident{NamePos: pos, Name: name}
		x.info.Types[id] = types.TypeAndValue{Type: t}
		operands = append(operands, id)
	}
	if !need {
		return nil
	}
	// The printing function's own results, which the literal returns.
	var results []string
	switch rt := x.typeOf(call).(type) {
	case nil:
	case *types.Tuple:
		for i := 0; i < rt.Len(); i++ {
			ts, ok := x.c.typeString(rt.At(i).Type())
			if !ok {
				return nil
			}
			results = append(results, ts)
		}
	default:
		ts, ok := x.c.typeString(rt)
		if !ok {
			return nil
		}
		results = append(results, ts)
	}
	res := strings.Join(results, ", ")
	if len(results) > 1 {
		res = "(" + res + ")"
	}
	inner := &ast.CallExpr{Fun: call.Fun, Lparen: pos, Args: operands, Rparen: call.Rparen}
	if tv, ok := x.info.Types[call]; ok {
		x.info.Types[inner] = tv
	}
	var printed ast.Expr = inner
	if out := x.printCall(inner); out != nil {
		printed = out
	}
	lit := parseExpr(pos, "func(%s) %s {}", strings.Join(params, ", "), res).(*ast.FuncLit)
	if len(results) > 0 {
		lit.Body.List = []ast.Stmt{&ast.ReturnStmt{Return: pos, Results: []ast.Expr{printed}}}
	} else {
		lit.Body.List = []ast.Stmt{&ast.ExprStmt{X: printed}}
	}
	return &ast.CallExpr{Fun: lit, Lparen: pos, Args: call.Args, Rparen: call.Rparen}
}
