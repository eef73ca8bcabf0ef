package eval

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// goRun runs a Go program with the toolchain and returns its stdout and stderr: the
// expected behaviour of a cell.
func goRun(t *testing.T, src string) (stdout, stderr string) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to take the expected output from")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "main.go")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", path)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	if err := cmd.Run(); err != nil {
		t.Fatalf("go run: %v\n%s", err, e.String())
	}
	return o.String(), e.String()
}

func TestPrintlnWritesToStderrAsGo(t *testing.T) {
	body := `	println("a", 1, -2, 2.5, true, uint8(7))
	print("x", 3, "\n")
	println(1e100, -0.125, float32(3))
	println()
	fmt.Println("on stdout")
`
	wantOut, wantErr := goRun(t, "package main\n\nimport \"fmt\"\n\nfunc main() {\n"+body+"}\n")
	s := newSession(t)
	_, rec := mustExec(t, s, "import \"fmt\"\n"+body)
	if got := rec.stream("stderr"); got != wantErr {
		t.Errorf("stderr = %q, want (go run) %q", got, wantErr)
	}
	if got := rec.stream("stdout"); got != wantOut {
		t.Errorf("stdout = %q, want (go run) %q", got, wantOut)
	}
	if strings.Contains(rec.stream("stdout"), "2.5") {
		t.Errorf("println wrote to stdout")
	}
}

// A whole program pasted into a cell, package clause included, runs as with go run.
func TestPastedProgramWithPackageClause(t *testing.T) {
	prog := `package main

import (
	"fmt"
	"strings"
)

type greeter struct{ name string }

func (g greeter) greet() string { return "hello, " + g.name }

func main() {
	words := strings.Fields("go run this")
	for i, w := range words {
		fmt.Println(i, w)
	}
	fmt.Println(greeter{"gopher"}.greet())
}
`
	want, _ := goRun(t, prog)
	s := newSession(t)
	_, rec := mustExec(t, s, prog)
	if got := rec.stream("stdout"); got != want {
		t.Errorf("stdout = %q, want (go run) %q", got, want)
	}
	_, e, _ := run(t, s, "package other\n\nfunc f() {}")
	if e == nil || !strings.Contains(e.Value, "package main") {
		t.Errorf("package other: got %v, want an error that says cells are package main", e)
	}
}

// Importing unsafe is refused at compile time with an error that names the package.
func TestUnsafeImportRefused(t *testing.T) {
	s := newSession(t)
	_, e, _ := run(t, s, "import \"unsafe\"\nvar x int\nunsafe.Sizeof(x)")
	if e == nil || !strings.Contains(e.Value+strings.Join(e.Traceback, "\n"), "unsafe") {
		t.Fatalf("import unsafe: got %v, want an error naming unsafe", e)
	}
	t.Logf("import unsafe: %s", e.Value)
	mustExec(t, s, "1 + 1") // the session goes on
}

// The README's tour, pasted verbatim as one cell, runs (on simulated devices without a
// GPU): statements, a comment, a Go kernel and its launch in one cell.
func TestReadmeTourAsOneCell(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, tour, ok := strings.Cut(string(readme), "## A short tour")
	if !ok {
		t.Fatal("README.md has no section \"A short tour\"")
	}
	_, code, ok := strings.Cut(tour, "```go\n")
	if !ok {
		t.Fatal("the tour has no go code block")
	}
	code, _, _ = strings.Cut(code, "```")
	if os.Getenv("PEERBOOK_DEVICES") == "" {
		t.Setenv("PEERBOOK_DEVICES", "sim")
	}
	s := newSession(t)
	res, e, _ := run(t, s, code)
	if e != nil {
		t.Fatalf("the README's tour as one cell: %s: %s", e.Name, e.Value)
	}
	if res.Value == nil {
		t.Errorf("the tour's last expression (x) rendered nothing")
	}
	// The kernel ran: x holds 2, 4, 6.
	got, _ := mustExec(t, s, `import "fmt"`+"\n"+`v, _ := x.Float32s(); fmt.Sprint(v)`)
	if got != "[2 4 6]" {
		t.Errorf("x after the tour's launch = %s, want [2 4 6]", got)
	}
}

// A statement, a comment, then a Go kernel in one cell (the comment is the kernel's doc).
func TestStatementCommentKernelInOneCell(t *testing.T) {
	if os.Getenv("PEERBOOK_DEVICES") == "" {
		t.Setenv("PEERBOOK_DEVICES", "sim")
	}
	s := newSession(t)
	mustExec(t, s, "import \"peerbook/gpu\"\nx := 1\n// c\nfunc k(t gpu.Thread) {}")
	if got, _ := mustExec(t, s, "x + 1"); got != "2" {
		t.Errorf("x + 1 = %s after the cell, want 2", got)
	}
}

// goBuildErrors returns the messages of the go command's compile errors for a program.
func goBuildErrors(t *testing.T, src string) []string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to take the expected errors from")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "vet", "./main.go")
	cmd.Dir = dir
	out, _ := cmd.CombinedOutput()
	var msgs []string
	for _, l := range strings.Split(string(out), "\n") {
		// ./main.go:LINE:COL: MESSAGE
		if _, rest, ok := strings.Cut(l, "main.go:"); ok {
			parts := strings.SplitN(rest, ": ", 2)
			if len(parts) == 2 {
				msgs = append(msgs, strings.TrimSpace(parts[1]))
			}
		}
	}
	return msgs
}

// A cell the interpreter refuses reports go/types' error, worded as the go command's.
func TestCompileErrorsReadLikeGo(t *testing.T) {
	for _, tc := range []struct{ decls, stmts string }{
		{"var s string = 5", ""},
		{"", "x := 3\n\tx = \"a\"\n\t_ = x"},
		{"func f() int { return \"s\" }", ""},
		{"", "var f float64 = \"1.5\"\n\t_ = f"},
		{"type T struct{ A int }", "t := T{B: 1}\n\t_ = t"},
	} {
		prog := "package main\n\n" + tc.decls + "\n\nfunc main() {\n\t" + tc.stmts + "\n}\n"
		want := goBuildErrors(t, prog)
		if len(want) == 0 {
			t.Fatalf("go vet found no error in\n%s", prog)
		}
		s := newSession(t)
		code := tc.decls + "\n" + strings.ReplaceAll(tc.stmts, "\n\t", "\n")
		_, e, _ := run(t, s, code)
		if e == nil {
			t.Errorf("%q: no error, want %q", code, want[0])
			continue
		}
		if !strings.Contains(e.Value, want[0]) {
			t.Errorf("%q: error %q, want the go command's %q", code, e.Value, want[0])
		}
	}
}
