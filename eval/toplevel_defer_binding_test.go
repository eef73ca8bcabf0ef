package eval

import "testing"

// A defer statement at a cell's top level evaluates the method value's receiver and a
// lone call argument at the statement, as Go does: the registered call read them when it
// ran, at the cell's end (`t := T{1}; defer t.Show(); t = T{2}` showed 2 for Go's 1; a
// loop's `defer ts[i].Show()` showed the last element's later value twice; `defer
// fmt.Println(get(&x))` called get at the end). deferWrapper (eval/toplevel.go) binds
// them with the cell's check: a receiver of the method's own receiver type or an
// interface, a field holding a function, an argument call of one result.
func TestTopLevelDeferBindsReceiverAndArguments(t *testing.T) {
	checkSessionFile(t, "toplevel_defer_binds_at_statement")
}
