package kernel

// Generics of a module in the Jupyter kernel (issue 16), over real processes: the kernel
// passes the session's cells to the build, and a cell whose use of a generic the build did
// not see makes it build again and move the session, once.

import (
	"archive/zip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// genmodSource is example.com/genmod v1.0.0: generic functions and a generic type.
const genmodSource = `// Package genmod has generic helpers.
package genmod

// Map returns f of each element of xs.
func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

// Number is what Sum adds.
type Number interface{ ~int | ~float64 }

// Sum adds xs.
func Sum[T Number](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

// Stack is a last-in first-out stack.
type Stack[T any] struct{ items []T }

// Push puts v on top.
func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

// Pop takes the top off; false when the stack is empty.
func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

// Len is the number of elements.
func (s *Stack[T]) Len() int { return len(s.items) }
`

// addProxyModule writes module mod at version ver, with the files given, into the module
// proxy folder proxy (GOPROXY=file://proxy).
func addProxyModule(t *testing.T, proxy, mod, ver string, files map[string]string) {
	t.Helper()
	v := filepath.Join(proxy, filepath.FromSlash(mod), "@v")
	if err := os.MkdirAll(v, 0o755); err != nil {
		t.Fatal(err)
	}
	gomod := "module " + mod + "\n\ngo 1.22\n"
	files["go.mod"] = gomod
	for name, text := range map[string]string{
		"list":        ver + "\n",
		ver + ".info": `{"Version":"` + ver + `","Time":"2024-01-01T00:00:00Z"}`,
		ver + ".mod":  gomod,
	} {
		if err := os.WriteFile(filepath.Join(v, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Create(filepath.Join(v, ver+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for name, text := range files {
		w, err := zw.Create(mod + "@" + ver + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(text))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// goRunWithProxy runs the Go program src (package main) with `go run` in a module that
// requires the modules of proxy, and returns its output.
func goRunWithProxy(t *testing.T, proxy, src string, requires ...string) string {
	t.Helper()
	dir := t.TempDir()
	gomod := "module prog\n\ngo 1.22\n"
	for _, r := range requires {
		gomod += "\nrequire " + r + "\n"
	}
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644)
	os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644)
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=file://"+filepath.ToSlash(proxy), "GONOSUMDB=example.com", "GOFLAGS=-mod=mod", "GOWORK=off")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run: %v\n%s%s", err, out, stderr.String())
	}
	return string(out)
}

// TestKernelModuleGenerics: a kernel cell using generics of a module gets their instances
// in the first build (the kernel passes its cells); a later cell with new instantiations
// and no new import makes the kernel build again and move the session (state kept), and
// runs once; a use no build can instantiate stays the cell's error, with no loop and, when
// the build finds nothing new, no move. Outputs are checked against `go run`.
func TestKernelModuleGenerics(t *testing.T) {
	if testing.Short() {
		t.Skip("builds evaluator binaries (a minute or more on 2 cores): not with -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command: the kernel builds modules with it")
	}
	proxy, cache, dir := t.TempDir(), t.TempDir(), t.TempDir()
	addProxyModule(t, proxy, "example.com/genmod", "v1.0.0", map[string]string{"genmod.go": genmodSource})

	cell1 := "n := 1\nn++\nxs := []int{1, 2, 3}\nsq := genmod.Map(xs, func(x int) string { return fmt.Sprint(x * x) })\nfmt.Println(sq, genmod.Sum(xs), n)\n"
	cell2 := "lens := genmod.Map(sq, func(s string) int { return len(s) * 10 })\nst := &genmod.Stack[float64]{}\nst.Push(1.5)\nst.Push(2.5)\ntop, _ := st.Pop()\nfmt.Println(lens, top, st.Len(), n)\n"
	want := goRunWithProxy(t, proxy, "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/genmod\"\n)\n\nfunc main() {\n"+cell1+cell2+"\t_ = top\n}\n", "example.com/genmod v1.0.0")
	wantLines := strings.SplitAfter(want, "\n")
	if len(wantLines) < 2 {
		t.Fatalf("go run printed %q", want)
	}

	c := moduleKernel(t, dir, cache, proxy)
	runCell(t, c, "import \"os\"\npid := os.Getpid()", "ok")
	// The first build has the instances the importing cell uses.
	out, errText, _ := runCell(t, c, "import \"fmt\"\nimport \"example.com/genmod\"\n"+cell1, "ok")
	if out != wantLines[0] {
		t.Errorf("the cell importing genmod printed %q, go run %q (stderr %q)", out, wantLines[0], errText)
	}
	if !strings.Contains(errText, "moved to an evaluator with example.com/genmod") {
		t.Errorf("the import's stderr:\n%s", errText)
	}
	out, _, _ = runCell(t, c, "fmt.Println(os.Getpid() == pid)", "ok")
	if out != "false\n" {
		t.Errorf("after the import the session runs in the process it had (%q)", out)
	}
	runCell(t, c, "pid = os.Getpid()", "ok")

	// New instantiations, no new import: built again with the cell, the session moves, the
	// cell runs once (its output once, n kept at 2).
	out, errText, _ = runCell(t, c, cell2, "ok")
	if out != wantLines[1] {
		t.Errorf("the cell with new instances printed %q, go run %q (stderr %q)", out, wantLines[1], errText)
	}
	t.Logf("the rebuild said on stderr:\n%s", errText)
	for _, w := range []string{"building it again with this cell", "moved to an evaluator with example.com/genmod", "sq"} {
		if !strings.Contains(errText, w) {
			t.Errorf("the rebuild's stderr lacks %q:\n%s", w, errText)
		}
	}
	out, _, _ = runCell(t, c, "fmt.Println(os.Getpid() == pid, n, lens)", "ok")
	if out != "false 2 [10 10 10]\n" {
		t.Errorf("after the rebuild the session prints %q, want false 2 [10 10 10] (moved, state kept)", out)
	}
	runCell(t, c, "pid = os.Getpid()", "ok")

	// A use whose type arguments no build can infer: the rebuild finds no new instance, the
	// refusal stays the cell's error, and the session does not move.
	_, errText, ev := runCell(t, c, "genmod.Map(nosuch, nosuch2)", "error")
	if !strings.Contains(ev, "built without an instance") || !strings.Contains(ev, "could not tell the type arguments") {
		t.Errorf("a use no build can instantiate: %q (stderr %q)", ev, errText)
	}
	if strings.Contains(errText, "moved to") {
		t.Errorf("a rebuild that found nothing new moved the session:\n%s", errText)
	}
	out, _, _ = runCell(t, c, "fmt.Println(os.Getpid() == pid, n)", "ok")
	if out != "true 2\n" {
		t.Errorf("after the refused cell the session prints %q, want true 2 (same process)", out)
	}

	// A type argument the notebook declares: the rebuild records the refusal, the session
	// moves once and the cell is refused with the reason, not built again.
	_, errText, ev = runCell(t, c, "type Sq struct{ S int }\nfmt.Println(genmod.Map([]Sq{{2}}, func(s Sq) int { return s.S * s.S }))", "error")
	if !strings.Contains(ev, "declared in the notebook") {
		t.Errorf("a type argument declared in a cell: %q (stderr %q)", ev, errText)
	}
	if n := strings.Count(errText, "building it again"); n != 1 {
		t.Errorf("the cell built %d times, want once:\n%s", n, errText)
	}
	out, _, _ = runCell(t, c, "fmt.Println(n, lens, sq)", "ok")
	if out != "2 [10 10 10] [1 4 9]\n" {
		t.Errorf("at the end the session prints %q, want 2 [10 10 10] [1 4 9]", out)
	}
}
