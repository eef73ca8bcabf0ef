package eval

import "testing"

// encoding/xml names an element by its value's type where nothing else names it; types
// declared in cells have no name at run time, so xml.Marshal of a cell struct failed
// ("xml: unsupported type: struct {...}", typeparam/issue48318.go of Go's test suite,
// issue 29) and a defined number type was named after a pool type. The rewrite passes
// the name (rewrite/xmlname.go, rt/xmlname.go). The expected output is go run's.
func TestXMLNamesCellTypes(t *testing.T) {
	checkCorpusProgram(t, "xml_type_names")
}

// A cell value held in an interface (xml.Marshal(any(p)), []any of them) is named by its
// dynamic type as Go names it: a defined number type was named after its pool type
// (<Float64_0> for Go's <Celsius>, silent) and a struct was refused. Expected output: go
// run's.
func TestXMLNamesCellTypesHeldInInterfaces(t *testing.T) {
	checkCorpusProgram(t, "xml_interface_type_names")
}
