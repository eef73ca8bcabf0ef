package interp

// Calls first: the order in which gc evaluates an expression's operands (peerbook
// patches 112-115).
//
// Go evaluates the calls, method calls and receives of an expression in lexical order
// and leaves the order of the other operands unspecified; gc evaluates the calls first
// and the rest after them. So in `s[0] + f()`, `g(s[0], f())`, `S{a: s[0], b: f()}`
// and the assignment `s[i][f()] = g()`, with s empty, f (and g) run before the index
// panics, and an operand reads a variable as the calls left it. yaegi evaluated the
// operands in the order of the source. Patch 110 moved the destinations without calls
// after the values; splitDest moves the rest of a destination with calls there too,
// its calls kept before the values (patch 112); callsFirst rewires a composite literal
// (patch 113), an operator's operands and a call's arguments (patch 114), a return
// statement's results and a multiple assignment's values (patch 115): their outermost
// calls and receives first, then the rest, each piece wired as before.

// segment is a piece of code chained as one: it starts at start and ends at end, whose
// tnext is the next piece.
type segment struct {
	start, end *node
}

// wholeSegment is the segment of n's subtree as its own post-order wired it.
func wholeSegment(n *node) segment {
	return segment{start: n.start, end: n}
}

// splitDest splits dest, an assignment's destination with a call or a receive in it,
// into hoist, the segments of its outermost calls and receives in lexical order,
// evaluated before the assignment's values, and late, the chain of the rest of its
// code, evaluated after them. ok is false where dest has an operation with a call in it
// of a kind this does not rewire (a type assertion): such a destination keeps its
// place.
func splitDest(dest *node, sc *scope) (hoist, late []segment, ok bool) {
	var s callSplitter
	if !s.walk(dest, sc) {
		return nil, nil, false
	}
	return s.hoist, s.late, true
}

// callsFirst returns the order in which gc evaluates the children of n, a composite
// literal, an operator or a call with a call or a receive in them (patches 113, 114):
// the outermost calls and receives in lexical order, then the rest in the order of the
// source (`S{a: s[0], b: f()}` calls f before the index panics). A map literal, in
// them or n itself, is built in the order of the source among the calls, as gc does.
// ok is false where a child has a call inside an operation of a kind this does not
// rewire (a type assertion): n keeps the order of the source.
func callsFirst(n *node, sc *scope) (order []segment, ok bool) {
	if isMapLit(n) {
		return nil, false
	}
	return callsFirstOf(n.child, sc)
}

// callsFirstOf is callsFirst for the operands in child, evaluated one after the other
// (the results of a return statement, the values of an assignment: patch 115).
func callsFirstOf(child []*node, sc *scope) (order []segment, ok bool) {
	effects := false
	for _, c := range child {
		effects = effects || hasOrdered(c, sc) // peerbook patch 186: not only calls
	}
	if !effects {
		return nil, false
	}
	var s callSplitter
	for _, c := range child {
		if !s.walk(c, sc) {
			return nil, false
		}
	}
	return append(s.hoist, s.late...), true
}

// isMapLit reports whether n is a composite literal of a map.
func isMapLit(n *node) bool {
	return n.kind == compositeLitExpr && n.typ != nil && isMap(n.typ)
}

// isOrdered reports whether gc evaluates n in lexical order among the calls: a call,
// a built-in's included (`h(len(s), f())` passes the length from before f), not a
// conversion; a receive; a logical operator, `&&` or `||`, with or without a call in
// it (peerbook patch 240: gc's order pass computes it into a temporary where it
// stands, so `return b && c, g()` reads b before g and `return s[0]+1, f() && c,
// g()` reads s[0] after g; it was kept in the order of the source, or read after the
// calls); a map literal, which gc builds in its place among the calls, its elements
// in order.
func isOrdered(n *node, sc *scope) bool {
	switch {
	case isCopiedInPlace(n, sc): // peerbook patch 186
		return true
	case n.kind == callExpr && !n.child[0].isType(sc):
		return !isOperandFunc(n.child[0], sc)
	case n.action == aRecv:
		return true
	case n.kind == landExpr || n.kind == lorExpr:
		return true
	case isConvertedInPlace(n, sc):
		// peerbook patch 243: a value gc copies where it stands to convert it to an
		// interface (`h([2]int{s[0], 1}, g())` with h taking an any).
		return true
	}
	return isMapLit(n)
}

