package eval

import (
	"go/token"
	"testing"
)

// TestTypeChecksPerCell counts the go/types checks a cell costs: one, the session's
// (cellTyper), which precheck, the hoisting of top-level definitions and the rewriter share
// (the scope stage keeps it true for the cell as it runs: typepatch.go); the rewriter makes
// none of its own. Re-evaluating the dependents of a redefinition costs the rewriter one
// more (TestTypeChecksBeyondTheCell).
func TestTypeChecksPerCell(t *testing.T) {
	s := newSession(t)
	cells := []string{
		`import "fmt"`,
		"x := 1",
		"fmt.Println(x)",
		"y := x + 1\ntype P struct{ A, B int }\nfunc (p P) Sum() int { return p.A + p.B }\nq := P{x, y}\nfmt.Println(q.Sum())",
		"for i := 0; i < 2; i++ {\n\tfmt.Println(i)\n}\nz := []string{\"a\"}\nz = append(z, \"b\")\nlen(z)",
		"var w = q.Sum() * 2\nconst k = 3\nw + k",
		// a redefinition that reads the old value goes through temporary variables
		"x := []int{x, x}\nlen(x)",
		// top-level defer and return, after precheck checked the cell
		"defer fmt.Println(\"deferred\", w)\nif w > 0 {\n\treturn\n}\nfmt.Println(\"not reached\")",
		// types of every shape for the hoisted variables
		"f := func(s string, n ...int) (int, error) { return len(s) + len(n), nil }\narr := [2]P{}\nm := map[string]chan struct{}{}\nst := struct{ a int; b []string }{}\nfmt.Println(f, arr, m, st)",
	}
	for _, code := range cells {
		typer, rewrit := s.typer.checks, s.rewriterChecks
		mustExec(t, s, code)
		gotTyper, gotRewrit := s.typer.checks-typer, s.rewriterChecks-rewrit
		if gotTyper != 1 || gotRewrit != 0 {
			t.Errorf("cell %q: %d session checks and %d rewriter checks, want 1 and 0", code, gotTyper, gotRewrit)
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
	typer, rewrit := s.typer.checks, s.rewriterChecks
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
	if n := s.rewriterChecks - rewrit; n != 0 {
		t.Errorf("kernel cell: %d rewriter checks, want 0", n)
	}
	if typ := s.typer.varType("k"); typ == "" {
		t.Error("the typer does not know the type of k, a kernel's variable: the check did not see it")
	}
}

// What costs the rewriter a check of its own: re-evaluating the dependents of a
// redefinition (one check for the file of dependents). Importing a package for the type of
// a hoisted variable costs none: the rewriter is told of the import (Import).
func TestTypeChecksBeyondTheCell(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "import \"os\"")
	typer, rewrit := s.typer.checks, s.rewriterChecks
	// []fs.DirEntry: the session imports io/fs under an alias to declare entries.
	mustExec(t, s, "entries, err := os.ReadDir(\".\")\n_ = err")
	if got := s.typer.checks - typer; got != 1 {
		t.Errorf("cell with an alias import: %d session checks, want 1", got)
	}
	if got := s.rewriterChecks - rewrit; got != 0 {
		t.Errorf("cell with an alias import: %d rewriter checks, want 0", got)
	}
	// The rewriter knows the alias, for `var entries []_pbi_fs.DirEntry`.
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
	if got := s.rewriterChecks - rewrit; got != 1 {
		t.Errorf("redefinition: %d rewriter checks, want 1 (g re-evaluated)", got)
	}
	if got, _ := mustExec(t, s, "g()"); got != "11" {
		t.Errorf("g() after f was redefined: %s", got)
	}
}
