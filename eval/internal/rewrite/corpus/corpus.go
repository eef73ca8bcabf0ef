// Package corpus loads the semantics corpus of eval/testdata/corpus: small Go programs
// (NAME.go, each a complete package main) with the output the real Go toolchain gave
// them (NAME.out), and the list of snippets known to fail in peerbook with the reason.
//
// It is shared by the two corpus tests: the one that runs snippets through a plain
// yaegi interpreter prepared by package rewrite, and the one that runs them through
// a peerbook session (package eval).
package corpus

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// KnownFailuresFile is the name, inside the corpus directory, of the list of snippets
// known to fail.
const KnownFailuresFile = "KNOWN_FAILURES.txt"

// Snippet is one program of the corpus.
type Snippet struct {
	Name   string // file name without extension
	Path   string // path of NAME.go
	Source string // the program
	Want   string // stdout of `go run NAME.go`; empty when NAME.out is missing
	HasOut bool   // whether NAME.out exists
}

// Load reads every NAME.go of dir with its NAME.out, sorted by name.
func Load(dir string) ([]Snippet, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, fmt.Errorf("list corpus %s: %w", dir, err)
	}
	sort.Strings(paths)
	var out []Snippet
	for _, p := range paths {
		s, err := LoadOne(dir, strings.TrimSuffix(filepath.Base(p), ".go"))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("corpus %s holds no snippets", dir)
	}
	return out, nil
}

// LoadOne reads the snippet NAME.go of dir with its NAME.out.
func LoadOne(dir, name string) (Snippet, error) {
	p := filepath.Join(dir, name+".go")
	src, err := os.ReadFile(p)
	if err != nil {
		return Snippet{}, fmt.Errorf("read snippet: %w", err)
	}
	s := Snippet{Name: name, Path: p, Source: string(src)}
	want, err := os.ReadFile(filepath.Join(dir, name+".out"))
	switch {
	case err == nil:
		s.Want, s.HasOut = string(want), true
	case !errors.Is(err, os.ErrNotExist):
		return Snippet{}, fmt.Errorf("read expected output of %s: %w", name, err)
	}
	return s, nil
}

// CellSource turns a program into a notebook cell: a cell has no package clause (the
// line stays, blank, so that positions do not move).
func CellSource(src string) string {
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "package ") {
			lines[i] = ""
			break
		}
	}
	return strings.Join(lines, "\n")
}

// Known lists snippets that are known to fail for one runner, with the reason.
type Known map[string]string

