package rewrite_test

import (
	"context"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"io"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
	"github.com/peerbook/peerbook/eval/internal/rewrite/corpus"
	"github.com/peerbook/peerbook/eval/internal/rewrite/rt"
	"github.com/peerbook/peerbook/eval/internal/stdlib"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

var (
	update  = flag.Bool("update", false, "regenerate the corpus .out files with `go run`")
	only    = flag.String("snippet", "", "run only the corpus snippets whose name contains this")
	verbose = flag.Bool("details", false, "print the difference for every failing snippet")
)

const corpusDir = "../../testdata/corpus"

// snippetLimit bounds one snippet's run, under corpus.RunChild's 60 s so that the error
// says why: a guard against a hang, not a speed check (a snippet that allocates much,
// closure_identity_under_gc, took 10 s on a loaded 2-core machine).
const snippetLimit = 50 * time.Second

// snippetEnv names the snippet a re-executed test binary runs (see TestMain).
const snippetEnv = "PEERBOOK_REWRITE_CORPUS_SNIPPET"

// TestMain lets the test binary run one snippet in a child process: yaegi has failure
// modes (a panic in a goroutine, a fatal runtime error) that would kill the test.
func TestMain(m *testing.M) {
	if path := os.Getenv(snippetEnv); path != "" {
		os.Exit(runSnippetChild(path))
	}
	os.Exit(m.Run())
}

// runSnippetChild runs the program at path on a plain yaegi interpreter prepared by
// package rewrite: its output goes to stdout, an error to stderr with exit status 1.
func runSnippetChild(path string) int {
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := runOnYaegi(string(src), os.Stdout, snippetLimit); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

func runOnYaegi(src string, stdout *os.File, limit time.Duration) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("yaegi panicked: %v", p)
		}
	}()
	i := interp.New(interp.Options{Stdout: stdout, Stderr: os.Stderr})
	defer i.ReleaseNamedTypes() // the next snippet's interpreter takes the pool types again
	if err := i.Use(stdlib.Symbols); err != nil {
		return err
	}
	rw := rewrite.New()
	if err := rw.Prepare(i); err != nil {
		return fmt.Errorf("prepare: %w", err)
	}
	f, err := parser.ParseFile(i.FileSet(), "cell.go", src, parser.ParseComments)
	if err != nil {
		return err
	}
	if err := rw.File(i.FileSet(), f); err != nil {
		return fmt.Errorf("rewrite: %w", err)
	}
	startGoroutinesInCompiledCode(f)
	if os.Getenv("PEERBOOK_REWRITE_DUMP") != "" {
		printer.Fprint(os.Stderr, i.FileSet(), f)
	}
	prog, err := i.CompileAST(f)
	if err != nil {
		return fmt.Errorf("compile: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	if _, err := i.ExecuteWithContext(ctx, prog); err != nil {
		return fmt.Errorf("run: %w", err)
	}
	return nil
}

func TestCorpusOnYaegi(t *testing.T) {
	if *update {
		if err := corpus.Generate(context.Background(), corpusDir, runtime.NumCPU()); err != nil {
			t.Fatalf("generate corpus outputs: %v", err)
		}
	}
	corpus.Check(t, corpus.CheckOptions{Dir: corpusDir, Runner: "yaegi", Label: "plain yaegi + rewrite",
		Only: *only, Verbose: *verbose, Run: runChild})
}

func runChild(s corpus.Snippet) corpus.Outcome {
	return corpus.RunChild(s, snippetEnv, 6, "-test.run=^$")
}

var _ = io.Discard

// startGoroutinesInCompiledCode does to the program's go statements what the session does
// to a cell's (rewrite.IsolateGo, started by rt.Go): yaegi's own go statement crashes now
// and then (traefik/yaegi#1663).
func startGoroutinesInCompiledCode(f *ast.File) {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		_, isGo := n.(*ast.GoStmt)
		found = found || isGo
		return !found
	})
	if !found {
		return
	}
	rewrite.IsolateGo(f, rewrite.GoHooks{Start: "_pbgo.Go"})
	imp := &ast.GenDecl{Tok: token.IMPORT, Specs: []ast.Spec{&ast.ImportSpec{
		Name: ast.NewIdent("_pbgo"), Path: &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(rt.ImportPath)}}}}
	f.Decls = append([]ast.Decl{imp}, f.Decls...)
}
