// Package difftest runs Go programs two ways, compiled by the Go toolchain and as
// notebook cells in fresh peerbook sessions, and compares what they print: the
// differential tester of issue 29, fed by the random programs of package gosmith.
//
// The Go side (RunGo) builds many programs with one go build (each program its own
// package main and binary, so that type names print as main.T), runs each binary, and
// caches each result under the user cache directory by the hash of the program, the
// toolchain's version and the runner's (resultsVersion). The session side (Pool) runs each program in a fresh eval.Session
// inside a worker process, so that a program that kills the interpreter (a stack
// overflow) costs its worker, not the run. Compare classifies the two results; Shrink
// reduces a program that diverges to a small one that still does.
package difftest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
)

// GoResult is what a program did under the Go toolchain.
type GoResult struct {
	Stdout string `json:"-"`
	// Stderr is what the program wrote to standard error, the panic report left out.
	Stderr string `json:"-"`
	Exit   int    `json:"exit"`
	// Panic is the panic's message (what follows "panic: ", up to the goroutine
	// traces) when the program ended in a panic.
	Panic string `json:"panic,omitempty"`
	// Failed says the program could not be run (it did not build, or ran past the
	// time limit): there is nothing to compare with.
	Failed string `json:"failed,omitempty"`
	// The output as bytes in JSON (a string field would lose bytes that are not UTF-8).
	StdoutBytes []byte `json:"stdout"`
	StderrBytes []byte `json:"stderr"`
}

// goTimeout bounds one program's run under the toolchain.
const goTimeout = 10 * time.Second

// batchSize is how many programs one go build compiles.
const batchSize = 64

// GoRunner runs programs with the Go toolchain on PATH.
type GoRunner struct {
	// CacheDir holds results by program hash; "" means no cache.
	CacheDir string
	// Version, when not "", is the toolchain's version ("go version" prints it) whose
	// cached results are used, without asking the go command.
	Version string
	// CachedOnly runs nothing: a program without a cached result fails, saying so. With
	// Version, results computed where Go is are compared on a machine without it.
	CachedOnly bool
	version    string
	once       sync.Once
	err        error
}

// NewGoRunner returns a runner whose results are cached under the user cache directory
// (peerbook/difftest), or not at all when that cannot be made.
func NewGoRunner() *GoRunner {
	r := &GoRunner{}
	if dir, err := os.UserCacheDir(); err == nil {
		r.CacheDir = filepath.Join(dir, "peerbook", "difftest")
	}
	return r
}

func (r *GoRunner) toolchain() (string, error) {
	r.once.Do(func() {
		if r.Version != "" {
			r.version = r.Version
			return
		}
		out, err := exec.Command("go", "version").Output()
		if err != nil {
			r.err = fmt.Errorf("go version: %w", err)
			return
		}
		r.version = strings.TrimSpace(string(out))
	})
	return r.version, r.err
}

// resultsVersion names how the runner gets its results; a change that alters them
// changes it, so that results cached before are not used. v2: each program its own
// package main (v1 renamed its package: %T printed another name).
const resultsVersion = "v2"

func (r *GoRunner) key(src string) string {
	h := sha256.New()
	h.Write([]byte(resultsVersion))
	h.Write([]byte{0})
	h.Write([]byte(r.version))
	h.Write([]byte{0})
	h.Write([]byte(src))
	return hex.EncodeToString(h.Sum(nil))[:32]
}

func (r *GoRunner) cached(src string) (GoResult, bool) {
	if r.CacheDir == "" {
		return GoResult{}, false
	}
	data, err := os.ReadFile(filepath.Join(r.CacheDir, r.key(src)+".json"))
	if err != nil {
		return GoResult{}, false
	}
	var res GoResult
	if json.Unmarshal(data, &res) != nil {
		return GoResult{}, false
	}
	res.Stdout, res.Stderr = string(res.StdoutBytes), string(res.StderrBytes)
	res.StdoutBytes, res.StderrBytes = nil, nil
	return res, true
}

func (r *GoRunner) store(src string, res GoResult) {
	if r.CacheDir == "" || res.Failed != "" {
		return
	}
	res.StdoutBytes, res.StderrBytes = []byte(res.Stdout), []byte(res.Stderr)
	data, err := json.Marshal(res)
	if err != nil {
		return
	}
	if os.MkdirAll(r.CacheDir, 0o755) != nil {
		return
	}
	// Written to a temporary file and renamed: a reader never sees half a result.
	path := filepath.Join(r.CacheDir, r.key(src)+".json")
	tmp, err := os.CreateTemp(r.CacheDir, ".tmp-*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), path) != nil {
		os.Remove(tmp.Name())
	}
}