// hasOrdered reports whether n has a node in it that isOrdered, out of function
// literals and out of the declaration of a generic function's instance, which a call
// of it has as its function (peerbook patch 182: the calls in the instance's body
// made its call's arguments keep the order of the source), or a map entry whose key
// gc copies where it stands (keyFirst, peerbook patch 187).
func hasOrdered(n *node, sc *scope) bool {
	if isOrdered(n, sc) || isKeyFirstEntry(n) {
		return true
	}
	if n.kind == funcLit || n.kind == funcDecl {
		return false
	}
	for _, c := range n.child {
		if hasOrdered(c, sc) {
			return true
		}
	}
	return false
}

// hasLogical reports whether n has a logical operator in it, out of function literals:
// a destination with one has it evaluated before the values, as gc's order pass does
// (peerbook patch 242).
func hasLogical(n *node) bool {
	switch n.kind {
	case landExpr, lorExpr:
		return true
	case funcLit:
		return false
	}
	for _, c := range n.child {
		if hasLogical(c) {
			return true
		}
	}
	return false
}

// callSplitter splits code into its outermost calls and receives (hoist) and the chain
// of the rest (late).
type callSplitter struct {
	hoist, late []segment
}

// walk adds n's code to s; it reports false for an operation with a call in it whose
// wiring is not its children in order, then itself.
func (s *callSplitter) walk(n *node, sc *scope) bool {
	switch {
	case isOrdered(n, sc):
		s.hoist = append(s.hoist, wholeSegment(n))
		return true
	case isKeyFirstEntry(n):
		// peerbook patch 187: gc copies such a key where it stands among the calls
		// and reads the map after them.
		return s.walkMapRead(n, sc)
	case !hasOrdered(n, sc):
		s.late = append(s.late, wholeSegment(n))
		return true
	}
	switch n.kind {
	case indexExpr, selectorExpr, starExpr, parenExpr, binaryExpr, unaryExpr, compositeLitExpr, keyValueExpr, callExpr,
		addressExpr, sliceExpr:
		// A call here is a conversion (isOrdered).
		// Their post-order wires their children in order, then themselves. (peerbook
		// patch 183: an address, `&S{f()}`, and a slice expression, `s[i:f()]`, too:
		// they kept their place, so `return v[0], &S{N: f()}` panicked on the index
		// before f ran.)
		for _, c := range n.child {
			if !s.walk(c, sc) {
				return false
			}
		}
		s.late = append(s.late, segment{start: n, end: n})
		return true
	}
	return false
}

// isWiredOver reports whether a node of kind k runs no code of its own, so that
// wiring skips it as the start or the end of a chain (as wireChildren does).
func isWiredOver(k nkind) bool {
	switch k {
	case arrayType, chanType, chanTypeRecv, chanTypeSend, funcDecl, importDecl, mapType, basicLit, identExpr, typeDecl:
		return true
	}
	return false
}

// wireSegments chains the segments in the order given, then n: wireChildren for
// pieces of code that need not be whole subtrees.
func wireSegments(n *node, segs []segment) {
	var run []segment
	for _, s := range segs {
		if isWiredOver(s.end.kind) {
			continue
		}
		run = append(run, s)
	}
	if len(run) == 0 {
		return
	}
	n.start = run[0].start
	for i := 1; i < len(run); i++ {
		run[i-1].end.tnext = run[i].start
	}
	run[len(run)-1].end.tnext = n
}

// isOperandFunc reports whether fun, the function of a call, is one that
// Interpreter.SetOperandFuncs names: a declared function of that name.
func isOperandFunc(fun *node, sc *scope) bool {
	if fun.kind != identExpr || !fun.interp.operandFuncs[fun.ident] {
		return false
	}
	sym, _, ok := sc.lookup(fun.ident)
	return ok && sym.kind == funcSym // a declared function (a local one is a variable)
}
