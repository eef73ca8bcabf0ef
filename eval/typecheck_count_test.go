package eval

import (
	"go/token"
	"testing"
)

// TestTypeChecksPerCell counts the go/types checks a cell costs: the session's check
// (cellTyper: precheck and the hoisting of top-level definitions share it) and the
// rewriter's (eval/internal/rewrite checks the cell as it will run, after hoisting). Each
// is made at most once per cell; importing a package for a hoisted variable's type and
// re-evaluating the dependents of a redefinition cost the rewriter more (no cell below does
// either).
func TestTypeChecksPerCell(t *testing.T) {
	s := newSession(t)
	cells := []struct {
		code          string
		typer, rewrit int // checks wanted
	}{
		{`import "fmt"`, 0, 1},
		{"x := 1", 1, 1}, // defines x: its type is needed
		{"fmt.Println(x)", 0, 1},
		// several items, defining: precheck and hoisting need types; one check serves both
		{"y := x + 1\ntype P struct{ A, B int }\nfunc (p P) Sum() int { return p.A + p.B }\nq := P{x, y}\nfmt.Println(q.Sum())", 1, 1},
		{"for i := 0; i < 2; i++ {\n\tfmt.Println(i)\n}\nz := []string{\"a\"}\nz = append(z, \"b\")\nlen(z)", 1, 1},
		{"var w = q.Sum() * 2\nconst k = 3\nw + k", 1, 1},
	}
	for _, c := range cells {
		typer, rewrit := s.typer.checks, s.rewriterChecks
		mustExec(t, s, c.code)
		gotTyper, gotRewrit := s.typer.checks-typer, s.rewriterChecks-rewrit
		if gotTyper != c.typer || gotRewrit != c.rewrit {
			t.Errorf("cell %q: %d session checks and %d rewriter checks, want %d and %d", c.code, gotTyper, gotRewrit, c.typer, c.rewrit)
		}
	}
	// A cell refused by precheck is checked once and never reaches the rewriter.
	typer, rewrit := s.typer.checks, s.rewriterChecks
	if _, e, _ := run(t, s, "a := 1\nb := a + \"s\"\nfmt.Println(b)"); e == nil {
		t.Fatal("a cell with a type error ran")
	}
	if got := s.typer.checks - typer; got != 1 {
		t.Errorf("refused cell: %d session checks, want 1", got)
	}
	if got := s.rewriterChecks - rewrit; got != 0 {
		t.Errorf("refused cell: %d rewriter checks, want 0", got)
	}
}

// A cell with a Go kernel is checked once, after the kernel has gone to the gpu package
// (defineKernels changes the cell: the check sees the kernel's variable).
func TestTypeChecksPerKernelCell(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "import (\"fmt\"; \"peerbook/gpu\")\ngpu.Use(\"sim:1\")")
	typer := s.typer.checks
	got, _ := mustExec(t, s, `
func twice(t gpu.Thread, n int, x []float32) {
	for i := t.GlobalX(); i < n; i += t.StrideX() {
		x[i] *= 2
	}
}
d := gpu.Dev(0)
buf, _ := d.AllocFrom([]float32{1, 2})
k := twice
err := k.Launch(d, 1, 2, 2, buf)
vals, _ := buf.Float32s()
fmt.Sprint(vals, err)`)
	if got != "[2 4] <nil>" {
		t.Errorf("kernel cell: %s", got)
	}
	if n := s.typer.checks - typer; n != 1 {
		t.Errorf("kernel cell: %d session checks, want 1", n)
	}
	if typ := s.typer.varType("k"); typ == "" {
		t.Error("the typer does not know the type of k, a kernel's variable: the check did not see it")
	}
}

// What costs the rewriter more checks than the cell's own: re-evaluating the dependents of
// a redefinition (one check for the file of dependents). Importing a package for the type
// of a hoisted variable costs none: the rewriter is told of the import (Import).
func TestTypeChecksBeyondTheCell(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "import \"os\"")
	typer, rewrit := s.typer.checks, s.rewriterChecks
	// []fs.DirEntry: the session imports io/fs under an alias to declare entries.
	mustExec(t, s, "entries, err := os.ReadDir(\".\")\n_ = err")
	if got := s.typer.checks - typer; got != 1 {
		t.Errorf("cell with an alias import: %d session checks, want 1", got)
	}
	if got := s.rewriterChecks - rewrit; got != 1 {
		t.Errorf("cell with an alias import: %d rewriter checks, want 1 (the cell)", got)
	}
	// The rewriter checked `var entries []_pbi_fs.DirEntry` knowing the alias.
	if errs := s.rw.(typeErrorSource).TypeErrors(0, token.Pos(1<<62)); len(errs) > 0 {
		t.Errorf("the rewriter's check of the cell with an alias import: %v", errs)
	}
	if got, _ := mustExec(t, s, "len(entries) >= 0"); got != "true" {
		t.Errorf("entries: %s", got)
	}

	mustExec(t, s, "func f() int { return 1 }\nfunc g() int { return f() + 1 }")
	typer, rewrit = s.typer.checks, s.rewriterChecks
	mustExec(t, s, "func f() int { return 10 }")
	if got := s.typer.checks - typer; got != 1 {
		t.Errorf("redefinition: %d session checks, want 1", got)
	}
	if got := s.rewriterChecks - rewrit; got != 2 {
		t.Errorf("redefinition: %d rewriter checks, want 2 (the cell, g re-evaluated)", got)
	}
	if got, _ := mustExec(t, s, "g()"); got != "11" {
		t.Errorf("g() after f was redefined: %s", got)
	}
}
