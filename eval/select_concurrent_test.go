package eval

import "testing"

// Patch 97: goroutines running the same select statement at once each select on their
// own channels and send their own values. The cases were one slice per statement,
// filled in place by every run: about half the runs of the program, and 1 run in 3 of
// Go's test ken/chan.go, received or sent values for another goroutine. The race
// detector (go test -race) reports the old code's race on every run. The program runs
// two select statements in eight goroutines at once, each on channels of its own beside
// nil ones, and checks every value received and sent (Go prints 0); no select can block,
// whatever channels it is given, so one given another goroutine's cases cannot hang.
// The program: eval/testdata/corpus/select_concurrent_goroutines.go.
func TestSelectInConcurrentGoroutines(t *testing.T) {
	checkCorpusProgramBare(t, "select_concurrent_goroutines")
	checkCorpusProgram(t, "select_concurrent_goroutines")
}
