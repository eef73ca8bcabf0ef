package modules

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/peerbook/peerbook/internal/modulegen/naming"
)

// genericCells use the generic functions and types of testdata/localmod/stats, their type
// arguments inferred or written, each one or several times; each cell's output is compared
// with what go run prints for the same statements.
var genericCells = []string{
	`evens := stats.Filter([]int{1, 2, 3, 4, 5, 6}, func(x int) bool { return x%2 == 0 })
fmt.Println(evens, len(evens))`,
	`strs := stats.Map(evens, func(x int) string { return fmt.Sprint("n", x) })
fmt.Println(strs, len(strs))`,
	`doubled := stats.Map([]float64{1.5, 2.5}, func(f float64) float64 { return f * 2 })
fmt.Println(doubled)`,
	`total := stats.Reduce(evens, func(a float64, x int) float64 { return a + float64(x)/4 }, 0.5)
fmt.Printf("%T %v\n", total, total)`,
	`fmt.Println(stats.Sum(1, 2, 3), stats.Sum(1.5, 2.25))`,
	`st := stats.NewStack[string]()
st.Push("a")
st.Push("b")
top, ok := st.Pop()
fmt.Println(top, ok, st.Len())`,
	`var ints stats.Stack[int]
ints.Push(7)
ints.Push(8)
fmt.Println(ints.Len())`,
	`pairs := stats.Zip([]string{"a", "b", "c"}, []int{1, 2})
for _, p := range pairs {
	fmt.Println(p.Key, p.Val, p.String())
}`,
	`pi := stats.Pair[string, float64]{Key: "pi", Val: 3.25}
fmt.Println(pi, pi.Key)`,
	`neg := stats.Map[int, int]([]int{1, 2}, func(x int) int { return -x })
fmt.Println(neg)`,
}

