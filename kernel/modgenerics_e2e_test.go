package kernel

// Generics of a module in the Jupyter kernel (issues 16 and 32), over real processes: the
// kernel passes the session's cells to the build; a later use the build did not see, the
// notebook's types included, runs the generic's interpreted copy; a use that has neither
// an instance nor a copy makes the kernel build again and move the session, once.

import (
	"archive/zip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// genmodSource is example.com/genmod v1.1.0: generic functions and a generic type.
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

var counted int

// Count adds len(xs) to a tally kept in the package and returns it: its copy can't be
// interpreted (the tally is the compiled package's).
func Count[T any](xs []T) int {
	counted += len(xs)
	return counted
}
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
// in the first build (the kernel passes its cells); a later cell with new instantiations,
// over Go's types or the notebook's, runs the interpreted copies: no build, no move; a use
// with no instance whose generic can't be copied makes the kernel build again and move the
// session (state kept), once; over a type the notebook declares, it is refused at once. A
// second kernel of the same module set finds the binary. Outputs are checked against go run.
func TestKernelModuleGenerics(t *testing.T) {
	if testing.Short() {
		t.Skip("builds evaluator binaries (a minute or more on 2 cores): not with -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command: the kernel builds modules with it")
	}
	proxy, cache, dir := t.TempDir(), t.TempDir(), t.TempDir()
	addProxyModule(t, proxy, "example.com/genmod", "v1.1.0", map[string]string{"genmod.go": genmodSource})

	cell1 := "n := 1\nn++\nxs := []int{1, 2, 3}\nsq := genmod.Map(xs, func(x int) string { return fmt.Sprint(x * x) })\nfmt.Println(sq, genmod.Sum(xs), n)\n"
	cell2 := "lens := genmod.Map(sq, func(s string) int { return len(s) * 10 })\nst := &genmod.Stack[float64]{}\nst.Push(1.5)\nst.Push(2.5)\ntop, _ := st.Pop()\nfmt.Println(lens, top, st.Len(), n)\n"
	cell3 := "type Sq struct{ S int }\nvar sqs genmod.Stack[Sq]\nsqs.Push(Sq{3})\nfmt.Println(genmod.Map([]Sq{{2}, {4}}, func(s Sq) int { return s.S * s.S }), sqs.Len())\nfmt.Printf(\"%T\\n\", sqs)\n"
	cell4 := "fmt.Println(genmod.Count(xs))\n"
	want := goRunWithProxy(t, proxy, "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/genmod\"\n)\n\ntype Sq struct{ S int }\n\nfunc main() {\n"+cell1+cell2+strings.Replace(cell3, "type Sq struct{ S int }\n", "", 1)+cell4+"\t_ = top\n}\n", "example.com/genmod v1.1.0")
	wantLines := strings.SplitAfter(want, "\n")
	if len(wantLines) < 5 {
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
	runCell(t, c, "pid = os.Getpid()", "ok")

	// New instantiations, over Go's types and the notebook's: the copies run, nothing is
	// built, the session stays where it is.
	for i, cell := range []string{cell2, cell3} {
		out, errText, _ = runCell(t, c, cell, "ok")
		if want := []string{wantLines[1], wantLines[2] + wantLines[3]}[i]; out != want {
			t.Errorf("cell %s printed %q, go run %q (stderr %q)", cell, out, want, errText)
		}
		if strings.Contains(errText, "building") || strings.Contains(errText, "moved to") {
			t.Errorf("cell %s built or moved:\n%s", cell, errText)
		}
	}
	out, _, _ = runCell(t, c, "fmt.Println(os.Getpid() == pid, n, lens)", "ok")
	if out != "true 2 [10 10 10]\n" {
		t.Errorf("after the copies ran the session prints %q, want true 2 [10 10 10] (same process)", out)
	}

	// A use with no instance of a generic that can't be copied: built again with the cell,
	// the session moves, the cell runs once (state kept).
	out, errText, _ = runCell(t, c, cell4, "ok")
	if out != wantLines[4] {
		t.Errorf("genmod.Count printed %q, go run %q (stderr %q)", out, wantLines[4], errText)
	}
	for _, w := range []string{"building it again with this cell", "moved to an evaluator with example.com/genmod"} {
		if !strings.Contains(errText, w) {
			t.Errorf("the rebuild's stderr lacks %q:\n%s", w, errText)
		}
	}
	out, _, _ = runCell(t, c, "fmt.Println(os.Getpid() == pid, n, lens)", "ok")
	if out != "false 2 [10 10 10]\n" {
		t.Errorf("after the rebuild the session prints %q, want false 2 [10 10 10] (moved, state kept)", out)
	}

	// The same generic over a type the notebook declares: refused at once, saying why.
	_, errText, ev := runCell(t, c, "fmt.Println(genmod.Count([]Sq{{1}}))", "error")
	if !strings.Contains(ev, "declared in the notebook") || !strings.Contains(ev, "package variable") {
		t.Errorf("genmod.Count over a cell type: %q (stderr %q)", ev, errText)
	}
	if strings.Contains(errText, "building") {
		t.Errorf("a refusal built:\n%s", errText)
	}

	// A second kernel of the same module set: the build is found, nothing compiled.
	c2 := moduleKernel(t, t.TempDir(), cache, proxy)
	start := time.Now()
	out, errText, _ = runCell(t, c2, "import \"fmt\"\nimport \"example.com/genmod\"\n"+cell1+cell3, "ok")
	took := time.Since(start)
	if out != wantLines[0]+wantLines[2]+wantLines[3] {
		t.Errorf("the second session printed %q, go run %q (stderr %q)", out, wantLines[0]+wantLines[2]+wantLines[3], errText)
	}
	if !strings.Contains(errText, "reused") || strings.Contains(errText, "go build") {
		t.Errorf("the second session's stderr:\n%s", errText)
	}
	t.Logf("the second session's first cell took %v (build found, session moved, cell run)", took)
}
