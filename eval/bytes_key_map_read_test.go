package eval

import "testing"

// A map read by a key converted from a []byte, `m[string(b)]`, is looked up where it
// stands among the statement's calls, as gc does (yaegi patch 188): `ms[string(bs)] +
// f()` with f changing bs and ms read the new entry (-26 for Go's 1). The expected
// output is go run's (the same under -race), in a cell and on a bare interpreter.
func TestBytesKeyMapRead(t *testing.T) {
	checkCorpusProgram(t, "bytes_key_map_read")
	checkCorpusProgramBare(t, "bytes_key_map_read")
}
