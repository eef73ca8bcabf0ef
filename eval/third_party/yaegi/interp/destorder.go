package interp

// An assignment's destination with a call in it (peerbook patch 112).
//
// Go evaluates an assignment in two phases: first the operands of the index
// expressions and pointer indirections on the left and the expressions on the right,
// the calls and receives of both sides in lexical order; then it assigns. gc
// evaluates an operand that is no call (a variable, an index into a slice, a field
// through a pointer) after the calls: in `s[i][f()] = g()` with s empty, f and g run
// before the index panics. Patch 110 moved the destinations without calls after the
// values; splitDest moves the rest of a destination with calls there too, its calls
// and receives kept before the values.

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
// of a kind this does not rewire (a composite literal, a logical operator, a
// function literal's body): such a destination keeps its place.
func splitDest(dest *node, sc *scope) (hoist, late []segment, ok bool) {
	var walk func(n *node) bool
	walk = func(n *node) bool {
		switch {
		case !hasEffects(n, sc):
			late = append(late, wholeSegment(n))
			return true
		case n.kind == callExpr || n.action == aRecv:
			hoist = append(hoist, wholeSegment(n))
			return true
		}
		switch n.kind {
		case indexExpr, selectorExpr, starExpr, parenExpr, binaryExpr, unaryExpr:
			// Their post-order wires their children in order, then themselves.
			for _, c := range n.child {
				if !walk(c) {
					return false
				}
			}
			late = append(late, segment{start: n, end: n})
			return true
		}
		return false
	}
	if !walk(dest) {
		return nil, nil, false
	}
	return hoist, late, true
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
		if s.start == s.end && isWiredOver(s.end.kind) {
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
