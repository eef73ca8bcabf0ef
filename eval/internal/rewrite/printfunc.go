package rewrite

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/rewrite/rt"
)

// Printing functions whose verbs are read when they run (rt.PrintFunc): calls with a
// format that is not a constant, with argument indexes, extra operands or a spread []any,
// and printing functions used as values.

// printFunc wraps a printing function (the function of a call, or a function value) in
// _pb_print_func(fun, format, id).(SIGNATURE): see rt.PrintFunc. It returns fun when its
// type cannot be written.
func (x *cell) printFunc(fun ast.Expr, format, id int) ast.Expr {
	tv, ok := x.info.Types[fun]
	if !ok {
		return fun
	}
	sig, ok := tv.Type.(*types.Signature)
	if !ok {
		return fun
	}
	ts, ok := printSigText(sig)
	if !ok {
		return fun
	}
	tm := tmpl{pos: fun.Pos(), exprs: map[string]ast.Expr{"_pbX_f": fun}}
	out := tm.expr("_pb_print_func(_pbX_f, %d, %d).(%s)", format, id, ts)
	x.info.Types[out] = types.TypeAndValue{Type: sig}
	return out
}

// printSigText writes the type of a printing function of fmt or log (without its
// receiver), with io.Writer as the prelude's _pb_writer: a cell need not import io.
func printSigText(sig *types.Signature) (string, bool) {
	text := func(t types.Type) (string, bool) {
		s := types.TypeString(t, nil)
		switch s {
		case "io.Writer":
			return "_pb_writer", true
		case "string", "int", "error", "[]byte", "[]any", "any":
			return s, true
		case "[]interface{}":
			return "[]any", true
		case "interface{}":
			return "any", true
		}
		return "", false
	}
	var params, results []string
	for i := 0; i < sig.Params().Len(); i++ {
		pt := sig.Params().At(i).Type()
		s, ok := text(pt)
		if !ok {
			return "", false
		}
		if sig.Variadic() && i == sig.Params().Len()-1 {
			s = "..." + strings.TrimPrefix(s, "[]")
		}
		params = append(params, s)
	}
	for i := 0; i < sig.Results().Len(); i++ {
		s, ok := text(sig.Results().At(i).Type())
		if !ok {
			return "", false
		}
		results = append(results, s)
	}
	out := "func(" + strings.Join(params, ", ") + ")"
	switch len(results) {
	case 0:
	case 1:
		out += " " + results[0]
	default:
		out += " (" + strings.Join(results, ", ") + ")"
	}
	return out, true
}

// printFuncValue wraps a printing function used as a value (f := fmt.Printf, a method
// value l.Printf of a *log.Logger): its operands are shown when it is called, its format
// read then.
func (x *cell) printFuncValue(sel *ast.SelectorExpr) ast.Expr {
	pf, ok := printFuncs[x.calleeName(sel)]
	if !ok {
		return nil
	}
	if out := x.printFunc(sel, pf.format, rt.Register(x.desc(anyType))); out != sel {
		return out
	}
	return nil
}
