package eval

import (
	"os"
	"testing"
)

// encoding/xml names an element by its value's type where nothing else names it; types
// declared in cells have no name at run time, so xml.Marshal of a cell struct failed
// ("xml: unsupported type: struct {...}", typeparam/issue48318.go of Go's test suite,
// issue 29) and a defined number type was named after a pool type. The rewrite passes
// the name (rewrite/xmlname.go, rt/xmlname.go). The expected output is go run's.
func TestXMLNamesCellTypes(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/xml_type_names.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/xml_type_names.out")
	if err != nil {
		t.Fatal(err)
	}
	if got := cellStdout(t, string(src)); got != string(want) {
		t.Errorf("cell: got\n%s\nwant (go run)\n%s", got, want)
	}
}
