package interp

import "reflect"

// Booleans held in interfaces (peerbook patch 158).
//
// The second value of a comma-ok form may be stored in a variable of an interface type
// (`var ok any; i, ok = <-c`, `_, ok = m[k]`, `_, ok = x.(T)`, Go's test
// fixedbugs/issue16870.go), and a tagless switch's case may be an interface holding a
// bool (`switch i := any(true); { case i: }` compares i with true, Go's test switch.go).
// yaegi called SetBool and Bool on the interface and panicked in reflect.

// setOk stores b into v, the status of a comma-ok form: a bool, or an interface.
func setOk(v reflect.Value, b bool) {
	if v.Kind() == reflect.Interface {
		v.Set(reflect.ValueOf(b))
		return
	}
	v.SetBool(b)
}

// isTrue reports whether v, a condition, is true: a bool, or an interface that holds
// the bool true (a tagless switch's case compares it with true).
func isTrue(v reflect.Value) bool {
	if v.Kind() == reflect.Interface {
		e := v.Elem()
		return e.IsValid() && e.Kind() == reflect.Bool && e.Bool()
	}
	return v.Bool()
}

// Switch statements try their cases in the order of the source and default last
// (peerbook patch 158). The default clause was swapped with the last one before the
// clauses were wired, so a fallthrough into or out of a default that was not last went
// to the wrong clause (`default: n++; fallthrough; case false: n++` ran one body).

// nextCase returns the clause of the switch sw that runs when the cases of clauses[i]
// do not match: the next clause with cases in the order of the source, else the
// default clause, else sw itself (the switch's end). i is -1 for the first one.
func nextCase(sw *node, clauses []*node, i int) *node {
	def := -1
	for j, c := range clauses {
		if isDefaultClause(sw, c) {
			def = j
			continue
		}
		if j > i {
			return c
		}
	}
	if def >= 0 && def != i {
		return clauses[def]
	}
	return sw
}

// isDefaultClause reports whether c, a clause of the switch sw, is its default clause.
func isDefaultClause(sw *node, c *node) bool {
	switch len(c.child) {
	case 0:
		return true
	case 1:
		if sw.kind == switchIfStmt {
			return true
		}
		return c.child[0].kind == caseBody
	}
	return false
}

// caseEntry returns the node where the code of c, a clause of the switch sw returned
// by nextCase (or sw itself), starts: its first case expression, or the body of the
// default clause.
func caseEntry(sw, c *node) *node {
	if c == sw {
		return c
	}
	if isDefaultClause(sw, c) {
		if len(c.child) == 0 {
			return c
		}
		return c.lastChild().start
	}
	return c.start
}
