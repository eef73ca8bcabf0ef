package interp_test

// yaegi's own test programs, run against this patched copy: ../_test holds yaegi v0.16.1's
// _test folder as upstream shipped it (Apache 2.0, see ../LICENSE; restored unchanged, the
// data of upstream's TestFile in interp/interp_file_test.go). Each NAME.go whose last
// comment is "Output:" (the expected standard output, compared with spaces trimmed at both
// ends) or "Error:" (text the compile or run error must contain) is checked as upstream
// checks it: evaluated with EvalPath from this folder, with the standard library's symbols
// (peerbook's tables for Go 1.26, eval/internal/stdlib, in place of upstream's for Go
// 1.21-1.22) and the interpreter's own symbols; a "GOPATH:dir" line names the GOPATH of
// programs that import packages of ../_test. Upstream also loaded its unsafe symbols:
// this copy has none (peerbook refuses unsafe in cells), so programs importing unsafe fail
// to compile here.
//
// Programs known to fail are listed, with the reason, in testdata/upstream_known_failures.txt
// (the format of eval/internal/gosuite.LoadKnown: SILENT when the program runs without an
// error and prints something else, LOUD otherwise). The test fails for a failure not listed,
// a listed program that passes, a wrong label, and a pass count below minUpstreamPass.
//
// The programs run in child processes (this test binary again), several programs each, so
// that a program that crashes the process (a stack overflow) or never ends loses only
// itself: the parent sees which program a child was running and starts another child for
// the rest.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/peerbook/peerbook/eval/internal/gosuite"
	"github.com/peerbook/peerbook/eval/internal/stdlib"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

var (
	upstreamOnly    = flag.String("upstream.program", "", "run only the upstream programs whose name contains this")
	upstreamDetails = flag.Bool("upstream.details", false, "print the details of known failures too")
)

// minUpstreamPass is the ratchet: the pass count last measured, raised as fixes land, never
// lowered to make room for a regression.
const minUpstreamPass = 885

const (
	upstreamDir   = "../_test"
	upstreamKnown = "testdata/upstream_known_failures.txt"
	// upstreamListEnv names the file listing the programs a child runs.
	upstreamListEnv = "PEERBOOK_YAEGI_UPSTREAM_LIST"
	// upstreamGoPathEnv names the GOPATH of the programs without a GOPATH line.
	upstreamGoPathEnv = "PEERBOOK_YAEGI_UPSTREAM_GOPATH"
	// upstreamLimit is how long one program may run; a child that reports nothing for
	// longer than that and a margin is killed.
	upstreamLimit = 10 * time.Second
)

// upstreamProgram is one program of ../_test with what it must give.
type upstreamProgram struct {
	name, path string
	want       string // trimmed
	wantError  bool   // want is text of the error
	goPath     string
}

// upstreamResult is what a child reports for one program.
type upstreamResult struct {
	Name     string `json:"name"`
	Start    bool   `json:"start,omitempty"` // the child starts this program
	Stdout   string `json:"stdout,omitempty"`
	Err      string `json:"err,omitempty"`
	Timeout  bool   `json:"timeout,omitempty"`
	Crash    string `json:"crash,omitempty"` // set by the parent: the child died running it
	Duration int64  `json:"ns,omitempty"`
}

// upstreamPrograms reads the programs of ../_test that have an expected outcome.
func upstreamPrograms(t *testing.T) []upstreamProgram {
	entries, err := os.ReadDir(upstreamDir)
	if err != nil {
		t.Fatal(err)
	}
	var ps []upstreamProgram
	for _, e := range entries {
		if e.IsDir() || filepath.Ext(e.Name()) != ".go" || !strings.Contains(e.Name(), *upstreamOnly) {
			continue
		}
		p := upstreamProgram{name: e.Name(), path: filepath.Join(upstreamDir, e.Name())}
		var ok bool
		p.want, p.goPath, p.wantError, ok = expectedOutcome(p.path)
		if ok {
			ps = append(ps, p)
		}
	}
	return ps
}

// expectedOutcome reads what a program must give from its last comment, as upstream does:
// "Output:" then the output, or "Error:" then the error's text, after an optional
// "GOPATH:dir" line. A program without one, or with an empty one, has none (ok false).
func expectedOutcome(path string) (want, goPath string, wantError, ok bool) {
	f, _ := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments)
	if f == nil || len(f.Comments) == 0 {
		return "", "", false, false
	}
	text := f.Comments[len(f.Comments)-1].Text()
	if rest, found := strings.CutPrefix(text, "GOPATH:"); found {
		dir, body, _ := strings.Cut(rest, "\n")
		wd, err := os.Getwd()
		if err != nil {
			return "", "", false, false
		}
		goPath, text = filepath.Join(wd, upstreamDir, dir), body
	}
	if out, found := strings.CutPrefix(text, "Output:\n"); found {
		want = strings.TrimSpace(out)
	} else if msg, found := strings.CutPrefix(text, "Error:\n"); found {
		want, wantError = strings.TrimSpace(msg), true
	}
	return want, goPath, wantError, want != ""
}

func TestUpstreamPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("yaegi's test programs run in child processes (skipped with -short)")
	}
	programs := upstreamPrograms(t)
	known, err := gosuite.LoadKnown(upstreamKnown)
	if err != nil {
		t.Fatal(err)
	}
	// Upstream's tests expect the source at $GOPATH/src/github.com/traefik/yaegi (its
	// README: "install the source into $GOPATH/src/github.com/traefik/yaegi to pass all the
	// tests"): programs import the packages of _test by that path. A GOPATH of a link.
	goPath := t.TempDir()
	fork, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(goPath, "src", "github.com", "traefik"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(fork, filepath.Join(goPath, "src", "github.com", "traefik", "yaegi")); err != nil {
		t.Fatal(err)
	}
	t.Setenv(upstreamGoPathEnv, goPath)
	start := time.Now()
	results := runUpstream(t, programs)
	table := gosuite.Table{}
	classes := map[string]gosuite.Class{}
	var unexpected, fixed, mislabelled []string
	for i, p := range programs {
		r := results[i]
		c, detail := upstreamClass(p, r)
		table[c]++
		classes[p.name] = c
		k, listed := known[p.name]
		switch {
		case c == gosuite.Pass && listed:
			fixed = append(fixed, p.name)
		case c == gosuite.Pass:
		case !listed:
			unexpected = append(unexpected, p.name)
			t.Logf("%s (%s): %s", p.name, c, detail)
		default:
			if k.Silent != (c == gosuite.Silent) {
				mislabelled = append(mislabelled, p.name)
			}
			if *upstreamDetails {
				t.Logf("%s (%s): %s", p.name, c, detail)
			}
		}
	}
	t.Logf("yaegi v0.16.1's test programs on the patched interpreter: %d/%d pass (%.1f%%) in %s\n%s",
		table[gosuite.Pass], table.Total(), 100*table.Rate(), time.Since(start).Round(time.Second), table)
	for _, name := range unexpected {
		t.Errorf("%s fails (%s) and is not listed in %s", name, classes[name], upstreamKnown)
	}
	for _, name := range fixed {
		t.Errorf("%s passes: remove it from %s", name, upstreamKnown)
	}
	for _, name := range mislabelled {
		t.Errorf("%s is listed with the wrong label: it fails as %s", name, classes[name])
	}
	if *upstreamOnly == "" && table[gosuite.Pass] < minUpstreamPass {
		t.Errorf("%d programs pass, fewer than %d, the count last measured", table[gosuite.Pass], minUpstreamPass)
	}
}

// upstreamClass says how a program's result compares with what it must give.
func upstreamClass(p upstreamProgram, r upstreamResult) (gosuite.Class, string) {
	switch {
	case r.Crash != "":
		return gosuite.Crash, r.Crash
	case r.Timeout:
		return gosuite.Timeout, "still running after " + upstreamLimit.String()
	case p.wantError && r.Err == "":
		return gosuite.Silent, fmt.Sprintf("no error; want one containing %q (output %q)", p.want, r.Stdout)
	case p.wantError && !strings.Contains(r.Err, p.want):
		return gosuite.Loud, fmt.Sprintf("error %q; want one containing %q", r.Err, p.want)
	case p.wantError:
		return gosuite.Pass, ""
	case r.Err != "":
		return gosuite.Loud, fmt.Sprintf("error %q (output %q); want output %q", r.Err, r.Stdout, p.want)
	}
	// Upstream removes the program's path from the output (error messages a program prints).
	got := strings.ReplaceAll(strings.TrimSpace(r.Stdout), p.path+":", "")
	if got != p.want {
		return gosuite.Silent, fmt.Sprintf("output %q; want %q", got, p.want)
	}
	return gosuite.Pass, ""
}

// runUpstream runs the programs in children, NumCPU at a time, and returns their results
// in order.
func runUpstream(t *testing.T, programs []upstreamProgram) []upstreamResult {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	results := make([]upstreamResult, len(programs))
	workers := runtime.NumCPU()
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		var mine []int
		for i := w; i < len(programs); i += workers {
			mine = append(mine, i)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for len(mine) > 0 {
				mine = runUpstreamChild(t, exe, programs, mine, results)
			}
		}()
	}
	wg.Wait()
	return results
}

