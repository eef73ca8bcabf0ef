package interp

import "reflect"

// A built-in called with the results of a call (peerbook patch 162).
//
// Go binds the results of g to the parameters of f in f(g()), for the built-ins too:
// copy(f(a)), delete(h(m)), print(f()), println(f()) (Go's tests
// fixedbugs/issue15992.go and fixedbugs/issue35576.go). The built-ins read their
// operands one per argument node: print(f()) printed f's first result only, and
// copy(f(a)) made the interpreter panic while compiling (index out of range).

// multiResults returns, for c, a call with several results, the code that reads each
// of them (where the call leaves them, as for the arguments of a call), and nil for
// any other operand.
func multiResults(c *node) []func(*frame) reflect.Value {
	if !isCall(c) || len(c.child) == 0 || c.child[0].typ == nil {
		return nil
	}
	var n int
	switch t := c.child[0].typ; {
	case t.cat == funcT:
		n = len(t.ret)
	case t.cat == valueT && t.rtype != nil && t.rtype.Kind() == reflect.Func:
		n = t.rtype.NumOut()
	}
	if n < 2 {
		return nil
	}
	values := make([]func(*frame) reflect.Value, n)
	for j := range values {
		ind := c.findex + j
		values[j] = func(f *frame) reflect.Value { return f.data[ind] }
	}
	return values
}

// builtinOperands returns the code that reads the operands of the built-in call n: one
// per argument, or the results of its only argument, a call with several.
func builtinOperands(n *node) []func(*frame) reflect.Value {
	child := n.child[1:]
	if len(child) == 1 {
		if values := multiResults(child[0]); values != nil {
			return values
		}
	}
	values := make([]func(*frame) reflect.Value, len(child))
	for i, c := range child {
		values[i] = genValue(c)
	}
	return values
}

// appendResults sets the code of n, append(f()): the slice and the values are f's
// results.
func appendResults(n *node, values []func(*frame) reflect.Value) {
	dest := genValueOutput(n, n.typ.rtype)
	next := getExec(n.tnext)
	n.exec = func(f *frame) bltn {
		s := values[0](f)
		elem := s.Type().Elem()
		vs := make([]reflect.Value, len(values)-1)
		for i, v := range values[1:] {
			x := v(f)
			if !x.Type().AssignableTo(elem) {
				x = x.Convert(elem)
			}
			vs[i] = x
		}
		dest(f).Set(reflect.Append(s, vs...))
		return next
	}
}

// resultTypes returns the types of the results of the only argument of the built-in
// call n where it is a call with several results, and nil otherwise.
func resultTypes(interp *Interpreter, sc *scope, n *node) []*itype {
	if len(n.child) != 2 || !isCall(n.child[1]) || len(n.child[1].child) == 0 {
		return nil
	}
	ft, err := nodeType(interp, sc, n.child[1].child[0])
	if err != nil || ft == nil {
		return nil
	}
	switch {
	case ft.cat == funcT && len(ft.ret) > 1:
		return ft.ret
	case ft.cat == valueT && ft.rtype != nil && ft.rtype.Kind() == reflect.Func && ft.rtype.NumOut() > 1:
		ts := make([]*itype, ft.rtype.NumOut())
		for i := range ts {
			ts[i] = valueTOf(ft.rtype.Out(i), withScope(sc))
		}
		return ts
	}
	return nil
}
