package interp

// hasTypeArg reports whether the type expression n has in it a type argument put by
// genAST for a type parameter of a generic function (peerbook patch 159).
func hasTypeArg(n *node) bool {
	if n.typeArg {
		return true
	}
	for _, c := range n.child {
		if hasTypeArg(c) {
			return true
		}
	}
	return false
}
