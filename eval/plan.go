package eval

import (
	"go/ast"
	"sort"
	"strings"
)

// The plan stage of a cell (cellpath.go): its items ordered into steps, each compiled and
// run before the next is compiled (steps.go).

// stepKind tells how a step is compiled.
type stepKind int

const (
	stepDecls stepKind = iota // a file of declarations
	stepStmts                 // a block of statements
)

// step is one unit handed to yaegi: compiled, then run, before the next step is compiled.
type step struct {
	kind  stepKind
	items []*item
}

// defs returns the names the step defines.
func (s *step) defs() []string {
	var out []string
	for _, it := range s.items {
		out = append(out, it.defs...)
	}
	return out
}

// decideHoisting marks the declarations that are compiled before the statements run (see
// plan): those that depend on nothing the cell's statements define, nor, for var and const
// declarations, on a session variable.
func decideHoisting(pc *parsedCell, sessionVar func(string) bool) {
	stmtDefined := map[string]bool{}
	for _, it := range pc.items {
		if it.kind == chunkStmt {
			for _, d := range it.defs {
				stmtDefined[d] = true
			}
		}
	}
	for _, it := range pc.items {
		it.hoist = it.kind != chunkStmt && !it.kernel
	}
	notHoisted := func(name string) bool {
		if stmtDefined[name] {
			return true
		}
		for _, it := range pc.items {
			if it.kind != chunkStmt && !it.hoist && contains(it.defs, name) {
				return true
			}
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for _, it := range pc.items {
			if !it.hoist || it.kind == chunkImport {
				continue
			}
			for u := range it.uses {
				if strings.HasPrefix(u, ".") {
					continue
				}
				if notHoisted(u) || ((it.kind == chunkVar || it.kind == chunkConst) && sessionVar(u) && !definedBy(pc, u)) {
					it.hoist = false
					changed = true
					break
				}
			}
		}
	}
}

// plan orders a cell's items into steps: declarations that depend on nothing the cell's
// statements define are compiled first, together (as in a Go file, in any order); then the
// statements run top to bottom, with each remaining declaration compiled as soon as what it
// needs has been defined. sessionVar reports names that are variables of the session: a
// package-level var whose initializer reads one is run as a statement (yaegi cannot order
// the initialisation of package vars across separate evaluations). exists reports names the
// session defines: a statement that declares its variables beforehand (item.pre) starts a
// step when it redeclares one, so that the statements before it still see the old one.
func plan(pc *parsedCell, sessionVar, exists func(string) bool) []*step {
	decideHoisting(pc, sessionVar)
	delayInitAndMain(pc)
	var steps []*step
	var first step
	for _, it := range pc.items {
		if it.hoist {
			first.items = append(first.items, it)
		}
	}
	if len(first.items) > 0 {
		first.kind = stepDecls
		steps = append(steps, &first)
	}

	// anchor: index of the item after which a non-hoisted func or method can be compiled.
	definer := map[string]*item{}
	for _, it := range pc.items {
		if !it.hoist && !it.kernel {
			for _, d := range it.defs {
				definer[d] = it
			}
		}
	}
	anchor := map[*item]int{}
	var anchorOf func(it *item, depth int) int
	anchorOf = func(it *item, depth int) int {
		if a, ok := anchor[it]; ok {
			return a
		}
		if it.kind != chunkFunc && it.kind != chunkMethod {
			return it.index
		}
		a := -1
		anchor[it] = a // cycles end here
		if depth > len(pc.items) {
			return a
		}
		for u := range it.uses {
			if d, ok := definer[u]; ok && d != it {
				if x := anchorOf(d, depth+1); x > a {
					a = x
				}
			}
		}
		anchor[it] = a
		return a
	}
	// init functions run after the cell's var declarations, in order, and main after them
	// (the spec's "Program initialization and execution"): those delayed
	// (delayInitAndMain) are compiled after the last var declaration run as a statement,
	// after what they use, and main after every init.
	lastVar := -1
	for _, it := range pc.items {
		if it.fromVar && !it.hoist && it.index > lastVar {
			lastVar = it.index
		}
	}
	initAnchor := lastVar
	for _, it := range pc.items {
		if !it.hoist && isInitOrMain(it, "init") {
			if a := anchorOf(it, 0); a > initAnchor {
				initAnchor = a
			}
			anchor[it] = initAnchor
		}
	}
	for _, it := range pc.items {
		if !it.hoist && isInitOrMain(it, "main") {
			if a := anchorOf(it, 0); a > initAnchor {
				initAnchor = a
			}
			anchor[it] = initAnchor
		}
	}
	after := map[int][]*item{}
	var early []*item
	for _, it := range pc.items {
		if it.hoist || it.kernel || (it.kind != chunkFunc && it.kind != chunkMethod) {
			continue
		}
		if a := anchorOf(it, 0); a >= 0 {
			after[a] = append(after[a], it)
		} else {
			early = append(early, it)
		}
	}
	if len(early) > 0 {
		steps = append(steps, &step{kind: stepDecls, items: early})
	}
	cur := &step{kind: stepStmts}
	flush := func() {
		if len(cur.items) > 0 {
			steps = append(steps, cur)
			cur = &step{kind: stepStmts}
		}
	}
	definedNow := map[string]bool{}
	for _, it := range pc.items {
		if it.hoist || it.kernel || it.kind == chunkFunc || it.kind == chunkMethod {
			// placed elsewhere
		} else if it.hoisted != nil {
			// Its variables are declared (by yaegi's first pass over the step) before any
			// statement of the step runs.
			for _, d := range declaredBy(it.pre) {
				if definedNow[d] || exists(d) {
					flush()
					break
				}
			}
			cur.items = append(cur.items, it)
		} else {
			if it.kind == chunkStmt && len(it.defs) > 0 {
				for _, d := range it.defs {
					if definedNow[d] || exists(d) {
						flush() // the statements before it keep seeing the old one
						break
					}
				}
			}
			cur.items = append(cur.items, it)
			if it.kind == chunkStmt && len(it.defs) > 0 {
				// A statement that defines variables as written (not in a function literal,
				// see toplevel.go) ends its step: yaegi v0.16.1 reports "constant
				// definition loop" when a statement uses a variable that an earlier
				// statement of the same program defined from a compiled function's result.
				flush()
			}
		}
		for _, d := range it.defs {
			definedNow[d] = true
		}
		if fs := after[it.index]; len(fs) > 0 {
			flush()
			sort.SliceStable(fs, func(i, j int) bool { return fs[i].index < fs[j].index })
			steps = append(steps, &step{kind: stepDecls, items: fs})
		}
	}
	flush()
	return steps
}

// isInitOrMain reports whether it is the cell's func init (name "init") or func main.
func isInitOrMain(it *item, name string) bool {
	return it.kind == chunkFunc && !it.kernel && len(it.defs) == 1 && it.defs[0] == name
}

// delayInitAndMain keeps the cell's init functions and main out of the first step when a
// var declaration of the cell is not in it (it runs as a statement, or later): Go runs
// init functions after every package variable is initialised, in the order written, and
// main last. In the first step, an init that reads nothing late ran before a var
// declaration run later, before an init written above it that reads one, and main ran
// before that init.
func delayInitAndMain(pc *parsedCell) {
	late := false
	for _, it := range pc.items {
		if it.fromVar && !it.hoist {
			late = true
		}
	}
	if !late {
		for _, it := range pc.items {
			if isInitOrMain(it, "init") && !it.hoist {
				late = true
			}
		}
	}
	if !late {
		return
	}
	for _, it := range pc.items {
		if isInitOrMain(it, "init") || isInitOrMain(it, "main") {
			it.hoist = false
		}
	}
}

// declaredBy returns the names that var declaration statements declare.
func declaredBy(stmts []ast.Stmt) []string {
	var out []string
	for _, st := range stmts {
		out = append(out, stmtDefs(st)...)
	}
	return out
}

// definedBy reports whether an item of the cell defines name.
func definedBy(pc *parsedCell, name string) bool {
	for _, it := range pc.items {
		if contains(it.defs, name) {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
