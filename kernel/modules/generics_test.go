package modules

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
	b := newBuilder(t)
	tmp := t.TempDir()
	copyDir(t, "testdata/localmod", filepath.Join(tmp, "localmod"))
	copyDir(t, "testdata/notebook", filepath.Join(tmp, "notebook"))
	nbDir := filepath.Join(tmp, "notebook")
	header := "import (\n\t\"fmt\"\n\n\t\"example.com/localmod/stats\"\n)\n\n" + libDecls
	// Uses that can't be instantiated: a type the cells declare as a type argument.
	refusedCells := []string{
		`areas := stats.Map([]Square{{1}, {2}}, func(s Square) float64 { return s.Area() })
fmt.Println(areas)`,
		`var sq stats.Stack[Square]
fmt.Println(sq.Len())`,
	}
	cells := append(append([]string{header}, genericCells...), refusedCells...)
	cells = append(cells, `fmt.Println("still here", len(evens), stats.Sum(2, 3))`)
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
		genericCells, "_, _, _, _, _ = strs, doubled, total, top, neg\n")
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
	for i, c := range refusedCells {
		got := all[len(genericCells)+1+i]
		if msg := strings.Join(got.errors, "\n"); !strings.Contains(msg, "declared in the notebook") || got.stdout != "" {
			t.Errorf("cell %s: printed %q, errors %q; want it refused, naming the limit (a type declared in the notebook)", c, got.stdout, got.errors)
		}
	}
	if got := all[len(all)-1]; got.stdout != "still here 3 5\n" {
		t.Errorf("after the refused cells: %q %q, want the session going on", got.stdout, got.errors)
	}

	// A use the build did not see (a cell edited since) is refused, not guessed; the same
	// cells find the binary as it was.
	res := runCells(t, bin.Path, header, `ys := stats.Map([]string{"x"}, func(s string) int { return len(s) })
fmt.Println(ys)`)
	if msg := strings.Join(res[1].errors, "\n"); !strings.Contains(msg, naming.NoInstance+" for this use") {
		t.Errorf("a use the build did not see: printed %q, errors %q; want it refused (no instance)", res[1].stdout, res[1].errors)
	}
	again, err := b.Build(context.Background(), Set{Imports: []string{"example.com/localmod/stats"}, Dir: nbDir, Cells: cells})
	if err != nil {
		t.Fatal(err)
	}
	_ = again
}

// TestSamberLo runs cells that use github.com/samber/lo, a module of generic helpers,
// against what go run prints for the same statements. It needs the module proxy (or the
// module in the cache).
func TestSamberLo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an evaluator binary: not with -short")
	}
	needGo(t)
	const pin = "github.com/samber/lo@v1.53.0"
	mod := moduleWith(t, pin)
	const imports = "import (\n\t\"fmt\"\n\t\"strconv\"\n\n\t\"github.com/samber/lo\"\n)\n"
	stmts := []string{
		`evens := lo.Filter([]int{1, 2, 3, 4, 5, 6}, func(x int, _ int) bool { return x%2 == 0 })
strs := lo.Map(evens, func(x int, _ int) string { return strconv.Itoa(x * 10) })
fmt.Println(evens, strs, lo.Sum([]float64{1.5, 2}), lo.Uniq([]string{"a", "b", "a"}))`,
		`tup := lo.T2("k", 3)
k, v := tup.Unpack()
fmt.Println(k, v, tup.A, lo.Max([]int{3, 9, 2}), lo.Contains(strs, "20"))`,
		`byLen := lo.KeyBy([]string{"aa", "b"}, func(s string) int { return len(s) })
fmt.Println(byLen[2], len(byLen), lo.Ternary(len(byLen) > 1, "many", "few"))`,
		`groups := lo.GroupBy([]int{1, 2, 3, 4, 5}, func(i int) bool { return i%2 == 0 })
fmt.Println(groups[true], groups[false], lo.Chunk([]int{1, 2, 3, 4, 5}, 2))`,
		`lengths := lo.Map([]string{"x", "yy"}, func(s string, i int) float64 { return float64(len(s)) + float64(i)/2 })
fmt.Println(lengths, lo.Reduce(lengths, func(a float64, x float64, _ int) float64 { return a + x }, 0.25))`,
		`pairs := lo.Zip2([]string{"a", "b"}, []int{1, 2})
fmt.Println(len(pairs), pairs[1].A, pairs[1].B, lo.Keys(map[string]int{"only": 1}))`,
	}
	want := goRunEach(t, mod, "package main\n\n"+imports, stmts, "")
	cells := append([]string{imports}, stmts...)
	b := newBuilder(t)
	bin, err := b.Build(context.Background(), Set{Imports: []string{"github.com/samber/lo"}, Pins: []string{pin}, Cells: cells})
	if err != nil {
		t.Fatal(err)
	}
	res := runCells(t, bin.Path, cells...)
	for i, s := range stmts {
		if got := res[i+1]; got.stdout != want[i] || len(got.errors) > 0 {
			t.Errorf("cell %s printed %q (errors %q), go run printed %q", s, got.stdout, got.errors, want[i])
		}
	}
	// The same module set with other cells: the workspace is reused, the instances
	// generated again and the evaluator linked again.
	more := append(cells[:len(cells):len(cells)], `fmt.Println(lo.Map([]bool{true}, func(b bool, _ int) string { return fmt.Sprint(!b) }))`)
	again, err := b.Build(context.Background(), Set{Imports: []string{"github.com/samber/lo"}, Pins: []string{pin}, Cells: more})
	if err != nil {
		t.Fatal(err)
	}
	if again.Reused {
		t.Error("cells with a new instance found the old binary")
	}
	res = runCells(t, again.Path, more...)
	if got := res[len(res)-1]; got.stdout != "[false]\n" {
		t.Errorf("the new cell printed %q (errors %q), want [false]", got.stdout, got.errors)
	}
	start := time.Now()
	third, err := b.Build(context.Background(), Set{Imports: []string{"github.com/samber/lo"}, Pins: []string{pin}, Cells: more})
	if err != nil {
		t.Fatal(err)
	}
	if !third.Reused {
		t.Error("the same cells again: the binary was not reused")
	}
	t.Logf("the same set and cells again: %v", time.Since(start))
}

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
