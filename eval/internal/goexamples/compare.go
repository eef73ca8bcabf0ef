package goexamples

import (
	"slices"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/gosuite"
)

// Normalize is what go test compares of an example's output (testing/example.go,
// processRunResult): the text with spaces trimmed at both ends and, for an unordered
// output, its lines sorted.
func Normalize(out string, unordered bool) string {
	out = strings.TrimSpace(out)
	if !unordered {
		return out
	}
	return strings.Join(slices.Sorted(strings.SplitSeq(out, "\n")), "\n")
}

// Matches reports whether a run that wrote stdout passes as go test says: its standard
// output, normalized, is the Output comment, normalized. (go test captures only standard
// output; what an example writes to standard error is not compared.)
func (e Example) Matches(stdout string) bool {
	return Normalize(stdout, e.Unordered) == Normalize(e.Output, e.Unordered)
}

// Program is e as a program of the gosuite runner and its table: path is where its source
// was written, and the expected output is the normalized Output (see Result).
func (e Example) Program(path string) gosuite.Program {
	return gosuite.Program{Name: e.Name, Path: path, Source: e.Source, Want: Normalize(e.Output, e.Unordered)}
}

// Result is r, the result of e run as a cell, as gosuite.Classify must see it to class it
// as go test does: the standard output normalized, the standard error left out.
func (e Example) Result(r gosuite.Result) gosuite.Result {
	r.Stdout, r.Stderr = Normalize(r.Stdout, e.Unordered), ""
	return r
}

// TZ is the time zone the examples run in: package time's test binary sets its Local zone
// to US Pacific before any example runs (time/internal_test.go calls
// ForceUSPacificForTesting), and its examples' Output says -0800 PST. A program gets that
// Local zone from the environment variable TZ=America/Los_Angeles; the examples of other
// packages do not depend on the zone (their Output would differ from one machine to the
// next).
const TZ = "America/Los_Angeles"