// Run runs each program (a complete package main) and returns its results, in order.
// Programs are built batchSize to a go build; a batch that fails to build is built again
// one program at a time, so that one bad program fails alone.
func (r *GoRunner) Run(ctx context.Context, srcs []string) ([]GoResult, error) {
	if _, err := r.toolchain(); err != nil {
		return nil, err
	}
	results := make([]GoResult, len(srcs))
	var todo []int
	for i, src := range srcs {
		if res, ok := r.cached(src); ok {
			results[i] = res
		} else {
			todo = append(todo, i)
		}
	}
	if r.CachedOnly {
		for _, i := range todo {
			results[i] = GoResult{Failed: "no cached result from the Go toolchain (" + r.version + ")"}
		}
		return results, nil
	}
	var batches [][]int
	for len(todo) > 0 {
		n := min(batchSize, len(todo))
		batches = append(batches, todo[:n])
		todo = todo[n:]
	}
	// Batches build one after another (go build uses every core); their binaries run
	// while the next builds.
	for _, b := range batches {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := r.runBatch(ctx, srcs, b, results); err != nil {
			if len(b) == 1 {
				results[b[0]] = GoResult{Failed: err.Error()}
				continue
			}
			for _, i := range b {
				if err := r.runBatch(ctx, srcs, []int{i}, results); err != nil {
					results[i] = GoResult{Failed: err.Error()}
				}
			}
		}
	}
	for _, i := range allIndexes(len(srcs)) {
		r.store(srcs[i], results[i])
	}
	return results, nil
}

func allIndexes(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// progPackage is the folder of program i in a batch.
func progPackage(i int) string { return "p" + strconv.Itoa(i) }

// runBatch builds the programs idx with one go build, each its own package main and its
// own binary, and runs each. A program keeps its package name: a type prints as
// main.T, so what a program computes from a type's name (its length, its runes) is
// what go run gives.
func (r *GoRunner) runBatch(ctx context.Context, srcs []string, idx []int, results []GoResult) error {
	dir, err := os.MkdirTemp("", "difftest-go")
	if err != nil {
		return fmt.Errorf("batch directory: %w", err)
	}
	defer os.RemoveAll(dir)
	args := []string{"build", "-ldflags=-s -w", "-o", filepath.Join(dir, "bin") + string(filepath.Separator)}
	for _, i := range idx {
		if err := os.MkdirAll(filepath.Join(dir, progPackage(i)), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, progPackage(i), "main.go"), []byte(srcs[i]), 0o644); err != nil {
			return err
		}
		args = append(args, "./"+progPackage(i))
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module gsbatch\n\ngo 1.26\n"), 0o644); err != nil {
		return err
	}
	build := exec.CommandContext(ctx, "go", args...)
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, out)
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.NumCPU())
	for _, i := range idx {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			results[i] = runBinary(ctx, filepath.Join(dir, "bin", progPackage(i)))
		}()
	}
	wg.Wait()
	return nil
}

// runBinary runs one program's binary.
func runBinary(ctx context.Context, bin string) GoResult {
	ctx, cancel := context.WithTimeout(ctx, goTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	res := GoResult{Stdout: stdout.String()}
	errText := stderr.String()
	if ctx.Err() != nil {
		return GoResult{Failed: "ran past " + goTimeout.String()}
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		res.Exit = ee.ExitCode()
	} else if err != nil {
		return GoResult{Failed: err.Error()}
	}
	res.Stderr, res.Panic = splitPanic(errText)
	return res
}

// splitPanic separates a Go program's stderr into what the program wrote and the
// message of the panic that ended it ("" if none).
func splitPanic(stderr string) (string, string) {
	i := strings.Index(stderr, "panic: ")
	for i > 0 && stderr[i-1] != '\n' {
		j := strings.Index(stderr[i+1:], "panic: ")
		if j < 0 {
			return stderr, ""
		}
		i += 1 + j
	}
	if i < 0 {
		if k := strings.Index(stderr, "fatal error: "); k >= 0 && (k == 0 || stderr[k-1] == '\n') {
			msg := stderr[k:]
			if e := strings.Index(msg, "\n"); e >= 0 {
				msg = msg[:e]
			}
			return stderr[:k], msg
		}
		return stderr, ""
	}
	msg := stderr[i+len("panic: "):]
	if e := strings.Index(msg, "\n\ngoroutine "); e >= 0 {
		msg = msg[:e]
	}
	return stderr[:i], strings.TrimRight(msg, "\n")
}
