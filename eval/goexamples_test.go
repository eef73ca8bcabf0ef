package eval_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/eval/internal/goexamples"
	"github.com/peerbook/peerbook/eval/internal/gosuite"
)

// The Example functions of Go's standard library ($GOROOT/src of the toolchain that builds
// peerbook) as a corpus: every example the selection takes (eval/internal/goexamples: an
// Output comment, an external test package, a program go/doc can make, nothing that needs
// the network, other processes, the machine or the package's files) runs as one cell in a
// fresh session, in a child process of its own (as TestGoSuite's programs do, with the same
// runner and classes), and its standard output must be the Output comment as go test
// compares it (spaces trimmed; lines sorted for "Unordered output").
//
// `go test ./eval -run TestGoExamples` runs a fixed sample (one example in
// goexamplesSample, chosen by a hash of its name); the full run, which prints the table of
// outcomes, is
//
//	go test ./eval -run '^TestGoExamples$' -goexamples.full -v [-gosuite.jobs 1]
//
// Examples known to fail are listed in testdata/goexamples/KNOWN_FAILURES.txt (the format of
// testdata/gosuite/KNOWN_FAILURES.txt); the test fails for a failure not listed, a listed
// example that passes, a wrong SILENT/LOUD label, and a pass count below the ratchet.

var (
	goexamplesFull    = flag.Bool("goexamples.full", false, "run every example of the selection, not the CI sample")
	goexamplesOnly    = flag.String("goexamples.example", "", "run only the examples whose name contains this")
	goexamplesTimeout = flag.Duration("goexamples.timeout", 60*time.Second, "how long one example may run")
	goexamplesKnown   = flag.Bool("goexamples.known", false, "run only the examples listed as known failures (which a fix fixed)")
	goexamplesList    = flag.Bool("goexamples.list", false, "print a known-failures line for each failure not listed (a draft of its reason)")
	goexamplesDetails = flag.Bool("goexamples.details", false, "print the details of known failures too")
)

// goexamplesSample: the CI run takes one example in goexamplesSample (hash of the name).
const goexamplesSample = 2

// The ratchets: the pass counts last measured (Go 1.26.8), raised as fixes land, never
// lowered to make room for a regression. The full selection and its CI sample.
const (
	minPassExamples       = 715
	minPassExamplesSample = 331
)

const goexamplesKnownFile = "testdata/goexamples/KNOWN_FAILURES.txt"

func TestGoExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("the standard library's examples run a session per example (skipped with -short)")
	}
	srcDir := filepath.Join(runtime.GOROOT(), "src")
	if _, err := os.Stat(filepath.Join(srcDir, "strings")); err != nil {
		t.Skipf("the standard library's sources are not installed with this toolchain (%v): nothing to run", err)
	}
	set, err := goexamples.Find(srcDir)
	if err != nil {
		t.Fatal(err)
	}
	known, err := gosuite.LoadKnown(goexamplesKnownFile)
	if err != nil {
		t.Fatal(err)
	}
	var examples []goexamples.Example
	for _, e := range set.Examples {
		if !strings.Contains(e.Name, *goexamplesOnly) {
			continue
		}
		if _, listed := known[e.Name]; *goexamplesKnown && !listed {
			continue
		}
		if *goexamplesFull || *goexamplesOnly != "" || *goexamplesKnown || gosuite.InSample(e.Name, goexamplesSample) {
			examples = append(examples, e)
		}
	}
	dir := t.TempDir() // the programs' sources, and the folder they run in
	programs := make([]gosuite.Program, len(examples))
	limits := make([]time.Duration, len(examples))
	for i, e := range examples {
		path := filepath.Join(dir, fmt.Sprintf("example%04d.go", i))
		if err := os.WriteFile(path, []byte(e.Source), 0o644); err != nil {
			t.Fatal(err)
		}
		programs[i], limits[i] = e.Program(path), *goexamplesTimeout
	}
	t.Setenv("TZ", goexamples.TZ) // the children's Local zone, as in package time's tests
	start := time.Now()
	results := runGoSuite(t, dir, programs, limits)
	stderr := map[string]string{} // what each example wrote to stderr, which go test does not compare
	for i, e := range examples {
		stderr[e.Name] = results[i].Stderr
		results[i] = e.Result(results[i])
	}
	rep := gosuite.Compare(programs, results, known)
	kind := "full run"
	switch {
	case *goexamplesKnown:
		kind = "known failures only"
	case !*goexamplesFull && *goexamplesOnly == "":
		kind = fmt.Sprintf("CI sample, one in %d", goexamplesSample)
	}
	t.Logf("the standard library's examples (%d of %d, %s): %d/%d pass (%.1f%%) in %s\n%s",
		len(examples), len(set.Examples), kind, rep.Table[gosuite.Pass], rep.Table.Total(),
		100*rep.Table.Rate(), time.Since(start).Round(time.Second), rep.Table)
	for _, c := range gosuite.Classes[1:] {
		if names := rep.Names(c); len(names) > 0 {
			t.Logf("%s (%d): %s", c, len(names), strings.Join(names, " "))
		}
	}
	t.Logf("slowest passing examples: %s", slowest(programs, results, rep, 5))
	for _, name := range gosuite.Sorted(rep.Details) {
		if _, listed := known[name]; *goexamplesDetails || !listed {
			detail := rep.Details[name]
			if e := stderr[name]; e != "" {
				detail += "stderr:\n" + e
			}
			t.Logf("%s (%s):\n%s", name, rep.Classes[name], detail)
		}
	}
	checkKnownList(t, rep, known, goexamplesKnownFile, *goexamplesList)
	if *goexamplesOnly != "" || *goexamplesKnown {
		return
	}
	min := minPassExamplesSample
	if *goexamplesFull {
		min = minPassExamples
	}
	if rep.Table[gosuite.Pass] < min {
		t.Errorf("%d examples pass, fewer than %d, the count last measured", rep.Table[gosuite.Pass], min)
	}
}
