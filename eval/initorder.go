package eval

import "strings"

// initOrderItems puts the var declarations of a cell in the order Go initialises package
// variables: a variable after the variables its initializer reads, directly or through
// the functions and methods of the cell it calls, and otherwise in the order written (the
// spec's "Package initialization"). The session runs a declaration whose initializer
// reads another variable of the cell as a statement (scopeCell), compiles a function that
// reads such a variable after it (plan), and both follow the items' order: in source
// order, `var report = build()` ran before the `var count = len(names)` that build reads,
// before build was compiled ("undefined: build"). Declarations are reordered among the
// places declarations hold between two statements; statements do not move, nor does a
// declaration cross one.
func initOrderItems(pc *parsedCell) {
	calls := map[string][]*item{} // a function's name, or ".M" for methods M, -> its items
	for _, it := range pc.items {
		if it.kernel || len(it.defs) == 0 {
			continue
		}
		switch it.kind {
		case chunkFunc:
			calls[it.defs[0]] = append(calls[it.defs[0]], it)
		case chunkMethod:
			if _, m, ok := strings.Cut(it.defs[0], "."); ok {
				calls["."+m] = append(calls["."+m], it)
			}
		}
	}
	// reads returns the names an item reads, through the functions it may call.
	reads := func(it *item) map[string]bool {
		out := map[string]bool{}
		seen := map[*item]bool{it: true}
		queue := []*item{it}
		for len(queue) > 0 {
			cur := queue[0]
			queue = queue[1:]
			for u := range cur.uses {
				out[u] = true
				for _, f := range calls[u] {
					if !seen[f] {
						seen[f] = true
						queue = append(queue, f)
					}
				}
			}
		}
		return out
	}
	changed := false
	sortRun := func(run []int) {
		if len(run) < 2 {
			return
		}
		items := make([]*item, len(run))
		for k, i := range run {
			items[k] = pc.items[i]
		}
		deps := make([]map[int]bool, len(items))
		for k, it := range items {
			r := reads(it)
			deps[k] = map[int]bool{}
			for j, other := range items {
				if j == k {
					continue
				}
				for _, d := range other.defs {
					if r[d] {
						deps[k][j] = true
					}
				}
			}
		}
		// Repeatedly the first declaration, in the order written, whose variables'
		// dependencies are initialised (the first left where they form a cycle, which
		// Go refuses and the check reports).
		done := make([]bool, len(items))
		var order []*item
		for len(order) < len(items) {
			pick := -1
			for k := range items {
				if done[k] {
					continue
				}
				if pick < 0 {
					pick = k
				}
				ready := true
				for j := range deps[k] {
					if !done[j] {
						ready = false
						break
					}
				}
				if ready {
					pick = k
					break
				}
			}
			done[pick] = true
			order = append(order, items[pick])
		}
		for k, i := range run {
			if pc.items[i] != order[k] {
				pc.items[i] = order[k]
				changed = true
			}
		}
	}
	var run []int
	for i, it := range pc.items {
		if it.kind == chunkVar {
			it.fromVar = true
		}
		switch {
		case it.kind == chunkStmt || it.kernel:
			sortRun(run)
			run = nil
		case it.kind == chunkVar:
			run = append(run, i)
		}
	}
	sortRun(run)
	if changed {
		for i, it := range pc.items {
			it.index = i
		}
	}
}