// runUpstreamChild starts a child for the programs todo (indices into programs), stores
// what it reports in results, and returns the programs left when it died or was killed
// (the one it was running has its crash or timeout recorded).
func runUpstreamChild(t *testing.T, exe string, programs []upstreamProgram, todo []int, results []upstreamResult) []int {
	list, err := os.CreateTemp(t.TempDir(), "list")
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range todo {
		fmt.Fprintln(list, programs[i].name)
	}
	list.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "-test.run=^TestUpstreamProgramsChild$")
	cmd.Env = append(os.Environ(), upstreamListEnv+"="+list.Name())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan upstreamResult)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			var r upstreamResult
			if json.Unmarshal(sc.Bytes(), &r) == nil && r.Name != "" {
				lines <- r
			}
		}
	}()
	byName := map[string]int{}
	for _, i := range todo {
		byName[programs[i].name] = i
	}
	done := map[int]bool{}
	running := -1
	watchdog := time.NewTimer(upstreamLimit + 20*time.Second)
	defer watchdog.Stop()
	left := func() []int {
		var rest []int
		for _, i := range todo {
			if !done[i] {
				rest = append(rest, i)
			}
		}
		return rest
	}
	for {
		select {
		case r, ok := <-lines:
			if !ok {
				err := cmd.Wait()
				if running >= 0 {
					results[running] = upstreamResult{Name: programs[running].name, Crash: fmt.Sprintf("%v: %s", err, crashLines(stderr.String()))}
					done[running] = true
				} else if rest := left(); len(rest) > 0 {
					t.Fatalf("a child ended with %d programs to run and none running: %v\n%s", len(rest), err, stderr.String())
				}
				return left()
			}
			i, mine := byName[r.Name]
			if !mine {
				t.Fatalf("a child reported %q, which it was not given", r.Name)
			}
			watchdog.Reset(upstreamLimit + 20*time.Second)
			if r.Start {
				running = i
				continue
			}
			results[i], done[i], running = r, true, -1
		case <-watchdog.C:
			cancel()
			_ = cmd.Wait()
			if running >= 0 {
				results[running] = upstreamResult{Name: programs[running].name, Timeout: true}
				done[running] = true
			}
			for range lines { // the reader's last lines
			}
			return left()
		}
	}
}

// crashLines picks why a Go process died from its stderr.
func crashLines(stderr string) string {
	ls := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
	for i, l := range ls {
		if strings.HasPrefix(l, "fatal error:") || strings.HasPrefix(l, "panic:") || strings.HasPrefix(l, "runtime:") {
			return strings.Join(ls[i:min(i+3, len(ls))], "\n")
		}
	}
	return strings.Join(ls[max(0, len(ls)-4):], "\n")
}

// TestUpstreamProgramsChild is the child process of TestUpstreamPrograms: it runs the
// programs its list names, one after another, and writes one JSON line before and one
// after each.
func TestUpstreamProgramsChild(t *testing.T) {
	listPath := os.Getenv(upstreamListEnv)
	if listPath == "" {
		t.Skip("the child process of TestUpstreamPrograms")
	}
	data, err := os.ReadFile(listPath)
	if err != nil {
		t.Fatal(err)
	}
	// Upstream's TestFile sets it: os.Stdout and friends may be the interpreter's buffers.
	t.Setenv("YAEGI_SPECIAL_STDIO", "1")
	enc := json.NewEncoder(os.Stdout)
	for _, name := range strings.Fields(string(data)) {
		_ = enc.Encode(upstreamResult{Name: name, Start: true})
		r := runUpstreamProgram(filepath.Join(upstreamDir, name))
		r.Name = name
		_ = enc.Encode(r)
	}
	os.Exit(0) // goroutines the programs left must not hold the child
}

// runUpstreamProgram evaluates one program as upstream's runCheck does.
func runUpstreamProgram(path string) (r upstreamResult) {
	_, goPath, _, _ := expectedOutcome(path)
	if goPath == "" {
		goPath = os.Getenv(upstreamGoPathEnv)
	}
	var stdout, stderr lockedBuffer
	i := interp.New(interp.Options{GoPath: goPath, Stdout: &stdout, Stderr: &stderr})
	defer i.ReleaseNamedTypes()
	if err := i.Use(interp.Symbols); err != nil {
		return upstreamResult{Err: err.Error()}
	}
	if err := i.Use(stdlib.Symbols); err != nil {
		return upstreamResult{Err: err.Error()}
	}
	ctx, cancel := context.WithTimeout(context.Background(), upstreamLimit)
	defer cancel()
	start := time.Now()
	errc := make(chan error, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				errc <- fmt.Errorf("panic: %v", p)
			}
		}()
		_, err := i.EvalPathWithContext(ctx, path)
		errc <- err
	}()
	var err error
	select {
	case err = <-errc:
	case <-time.After(upstreamLimit + 2*time.Second):
		return upstreamResult{Timeout: true, Stdout: stdout.String()}
	}
	r = upstreamResult{Stdout: stdout.String(), Duration: int64(time.Since(start))}
	if err != nil {
		r.Err = strings.TrimSpace(err.Error())
		if ctx.Err() != nil {
			r.Timeout = true
		}
	}
	return r
}

// lockedBuffer is a bytes.Buffer that goroutines of a program may write at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
