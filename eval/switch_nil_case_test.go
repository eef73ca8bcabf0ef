package eval

import "testing"

// Yaegi patch 94: `case nil` of an expression switch whose tag is a slice, a map, a func,
// a pointer or a channel matches when the tag is nil. It never matched: the nil literal
// is an empty interface's zero, and the tag converted to that interface differed from
// it, status ok (Go's test fixedbugs/issue53635.go).
// The program: eval/testdata/corpus/switch_case_nil.go.
func TestSwitchCaseNilMatchesNilTag(t *testing.T) {
	checkCorpusProgram(t, "switch_case_nil")
}