// LoadKnown reads dir/KNOWN_FAILURES.txt for the given runner ("session" or "yaegi").
// Each non-blank line that does not start with '#' reads
//
//	RUNNERS NAME: reason
//
// where RUNNERS is "all", "session" or "yaegi" (comma separated), NAME a snippet name.
// A missing file means no known failures.
func LoadKnown(dir, runner string) (Known, error) {
	f, err := os.Open(filepath.Join(dir, KnownFailuresFile))
	if errors.Is(err, os.ErrNotExist) {
		return Known{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("open known failures: %w", err)
	}
	defer f.Close()
	known := Known{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		runners, rest, ok := strings.Cut(line, " ")
		name, reason, ok2 := strings.Cut(strings.TrimSpace(rest), ":")
		if !ok || !ok2 || strings.TrimSpace(reason) == "" {
			return nil, fmt.Errorf("%s:%d: want \"RUNNERS NAME: reason\", got %q", KnownFailuresFile, n, line)
		}
		for _, r := range strings.Split(runners, ",") {
			switch r {
			case "all", "session", "yaegi":
			default:
				return nil, fmt.Errorf("%s:%d: unknown runner %q (want all, session or yaegi)", KnownFailuresFile, n, r)
			}
			if r == "all" || r == runner {
				known[strings.TrimSpace(name)] = strings.TrimSpace(reason)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read known failures: %w", err)
	}
	return known, nil
}

// Generate runs every snippet of dir with `go run` (the toolchain on PATH) and writes
// its standard output to NAME.out. A snippet that fails to build, exits non-zero or
// writes to stderr is an error: the corpus holds only programs that run cleanly.
func Generate(ctx context.Context, dir string, parallel int) error {
	snippets, err := Load(dir)
	if err != nil {
		return err
	}
	if parallel < 1 {
		parallel = 1
	}
	var (
		mu   sync.Mutex
		errs []error
		wg   sync.WaitGroup
		sem  = make(chan struct{}, parallel)
	)
	for _, s := range snippets {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			out, err := runGo(ctx, s.Path)
			if err == nil {
				err = os.WriteFile(strings.TrimSuffix(s.Path, ".go")+".out", out, 0o644)
			}
			if err != nil {
				mu.Lock()
				errs = append(errs, fmt.Errorf("%s: %w", s.Name, err))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

func runGo(ctx context.Context, path string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "run", filepath.Base(path))
	cmd.Dir = filepath.Dir(path)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go run: %w\n%s", err, stderr.String())
	}
	if stderr.Len() > 0 {
		return nil, fmt.Errorf("go run wrote to stderr:\n%s", stderr.String())
	}
	return stdout.Bytes(), nil
}

// SilentMark starts the reason of a known failure that gives a wrong answer with status
// ok (no error, other output than Go's); every other known failure fails with an error.
const SilentMark = "SILENT"

// MinPassRate is the pass rate below which Check fails over the whole corpus: a ratchet
// at the rate last measured (the goal is 97%), raised as fixes land, never lowered to
// make room for a regression.
const MinPassRate = 0.98

// Outcome is the result of running one snippet.
type Outcome struct {
	Name string
	Got  string
	Err  error // the runner's error (compile error, panic, timeout), if any
}

// Report compares outcomes with the snippets' expected output and the known failures.
type Report struct {
	Total, Passed int
	// Unexpected lists snippets that failed and are not in the known failures.
	Unexpected []string
	// Fixed lists known failures that passed: they should be unlisted.
	Fixed []string
	// Silent lists snippets that ran without an error and printed something else than
	// their expected output: wrong answers with status ok, which peerbook must never give.
	Silent []string
	// Mislabelled lists known failures whose reason starts with "SILENT" although they
	// failed with an error, or the other way round: the list must say which failures are
	// wrong answers.
	Mislabelled []string
	// Details has one description per failing snippet.
	Details map[string]string
}

// Rate is the fraction of snippets that passed.
func (r Report) Rate() float64 {
	if r.Total == 0 {
		return 0
	}
	return float64(r.Passed) / float64(r.Total)
}

// Compare builds a Report. A snippet passes when the runner returned no error and
// its output equals the expected output byte for byte.
func Compare(snippets []Snippet, outcomes []Outcome, known Known) Report {
	byName := map[string]Outcome{}
	for _, o := range outcomes {
		byName[o.Name] = o
	}
	r := Report{Details: map[string]string{}}
	for _, s := range snippets {
		o, ran := byName[s.Name]
		if !ran {
			continue
		}
		r.Total++
		_, isKnown := known[s.Name]
		if o.Err == nil && s.HasOut && o.Got == s.Want {
			r.Passed++
			if isKnown {
				r.Fixed = append(r.Fixed, s.Name)
			}
			continue
		}
		r.Details[s.Name] = describe(s, o)
		silent := o.Err == nil && s.HasOut
		if silent {
			r.Silent = append(r.Silent, s.Name)
		}
		if !isKnown {
			r.Unexpected = append(r.Unexpected, s.Name)
		} else if strings.HasPrefix(known[s.Name], SilentMark) != silent {
			r.Mislabelled = append(r.Mislabelled, s.Name)
		}
	}
	return r
}

func describe(s Snippet, o Outcome) string {
	var b strings.Builder
	if !s.HasOut {
		b.WriteString("no .out file (run the generator)\n")
	}
	if o.Err != nil {
		fmt.Fprintf(&b, "error: %v\n", o.Err)
	}
	if o.Got != s.Want {
		b.WriteString(Diff(s.Want, o.Got))
	}
	return b.String()
}

// Diff describes the first line where want and got differ, with a little context.
func Diff(want, got string) string {
	wl := strings.SplitAfter(want, "\n")
	gl := strings.SplitAfter(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\n  want %q\n  got  %q\n", i+1, w, g)
		}
	}
	return ""
}
