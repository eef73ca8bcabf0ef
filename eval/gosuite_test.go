package eval_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/peerbook/peerbook/eval"
	"github.com/peerbook/peerbook/eval/internal/gosuite"
)

// Go's own test suite ($GOROOT/test of the toolchain that builds peerbook) as a corpus:
// every program the selection takes (eval/internal/gosuite: "// run" programs, without
// build constraints, testing, command-line arguments, runtime or unsafe) runs as one cell in
// a fresh session, in a child process of its own (yaegi has fatal failure modes), and its
// output must be go run's (NAME.out, empty when there is none) with no error.
//
// `go test ./eval -run TestGoSuite` runs a fixed sample (one program in gosuiteSample,
// chosen by a hash of its name), which fits CI's time on two cores; the full run, which
// prints the table of outcomes, is
//
//	go test ./eval -run '^TestGoSuite$' -gosuite.full -v [-gosuite.set widened]
//
// Programs known to fail are listed in testdata/gosuite/KNOWN_FAILURES.txt (eligible set)
// and testdata/gosuite/KNOWN_FAILURES_WIDENED.txt (the programs only the widened set
// adds); the test fails for a failure not listed, a listed program that passes, a wrong
// SILENT/LOUD label, and a pass count below the ratchet.

var (
	gosuiteFull    = flag.Bool("gosuite.full", false, "run every program of the selection, not the CI sample")
	gosuiteSet     = flag.String("gosuite.set", "eligible", "the selection: eligible or widened")
	gosuiteOnly    = flag.String("gosuite.program", "", "run only the programs whose name contains this")
	gosuiteTimeout = flag.Duration("gosuite.timeout", 120*time.Second, "how long one program may run (a program listed as a timeout: 20 s, 3 s in the CI sample)")
	gosuiteJobs    = flag.Int("gosuite.jobs", runtime.NumCPU(), "programs run at once")
	gosuiteDetails = flag.Bool("gosuite.details", false, "print the details of known failures too")
	gosuiteList    = flag.Bool("gosuite.list", false, "print a known-failures line for each failure not listed (a draft of its reason)")
	gosuiteKnown   = flag.Bool("gosuite.known", false, "run only the programs listed as known failures (which a fix fixed)")
)

// gosuiteSample: the CI run takes one program in gosuiteSample (hash of the name).
const gosuiteSample = 4

// The time limits of the programs listed as timeouts: they must still not end within it,
// in the CI sample and in the full run. Other programs have -gosuite.timeout: the slowest
// that pass take 5-10 s on 2 loaded cores (atomicload.go, fixedbugs/issue31419.go), and
// fixedbugs/issue39541.go (a million calls of a reflect.MakeFunc) 40 s.
const (
	knownTimeoutLimitCI   = 3 * time.Second
	knownTimeoutLimitFull = 20 * time.Second
)

// The ratchets: the pass counts last measured, raised as fixes land, never lowered to make
// room for a regression. The full eligible set (786 programs with Go 1.26.8), its CI
// sample, and the full widened set.
const (
	minPassEligible       = 697
	minPassEligibleSample = 180
	minPassWidened        = 748
)

const gosuiteKnownDir = "testdata/gosuite"

// Environment of a child: the program to run, where to write its result, the time limit.
const (
	gosuiteProgramEnv = "PEERBOOK_GOSUITE_PROGRAM"
	gosuiteResultEnv  = "PEERBOOK_GOSUITE_RESULT"
	gosuiteLimitEnv   = "PEERBOOK_GOSUITE_LIMIT"
)

func TestGoSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("Go's test suite runs a session per program (skipped with -short)")
	}
	testDir := filepath.Join(runtime.GOROOT(), "test")
	if _, err := os.Stat(testDir); err != nil {
		t.Skipf("Go's test suite is not installed with this toolchain (%v): nothing to run", err)
	}
	sel, err := gosuite.ParseSelection(*gosuiteSet)
	if err != nil {
		t.Fatal(err)
	}
	suite, err := gosuite.Select(testDir, sel)
	if err != nil {
		t.Fatal(err)
	}
	known, err := gosuite.LoadKnown(filepath.Join(gosuiteKnownDir, "KNOWN_FAILURES.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if sel == gosuite.Widened {
		more, err := gosuite.LoadKnown(filepath.Join(gosuiteKnownDir, "KNOWN_FAILURES_WIDENED.txt"))
		if err != nil {
			t.Fatal(err)
		}
		for name, k := range more {
			known[name] = k
		}
	}
	var programs []gosuite.Program
	for _, p := range suite.Programs {
		if !strings.Contains(p.Name, *gosuiteOnly) {
			continue
		}
		if _, listed := known[p.Name]; *gosuiteKnown && !listed {
			continue
		}
		if *gosuiteFull || *gosuiteOnly != "" || *gosuiteKnown || gosuite.InSample(p.Name, gosuiteSample) {
			programs = append(programs, p)
		}
	}
	start := time.Now()
	limits := make([]time.Duration, len(programs))
	for i, p := range programs {
		limits[i] = *gosuiteTimeout
		if known[p.Name].Class == gosuite.Timeout {
			limits[i] = min(limits[i], knownTimeoutLimitFull)
			if !*gosuiteFull {
				limits[i] = min(limits[i], knownTimeoutLimitCI)
			}
		}
	}
	results := runGoSuite(t, testDir, programs, limits)
	rep := gosuite.Compare(programs, results, known)
	t.Logf("Go's test suite (%s set, %d programs of %d, %s): %d/%d pass (%.1f%%) in %s\n%s",
		sel, len(programs), len(suite.Programs), runKind(), rep.Table[gosuite.Pass], rep.Table.Total(),
		100*rep.Table.Rate(), time.Since(start).Round(time.Second), rep.Table)
	for _, c := range gosuite.Classes[1:] {
		if names := rep.Names(c); len(names) > 0 {
			t.Logf("%s (%d): %s", c, len(names), strings.Join(names, " "))
		}
	}
	t.Logf("slowest passing programs: %s", slowest(programs, results, rep, 5))
	for _, name := range gosuite.Sorted(rep.Details) {
		if _, listed := known[name]; *gosuiteDetails || !listed {
			t.Logf("%s (%s):\n%s", name, rep.Classes[name], rep.Details[name])
		}
	}
	checkKnownList(t, rep, known, gosuiteKnownDir, *gosuiteList)
	if *gosuiteOnly != "" || *gosuiteKnown {
		return
	}
	min := minPassEligibleSample
	switch {
	case sel == gosuite.Widened && *gosuiteFull:
		min = minPassWidened
	case sel == gosuite.Widened:
		return // the sample's ratchet is the eligible set's
	case *gosuiteFull:
		min = minPassEligible
	}
	if rep.Table[gosuite.Pass] < min {
		t.Errorf("%d programs pass, fewer than %d, the count last measured", rep.Table[gosuite.Pass], min)
	}
}

// slowest names the n passing programs whose cells ran longest, with their times.
func slowest(programs []gosuite.Program, results []gosuite.Result, rep gosuite.Report, n int) string {
	idx := make([]int, 0, len(programs))
	for i, p := range programs {
		if rep.Classes[p.Name] == gosuite.Pass {
			idx = append(idx, i)
		}
	}
	sort.Slice(idx, func(a, b int) bool { return results[idx[a]].Duration > results[idx[b]].Duration })
	var parts []string
	for _, i := range idx[:min(n, len(idx))] {
		parts = append(parts, fmt.Sprintf("%s %.2fs", programs[i].Name, results[i].Duration.Seconds()))
	}
	return strings.Join(parts, ", ")
}

func runKind() string {
	if *gosuiteKnown {
		return "known failures only"
	}
	if *gosuiteFull || *gosuiteOnly != "" {
		return "full run"
	}
	return fmt.Sprintf("CI sample, one in %d", gosuiteSample)
}

// runGoSuite runs each program in a child process, *gosuiteJobs at a time, programs[i]
// with the time limit limits[i].
func runGoSuite(t *testing.T, testDir string, programs []gosuite.Program, limits []time.Duration) []gosuite.Result {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	results := make([]gosuite.Result, len(programs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, *gosuiteJobs))
	for i, p := range programs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			results[i] = runGoSuiteChild(exe, testDir, filepath.Join(tmp, fmt.Sprintf("%d.json", i)), p, limits[i])
		}()
	}
	wg.Wait()
	return results
}

// runGoSuiteChild runs program p in a child process: this test binary again, running
// TestGoSuiteChild, which writes the cell's result to resultPath. A child that dies
// without writing it crashed; one still running 30 s after the cell's time limit is killed
// (the cell's interrupt did not stop it) and counted as a timeout.
func runGoSuiteChild(exe, testDir, resultPath string, p gosuite.Program, limit time.Duration) gosuite.Result {
	ctx, cancel := context.WithTimeout(context.Background(), limit+30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "-test.run=^TestGoSuiteChild$")
	cmd.Dir = testDir // where testdir runs the programs
	cmd.Env = append(os.Environ(),
		gosuiteProgramEnv+"="+p.Path,
		gosuiteResultEnv+"="+resultPath,
		gosuiteLimitEnv+"="+limit.String())
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	runErr := cmd.Run()
	data, err := os.ReadFile(resultPath)
	if err != nil {
		if ctx.Err() != nil {
			return gosuite.Result{TimedOut: true}
		}
		return gosuite.Result{Crash: fmt.Sprintf("%v: %s", runErr, crashReason(stderr.String()))}
	}
	var r gosuite.Result
	if err := json.Unmarshal(data, &r); err != nil {
		return gosuite.Result{Crash: fmt.Sprintf("unreadable result: %v", err)}
	}
	return r
}

