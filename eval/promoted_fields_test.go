package eval

import "testing"

// Patch 116: in a struct with a named field of type S next to an embedded S (`type T
// struct { Named S; S }`), t.A read and wrote t.Named.A: the search for a promoted
// field went into every struct-typed field, the named one first, and then skipped the
// embedded S as a type already seen (found by the random programs, issue 29, seed
// 712). Only embedded fields promote. The expected output is go run's.
func TestPromotedFieldsBesideNamedFieldOfSameType(t *testing.T) {
	checkCorpusProgramBare(t, "smith_promoted_fields_named_beside")
	checkCorpusProgram(t, "smith_promoted_fields_named_beside")
}
