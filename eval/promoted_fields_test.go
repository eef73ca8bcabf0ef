package eval

import (
	"os"
	"testing"
)

// Patch 116: in a struct with a named field of type S next to an embedded S (`type T
// struct { Named S; S }`), t.A read and wrote t.Named.A: the search for a promoted
// field went into every struct-typed field, the named one first, and then skipped the
// embedded S as a type already seen (found by the random programs, issue 29, seed
// 712). Only embedded fields promote. The expected output is go run's.
func TestPromotedFieldsBesideNamedFieldOfSameType(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/smith_promoted_fields_named_beside.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/corpus/smith_promoted_fields_named_beside.out")
	if err != nil {
		t.Fatal(err)
	}
	if got := yaegiStdout(t, string(src)); got != string(want) {
		t.Errorf("bare interpreter: got\n%s\nwant (go run)\n%s", got, want)
	}
	if got := cellStdout(t, string(src)); got != string(want) {
		t.Errorf("cell: got\n%s\nwant (go run)\n%s", got, want)
	}
}