// TestGoSuiteChild is the child process of TestGoSuite: it runs one program as a cell in a
// fresh session and writes the result as JSON.
func TestGoSuiteChild(t *testing.T) {
	path := os.Getenv(gosuiteProgramEnv)
	if path == "" {
		t.Skip("the child process of TestGoSuite")
	}
	limit, err := time.ParseDuration(os.Getenv(gosuiteLimitEnv))
	if err != nil {
		t.Fatal(err)
	}
	r := runGoSuiteProgram(path, limit)
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(os.Getenv(gosuiteResultEnv), data, 0o644); err != nil {
		t.Fatal(err)
	}
	// End here: goroutines the program left running must not outlive it, as they don't
	// in a program that returns from main.
	os.Exit(0)
}

// runGoSuiteProgram runs the program at path (package clause included, as a user pastes a
// program) as the one cell of a fresh session.
func runGoSuiteProgram(path string, limit time.Duration) gosuite.Result {
	src, err := os.ReadFile(path)
	if err != nil {
		return gosuite.Result{ErrName: "harness", ErrValue: err.Error()}
	}
	s, err := eval.New(eval.Options{})
	if err != nil {
		return gosuite.Result{ErrName: "harness", ErrValue: "new session: " + err.Error()}
	}
	out := &corpusOutput{}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	start := time.Now()
	_, err = s.Execute(ctx, eval.ExecuteRequest{Code: string(src), ExecutionCount: 1}, out)
	out.mu.Lock()
	r := gosuite.Result{Stdout: out.stdout.String(), Stderr: out.stderr.String(), Duration: time.Since(start)}
	out.mu.Unlock()
	if err != nil {
		var e *eval.Error
		if errors.As(err, &e) {
			r.ErrName, r.ErrValue = e.Name, eval.StripANSI(e.Value)
			r.Traceback = eval.StripANSI(strings.Join(e.Traceback, "\n"))
		} else {
			r.ErrName, r.ErrValue = "error", err.Error()
		}
		r.TimedOut = ctx.Err() != nil && r.ErrName == eval.NameInterrupted
	}
	return r
}

// crashReason finds why a Go process died in what it wrote to stderr: the line of the
// runtime's "fatal error: ...", "panic: ..." or "runtime: ..." and the next few, else the
// last lines.
func crashReason(stderr string) string {
	ls := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
	for i, l := range ls {
		if strings.HasPrefix(l, "fatal error:") || strings.HasPrefix(l, "panic:") || strings.HasPrefix(l, "runtime:") {
			return strings.Join(ls[i:min(i+4, len(ls))], "\n")
		}
	}
	return strings.Join(ls[max(0, len(ls)-6):], "\n")
}

// checkKnownList fails the test for each program whose outcome disagrees with the known
// list at file (a failure not listed, a listed one that passes, one that fails otherwise
// than its reason says) and, with draft, logs the lines to list the unlisted ones.
func checkKnownList(t *testing.T, rep gosuite.Report, known gosuite.Known, file string, draft bool) {
	t.Helper()
	for _, name := range rep.Unexpected {
		t.Errorf("%s fails (%s) and is not listed in %s", name, rep.Classes[name], file)
	}
	if draft && len(rep.Unexpected) > 0 {
		var b strings.Builder
		for _, name := range rep.Unexpected {
			label := gosuite.LoudLabel
			if rep.Classes[name] == gosuite.Silent {
				label = gosuite.SilentLabel
			}
			detail := strings.Join(strings.Fields(rep.Details[name]), " ")
			fmt.Fprintf(&b, "%s: %s %s: %s\n", name, label, rep.Classes[name], detail[:min(len(detail), 300)])
		}
		t.Logf("draft lines for %s:\n%s", file, b.String())
	}
	for _, name := range rep.Fixed {
		t.Errorf("%s passes: remove it from %s", name, file)
	}
	for _, name := range rep.Mislabelled {
		switch k := known[name]; {
		case rep.Classes[name] == gosuite.Silent && !k.Silent:
			t.Errorf("%s gives a wrong answer with status ok: start its reason with %s (or make it fail loudly)", name, gosuite.SilentLabel)
		case k.Silent:
			t.Errorf("%s now fails with an error (%s): its reason must not start with %s", name, rep.Classes[name], gosuite.SilentLabel)
		default:
			t.Errorf("%s fails as %s, not as its reason says (%s)", name, rep.Classes[name], k.Reason)
		}
	}
}