func TestGenerics(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an evaluator binary (a minute or more on 2 cores): not with -short")
	}
	t.Parallel()
	b := newBuilder(t)
	tmp := t.TempDir()
	copyDir(t, "testdata/localmod", filepath.Join(tmp, "localmod"))
	copyDir(t, "testdata/notebook", filepath.Join(tmp, "notebook"))
	nbDir := filepath.Join(tmp, "notebook")
	header := "import (\n\t\"fmt\"\n\n\t\"example.com/localmod/stats\"\n)\n\n" + libDecls
	// Uses that can't be compiled: a type the cells declare as a type argument (the
	// generic's interpreted copy runs), a generic that changes a package variable (refused).
	cellTypeCells := []string{
		`areas := stats.Map([]Square{{1}, {2}}, func(s Square) float64 { return s.Area() })
fmt.Println(areas)`,
		`var sq stats.Stack[Square]
sq.Push(Square{3})
fmt.Println(sq.Len())`,
		`fmt.Println(stats.Labels([]Named{"x", "y"}), stats.MeanBy([]Square{{2}, {4}}, Square.Area))`,
	}
	refused := `fmt.Println(stats.Count([]Square{{1}}))`
	cells := append(append([]string{header}, genericCells...), cellTypeCells...)
	cells = append(cells, refused, `fmt.Println("still here", len(evens), stats.Sum(2, 3))`)
	bin, err := b.Build(context.Background(), Set{Imports: []string{"example.com/localmod/stats"}, Dir: nbDir, Cells: cells})
	if err != nil {
		t.Fatal(err)
	}
	// The docs inspect shows are gathered by the build (go/doc over the package's files).
	gen, err := os.ReadFile(filepath.Join(bin.Workspace, filepath.FromSlash(symbolsDir), genericsFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{naming.Docs, "Filter returns the elements of xs for which keep is true.", "Push puts x on top.", "func Mean(xs []float64) float64"} {
		if !strings.Contains(string(gen), want) {
			t.Errorf("the generated symbols lack %q", want)
		}
	}
	want := goRunEach(t, nbDir, "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/localmod/stats\"\n)\n\n"+libDecls,
		append(genericCells[:len(genericCells):len(genericCells)], cellTypeCells...), "_, _, _, _, _ = strs, doubled, total, top, neg\n")
	all := runAfterDecls(t, bin.Path, cells)
	for i, c := range genericCells {
		got := all[i+1]
		switch {
		case len(got.errors) > 0:
			t.Errorf("cell %s failed: %q", c, got.errors)
		case got.stdout != want[i]:
			t.Errorf("cell %s printed %q, go run printed %q", c, got.stdout, want[i])
		}
	}
	for i, c := range cellTypeCells {
		got := all[len(genericCells)+1+i]
		if got.stdout != want[len(genericCells)+i] || len(got.errors) > 0 {
			t.Errorf("cell %s printed %q (errors %q), go run printed %q", c, got.stdout, got.errors, want[len(genericCells)+i])
		}
	}
	if got := all[len(all)-2]; !strings.Contains(strings.Join(got.errors, "\n"), "package variable stats.counted") || got.stdout != "" {
		t.Errorf("cell %s: printed %q, errors %q; want it refused, naming the limit (a package variable)", refused, got.stdout, got.errors)
	}
	if got := all[len(all)-1]; got.stdout != "still here 3 5\n" {
		t.Errorf("after the refused cells: %q %q, want the session going on", got.stdout, got.errors)
	}

	// A use the build did not see (a cell edited since) runs the interpreted copy; one that
	// can't be interpreted is refused, saying a build with the cell would compile it.
	res := runCells(t, bin.Path, header, `ys := stats.Map([]string{"x"}, func(s string) int { return len(s) })
fmt.Println(ys)`, `fmt.Println(stats.Count([]string{"x"}))`)
	if res[1].stdout != "[1]\n" || len(res[1].errors) > 0 {
		t.Errorf("a use the build did not see: printed %q, errors %q; want [1]", res[1].stdout, res[1].errors)
	}
	if msg := strings.Join(res[2].errors, "\n"); !strings.Contains(msg, naming.NoInstance) {
		t.Errorf("a use the build did not see, of a generic that can't be interpreted: printed %q, errors %q; want it refused (no instance)", res[2].stdout, res[2].errors)
	}
}

// TestSamberLo runs cells that use github.com/samber/lo over Go's types (compiled
// instances, from the notebook's shared build: its cells are among those the build saw)
// against what go run prints for the same statements; then a build asked for more
// instances (the kernel's, for a use that has none and can't be interpreted) compiles the
// new ones and links again, once.
func TestSamberLo(t *testing.T) {
	bin := notebookBuild(t)
	t.Parallel()
	want := goRunEach(t, notebook.dir, "package main\n\n"+loImports, loStmts, "")
	cells := append([]string{loImports}, loStmts...)
	res := runCells(t, bin.Path, cells...)
	for i, s := range loStmts {
		if got := res[i+1]; got.stdout != want[i] || len(got.errors) > 0 {
			t.Errorf("cell %s printed %q (errors %q), go run printed %q", s, got.stdout, got.errors, want[i])
		}
	}
	b := newBuilder(t)
	b.CacheDir = notebook.cache
	// A type argument no earlier run of the test (-count) asked for: [N]bool.
	n := samberRuns.Add(1)
	set := Set{Imports: notebookImports, Pins: notebookPins, More: true,
		Cells: append(cells[:len(cells):len(cells)], fmt.Sprintf(`fmt.Println(lo.Map([][%d]bool{{true}}, func(b [%d]bool, _ int) string { return fmt.Sprint(!b[0]) }))`, n, n))}
	again, err := b.Build(context.Background(), set)
	if err != nil {
		t.Fatal(err)
	}
	if again.Reused {
		t.Error("cells with a new instance found the old binary")
	}
	gen, err := os.ReadFile(filepath.Join(again.Workspace, filepath.FromSlash(symbolsDir), genericsFile))
	if err != nil || !strings.Contains(string(gen), fmt.Sprintf("p0.Map[[%d]bool, string]", n)) {
		t.Errorf("the new instance is not in the generated symbols (%v)", err)
	}
	res = runCells(t, again.Path, set.Cells...)
	if got := res[len(res)-1]; got.stdout != "[false]\n" {
		t.Errorf("the new cell printed %q (errors %q), want [false]", got.stdout, got.errors)
	}
	start := time.Now()
	third, err := b.Build(context.Background(), set)
	if err != nil {
		t.Fatal(err)
	}
	if !third.Reused {
		t.Error("the same cells again: the binary was not reused")
	}
	t.Logf("the same set and cells again: %v", time.Since(start))
}

// samberRuns counts TestSamberLo's runs in this process (-count): each asks for an instance
// of its own.
var samberRuns atomic.Int64

// Builds of one module set take turns: a second waits while the first holds the lock, and a
// lock left by a process that died is taken over.
func TestLockBuild(t *testing.T) {
	b := &Builder{}
	path := filepath.Join(t.TempDir(), "ws.lock")
	unlock, err := b.lockBuild(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	if _, err := b.lockBuild(ctx, path); err == nil {
		t.Fatal("a second lock while the first is held: no error")
	}
	unlock()
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("unlock left the lock: %v", err)
	}
	// A lock whose owner is gone: the pid of a process that ran and exited.
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skipf("no true command: %v", err)
	}
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(path, "pid"), []byte(fmt.Sprint(cmd.Process.Pid)), 0o644)
	ctx2, cancel2 := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel2()
	unlock, err = b.lockBuild(ctx2, path)
	if err != nil {
		t.Fatalf("a lock left by a dead process was not taken over: %v", err)
	}
	unlock()
}
