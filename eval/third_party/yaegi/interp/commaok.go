package interp

// Declarations of the two values of a comma-ok form (peerbook patch 163).
//
// `var a, b any = any(nil).(bool)` at the top level made the interpreter panic while
// compiling ("nil type": the type of the expression was not known yet when the
// declarations were collected, Go's test fixedbugs/issue53619.go), and in a function it
// declared a bool and a bool where Go declares two variables of the declared type.

// commaOkType returns the type of the value of a comma-ok form whose expression (or, for
// a type assertion, the type asserted to) is n, computing it where it is not known yet.
func commaOkType(sc *scope, n *node) (*itype, error) {
	if n.typ != nil && !(n.action == aRecv && isChan(n.typ)) {
		return n.typ, nil
	}
	if n.action == aRecv {
		// A receive's value is of the channel's element type (the operation's type
		// may not be computed yet, or be the channel's when declared at the top
		// level).
		t, err := nodeType(n.interp, sc, n.child[0])
		if err != nil || t == nil {
			return t, err
		}
		return chanElement(t), nil
	}
	return nodeType(n.interp, sc, n)
}

// globalCommaOk sets again the code of the comma-ok form of n, a package-level
// declaration of two variables (var v, ok = m[k]), which compDefineX set when the
// declarations were collected, before the form's own post-order replaced it: the
// variables were never stored.
func globalCommaOk(n *node) {
	l := len(n.child) - 1
	switch src := n.child[l]; {
	case src.kind == indexExpr:
		src.gen = getIndexMap2
	case src.kind == unaryExpr && src.action == aRecv:
		src.gen = recv2
	case src.kind == typeAssertExpr:
		if n.child[0].ident == "_" {
			src.gen = typeAssertStatus
		} else {
			src.gen = typeAssertLong
		}
	}
}
