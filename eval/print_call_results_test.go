package eval

import "testing"

// The rewrite's printTuple: a printing function called with a call of several results
// as its only argument (fmt.Println(two()), two returning (V, bool) with V a String
// method) printed the results without their methods, "{1} true" for Go's "V<1> true",
// and an any result holding V as "{5}" (issue 29, found beside gosmith seed 13464's
// shrinking). Every printing function of fmt and log, deferred and in a goroutine; the
// expected output is go run's.
func TestPrintCallResults(t *testing.T) {
	checkCorpusProgram(t, "print_call_results")
}
