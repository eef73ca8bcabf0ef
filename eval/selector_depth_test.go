package eval

import "testing"

// Patch 175: a selector names the shallowest field or method of its name. The
// interpreter counted a field's depth one too deep, so a field beside an embedded type
// with a method of that name (Go's test fixedbugs/bug372.go) was refused as an
// "ambiguous selector", and a field one level down beside a method two levels down too.
// The expected output is go run's.
func TestSelectorTakesTheShallowestFieldOrMethod(t *testing.T) {
	checkCorpusProgramBare(t, "field_shadows_promoted_method")
	checkCorpusProgram(t, "field_shadows_promoted_method")
}
