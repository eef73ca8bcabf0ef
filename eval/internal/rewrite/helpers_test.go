package rewrite_test

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
	"github.com/peerbook/peerbook/eval/internal/stdlib"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

// lockedBuffer is a bytes.Buffer safe for the goroutines of a program.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// session is an interpreter prepared by a Rewriter, for running cells.
type session struct {
	t   *testing.T
	i   *interp.Interpreter
	rw  *rewrite.Rewriter
	out *lockedBuffer
	n   int
}

func newSession(t *testing.T) *session {
	t.Helper()
	out := &lockedBuffer{}
	// yaegi writes panic traces to stderr: only stdout is compared.
	i := interp.New(interp.Options{Stdout: out, Stderr: &lockedBuffer{}})
	t.Cleanup(i.ReleaseNamedTypes)
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	rw := rewrite.New()
	if err := rw.Prepare(i); err != nil {
		t.Fatalf("Prepare: %v", err)
	}
	return &session{t: t, i: i, rw: rw, out: out}
}

// file rewrites and runs a file of package main (the package clause is added when
// missing); a func main in it runs. It returns what the file printed.
func (s *session) file(src string) (string, error) {
	s.t.Helper()
	if !strings.HasPrefix(strings.TrimSpace(src), "package") {
		src = "package main\n" + src
	}
	s.n++
	f, err := parser.ParseFile(s.i.FileSet(), "cell.go", src, parser.ParseComments)
	if err != nil {
		s.t.Fatalf("parse: %v", err)
	}
	if err := s.rw.File(s.i.FileSet(), f); err != nil {
		return "", fmt.Errorf("rewrite: %w", err)
	}
	return s.run(f)
}

// cell rewrites and runs declarations and top-level statements, as a session does:
// the declarations first, then the statements as a block.
func (s *session) cell(decls, stmts string) (string, error) {
	s.t.Helper()
	s.n++
	// One file name for all cells: yaegi scopes imports by file name.
	name := "cell.go"
	var df *ast.File
	var err error
	if decls != "" {
		df, err = parser.ParseFile(s.i.FileSet(), name, "package main\n"+decls, parser.ParseComments)
		if err != nil {
			s.t.Fatalf("parse declarations: %v", err)
		}
	}
	var block *ast.BlockStmt
	if stmts != "" {
		sf, err := parser.ParseFile(s.i.FileSet(), name, "package main\nfunc _() {\n"+stmts+"\n}", parser.ParseComments)
		if err != nil {
			s.t.Fatalf("parse statements: %v", err)
		}
		block = sf.Decls[0].(*ast.FuncDecl).Body
	}
	if err := s.rw.Cell(s.i.FileSet(), df, block); err != nil {
		return "", fmt.Errorf("rewrite: %w", err)
	}
	before := len(s.out.String())
	if df != nil {
		if _, err := s.run(df); err != nil {
			return "", err
		}
	}
	if block != nil {
		if _, err := s.run(block); err != nil {
			return "", err
		}
	}
	return s.out.String()[before:], nil
}

func (s *session) run(n ast.Node) (out string, err error) {
	before := len(s.out.String())
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("yaegi panicked: %v", p)
		}
	}()
	prog, err := s.i.CompileAST(n)
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := s.i.ExecuteWithContext(ctx, prog); err != nil {
		return s.out.String()[before:], err
	}
	return s.out.String()[before:], nil
}

// expect runs a program in a fresh session and compares its output.
func expect(t *testing.T, src, want string) {
	t.Helper()
	s := newSession(t)
	got, err := s.file(src)
	if err != nil {
		t.Fatalf("run: %v\noutput so far: %q", err, got)
	}
	if got != want {
		t.Errorf("output:\n%s\nwant:\n%s", got, want)
	}
}
