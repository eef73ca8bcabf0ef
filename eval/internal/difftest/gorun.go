// Package difftest runs Go programs two ways, compiled by the Go toolchain and as
// notebook cells in fresh peerbook sessions, and compares what they print: the
// differential tester of issue 29, fed by the random programs of package gosmith.
//
// The Go side (RunGo) builds many programs into one binary per go build (each program
// a package of its own, its main renamed), runs the binary once per program, and caches
// each result under the user cache directory by the hash of the program and the
// toolchain's version. The session side (Pool) runs each program in a fresh eval.Session
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
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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
	version  string
	once     sync.Once
	err      error
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
		out, err := exec.Command("go", "version").Output()
		if err != nil {
			r.err = fmt.Errorf("go version: %w", err)
			return
		}
		r.version = strings.TrimSpace(string(out))
	})
	return r.version, r.err
}

func (r *GoRunner) key(src string) string {
	h := sha256.New()
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
// Programs are built batchSize to a binary; a batch that fails to build is built again
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

// progPackage is the name of program i's package in a batch; outputs name it "main".
func progPackage(i int) string { return "gsmithprog" + strconv.Itoa(i) }

var progQualifier = regexp.MustCompile(`(gsbatch/)?gsmithprog\d+\.`)

// runBatch builds the programs idx into one binary and runs each.
func (r *GoRunner) runBatch(ctx context.Context, srcs []string, idx []int, results []GoResult) error {
	dir, err := os.MkdirTemp("", "difftest-go")
	if err != nil {
		return fmt.Errorf("batch directory: %w", err)
	}
	defer os.RemoveAll(dir)
	var mainSrc strings.Builder
	mainSrc.WriteString("package main\n\nimport (\n\t\"os\"\n")
	for _, i := range idx {
		pkg, err := asPackage(srcs[i], progPackage(i))
		if err != nil {
			results[i] = GoResult{Failed: err.Error()}
			continue
		}
		if err := os.MkdirAll(filepath.Join(dir, progPackage(i)), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, progPackage(i), "main.go"), []byte(pkg), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(&mainSrc, "\t%q\n", "gsbatch/"+progPackage(i))
	}
	mainSrc.WriteString(")\n\nfunc main() {\n\tswitch os.Args[1] {\n")
	for _, i := range idx {
		if results[i].Failed == "" {
			fmt.Fprintf(&mainSrc, "\tcase %q:\n\t\t%s.Main()\n", strconv.Itoa(i), progPackage(i))
		}
	}
	mainSrc.WriteString("\t}\n}\n")
	files := map[string]string{
		"go.mod":  "module gsbatch\n\ngo 1.26\n",
		"main.go": mainSrc.String(),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	bin := filepath.Join(dir, "prog")
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, out)
	}
	// Package initialisation runs for every program of the batch each time: it must
	// print nothing (a program alone may).
	if res := runBinary(ctx, bin, "none"); len(idx) > 1 && (res.Exit != 0 || res.Stdout != "" || res.Stderr != "" || res.Panic != "") {
		return fmt.Errorf("the batch's initialisation prints or fails: %+v", res)
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.NumCPU())
	for _, i := range idx {
		if results[i].Failed != "" {
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			results[i] = runBinary(ctx, bin, strconv.Itoa(i))
		}()
	}
	wg.Wait()
	return nil
}

// asPackage turns program src (package main with func main) into package name with
// func Main.
func asPackage(src, name string) (string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", src, parser.SkipObjectResolution)
	if err != nil {
		return "", fmt.Errorf("parse: %w", err)
	}
	type edit struct {
		off  int
		old  string
		text string
	}
	edits := []edit{{fset.Position(f.Name.Pos()).Offset, "main", name}}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "main" {
			edits = append(edits, edit{fset.Position(fd.Name.Pos()).Offset, "main", "Main"})
		}
	}
	out := src
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		if !strings.HasPrefix(out[e.off:], e.old) {
			return "", errors.New("asPackage: unexpected source layout")
		}
		out = out[:e.off] + e.text + out[e.off+len(e.old):]
	}
	return out, nil
}

// runBinary runs one program of a batch binary.
func runBinary(ctx context.Context, bin, arg string) GoResult {
	ctx, cancel := context.WithTimeout(ctx, goTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, arg)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	res := GoResult{Stdout: progQualifier.ReplaceAllString(stdout.String(), "main.")}
	errText := progQualifier.ReplaceAllString(stderr.String(), "main.")
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
