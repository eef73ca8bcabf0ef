package eval

import "testing"

// Patch 158: a switch's default clause was swapped with the last clause before the
// clauses were wired, so a fallthrough into or out of a default that was not last went
// to the wrong clause, silently (`default: n++; fallthrough; case false: n++` counted
// 1; `case 1: ...; fallthrough; default: ...` ran the last case's body; Go's test
// switch.go). The clauses keep the order of the source, default tried last. A comma-ok
// status held in an interface (`var ok any; i, ok = <-c`, Go's test
// fixedbugs/issue16870.go) and a tagless switch's case of an interface type panicked
// in reflect (SetBool, Bool on an interface). The expected output is go run's.
func TestSwitchDefaultOrderAndInterfaceStatus(t *testing.T) {
	checkCorpusProgramBare(t, "switch_default_order_and_any_ok")
	checkCorpusProgram(t, "switch_default_order_and_any_ok")
}
