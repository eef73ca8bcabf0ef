package modules

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The tests of a notebook over four real modules share one build (a minute or more on 2
// cores; the build of a module set is what a notebook pays once): github.com/samber/lo
// (generic helpers), github.com/gammazero/deque (a generic container with unexported
// methods and constants), github.com/dustin/go-humanize and github.com/shopspring/decimal
// (plain packages). They need the module proxy or these versions in the module cache, and
// SKIP without them.

var notebookPins = []string{
	"github.com/samber/lo@v1.53.0",
	"github.com/gammazero/deque@v1.0.0",
	"github.com/dustin/go-humanize@v1.1.0",
	"github.com/shopspring/decimal@v1.4.0",
}

var notebookImports = []string{"github.com/dustin/go-humanize", "github.com/gammazero/deque", "github.com/samber/lo", "github.com/shopspring/decimal"}

// notebookHead is the notebook's first cell: imports and the notebook's own types.
const notebookHead = `import (
	"fmt"
	"strings"

	"github.com/dustin/go-humanize"
	"github.com/gammazero/deque"
	"github.com/samber/lo"
	"github.com/shopspring/decimal"
)

type User struct {
	Name string
	Age  int
	Team string
}

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1fC", float64(c)) }

type Item struct{ Tags []string }

func (i Item) Clone() Item { return Item{Tags: append([]string(nil), i.Tags...)} }
`

// notebookStmts are the notebook's other cells, each compared with what go run prints for
// the same statements: the modules' generics over the notebook's types (interpreted
// copies), and over Go's (compiled instances).
var notebookStmts = []string{
	`users := []User{{"ann", 31, "red"}, {"bob", 42, "blue"}, {"cid", 27, "red"}, {"dee", 42, "blue"}}
names := lo.Map(users, func(u User, _ int) string { return strings.ToUpper(u.Name) })
fmt.Println(names, len(names))`,
	`adults := lo.Filter(users, func(u User, _ int) bool { return u.Age > 30 })
fmt.Printf("%v %T %d\n", adults, adults, len(adults))`,
	`byTeam := lo.GroupBy(users, func(u User) string { return u.Team })
fmt.Println(len(byTeam), byTeam["red"], byTeam["blue"])
fmt.Printf("%T\n", byTeam)`,
	`temps := lo.Uniq([]Celsius{21.5, 19, 21.5, 30})
fmt.Println(temps, len(temps))
fmt.Printf("%v %T\n", temps[0], temps)`,
	`byName := lo.KeyBy(users, func(u User) string { return u.Name })
fmt.Println(byName["bob"].Age, len(byName), byName["dee"])`,
	`total := lo.Reduce(users, func(acc Celsius, u User, _ int) Celsius { return acc + Celsius(u.Age) }, 0.5)
fmt.Println(total)
fmt.Printf("%T %v\n", total, float64(total))`,
	`ages := lo.Map(users, func(u User, _ int) Celsius { return Celsius(u.Age) })
fmt.Println(lo.Max(ages), lo.Min(ages), lo.Sum(ages))`,
	`var q deque.Deque[User]
for _, u := range users {
	q.PushBack(u)
}
q.PushFront(User{Name: "eve"})
front := q.PopFront()
fmt.Println(front.Name, q.Len(), q.Front().Name, q.Back(), q.At(1).Team)
fmt.Printf("%T %d\n", &q, q.Index(func(u User) bool { return u.Team == "blue" }))`,
	`items := lo.Repeat(2, Item{Tags: []string{"a"}})
items[0].Tags[0] = "z"
fmt.Println(items, len(items))`,
	`pairs := lo.Zip2(names, users)
fmt.Println(len(pairs), pairs[1].A, pairs[1].B.Age)
fmt.Printf("%T\n", pairs[0])`,
	`evens := lo.Filter([]int{1, 2, 3, 4, 5, 6}, func(x int, _ int) bool { return x%2 == 0 })
fmt.Println(evens, lo.Sum(evens), lo.Uniq([]string{"a", "b", "a"}), lo.Max([]float64{1.5, 3}))`,
	`fmt.Println(humanize.Comma(1234567), humanize.Bytes(82854982), decimal.NewFromFloat(1.25).Add(decimal.NewFromInt(2)))`,
}

// loImports and loStmts are TestSamberLo's cells: lo over Go's types.
const loImports = "import (\n\t\"fmt\"\n\t\"strconv\"\n\n\t\"github.com/samber/lo\"\n)\n"

var loStmts = []string{
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

var notebook struct {
	once  sync.Once
	bin   *Binary
	cache string
	dir   string // a module requiring the pins: where go run gives the expected output
	err   error
	took  time.Duration
	skip  string
}

// notebookBuild returns the shared build of the notebook (see above), made on first use.
func notebookBuild(t testing.TB) *Binary {
	t.Helper()
	if testing.Short() {
		t.Skip("builds an evaluator binary: not with -short")
	}
	needGo(t)
	notebook.once.Do(func() {
		mod, err := os.MkdirTemp("", "peerbook-notebook-expected-")
		if err != nil {
			notebook.err = err
			return
		}
		notebook.dir = mod
		os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/expected\n\ngo 1.22\n"), 0o644)
		get := exec.Command("go", append([]string{"get"}, notebookPins...)...)
		get.Dir = mod
		get.Env = append(os.Environ(), "GOWORK=off")
		if out, err := get.CombinedOutput(); err != nil {
			notebook.skip = fmt.Sprintf("the module proxy does not answer here (go get: %v): %s", err, out)
			return
		}
		notebook.cache, err = os.MkdirTemp("", "peerbook-notebook-cache-")
		if err != nil {
			notebook.err = err
			return
		}
		b := newBuilder(t)
		b.CacheDir = notebook.cache
		b.Progress = func(line string) { fmt.Fprintln(os.Stderr, line) }
		start := time.Now()
		notebook.bin, notebook.err = b.Build(context.Background(), Set{Imports: notebookImports, Pins: notebookPins, Cells: append(append([]string{notebookHead}, notebookStmts...), append([]string{loImports}, loStmts...)...)})
		notebook.took = time.Since(start)
	})
	if notebook.skip != "" {
		t.Skip(notebook.skip)
	}
	if notebook.err != nil {
		t.Fatal(notebook.err)
	}
	return notebook.bin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if notebook.cache != "" {
		os.RemoveAll(notebook.cache)
	}
	if notebook.dir != "" {
		os.RemoveAll(notebook.dir)
	}
	removePeerbookCommand()
	os.Exit(code)
}

// The modules' generics over the notebook's own types (lo.Map, Filter, GroupBy, Uniq,
// KeyBy, Reduce, Max over cell structs and named types, a deque of a cell type, lo.Repeat
// calling the cell type's Clone through its constraint) and over Go's print what go run
// prints.
func TestModuleGenericsOverCellTypes(t *testing.T) {
	bin := notebookBuild(t)
	t.Parallel()
	head := strings.Replace(notebookHead, "import (", "package main\n\nimport (", 1)
	want := goRunEach(t, notebook.dir, head, notebookStmts, "_, _, _, _, _, _, _, _, _ = names, adults, byTeam, temps, byName, total, front, items, pairs\n")
	res := runCells(t, bin.Path, append([]string{notebookHead}, notebookStmts...)...)
	if len(res[0].errors) > 0 {
		t.Fatalf("the first cell failed: %q", res[0].errors)
	}
	for i, s := range notebookStmts {
		if got := res[i+1]; got.stdout != want[i] || len(got.errors) > 0 {
			t.Errorf("cell %s\nprinted %q (errors %q), go run printed %q", s, got.stdout, got.errors, want[i])
		}
	}
}

// goWrapper writes a go command that records each of its runs in a file before running
// the real one, and returns it and the file.
func goWrapper(t testing.TB) (string, string) {
	t.Helper()
	real, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	log := filepath.Join(dir, "runs")
	script := fmt.Sprintf("#!/bin/sh\necho \"$@\" >> %q\nexec %q \"$@\"\n", log, real)
	path := filepath.Join(dir, "go")
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, log
}

// A later session of a module set already built finds its binary without running the go
// command, whatever its cells (a use the build did not see runs interpreted, see
// TestModuleGenericsOverCellTypes), and its first cell runs at once.
func TestBuiltSetRunsNoGoCommand(t *testing.T) {
	first := notebookBuild(t)
	t.Parallel()
	goCmd, log := goWrapper(t)
	b := newBuilder(t)
	b.CacheDir = notebook.cache
	b.Go = goCmd
	// The first call with this go command asks it about the environment (go env), once.
	if _, err := b.Build(context.Background(), Set{Imports: notebookImports, Pins: notebookPins}); err != nil {
		t.Fatal(err)
	}
	os.Remove(log)
	other := []string{notebookHead, `fmt.Println(lo.Map([]float64{1, 2}, func(x float64, _ int) string { return fmt.Sprint(x / 4) }))`}
	start := time.Now()
	bin, err := b.Build(context.Background(), Set{Imports: notebookImports, Pins: notebookPins, Cells: other})
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if !bin.Reused || bin.Path != first.Path {
		t.Errorf("a later session: %+v, want the first build's binary reused", bin)
	}
	if runs, err := os.ReadFile(log); err == nil {
		t.Errorf("a later session ran the go command:\n%s", runs)
	}
	res := runCells(t, bin.Path, other...)
	if got := res[1]; got.stdout != "[0.25 0.5]\n" || len(got.errors) > 0 {
		t.Errorf("a use the build did not see: %q (errors %q), want [0.25 0.5]", got.stdout, got.errors)
	}
	t.Logf("the first build took %v; finding it again %v", notebook.took, took)
}

// BenchmarkLaterSession is the first cell of a later session of the notebook over four
// modules (its module set built already): Build finds the binary (no go command), the
// evaluator starts and runs the notebook's first cell and a cell using lo.Map over the
// notebook's type (its interpreted copy loaded), and writes the notebook: what `peerbook
// run` does, and what the kernel does besides handing over an empty session.
//
//	go test -run XXX -bench LaterSession -benchtime 5x ./internal/modules
func BenchmarkLaterSession(b *testing.B) {
	notebookBuild(b)
	bl := newBuilder(b)
	bl.CacheDir = notebook.cache
	bl.Progress = nil
	cells := []string{notebookHead, notebookStmts[0]}
	for b.Loop() {
		bin, err := bl.Build(context.Background(), Set{Imports: notebookImports, Pins: notebookPins, Cells: cells})
		if err != nil || !bin.Reused {
			b.Fatalf("%v, reused %v", err, bin != nil && bin.Reused)
		}
		res := runCells(b, bin.Path, cells...)
		if len(res) != 2 || len(res[1].errors) > 0 || !strings.HasPrefix(res[1].stdout, "[ANN BOB CID DEE]") {
			b.Fatalf("cells: %+v", res)
		}
	}
}

// BenchmarkFirstBuild is the first build of the notebook's module set with the module
// cache warm (a new cache folder each time: resolve, generate, compile what the go build
// cache lacks, link). It logs the progress lines with the time since the one before, and
// reports the longest silence.
//
//	go test -run XXX -bench FirstBuild -benchtime 1x ./internal/modules
func BenchmarkFirstBuild(b *testing.B) {
	notebookBuild(b) // the modules downloaded
	for b.Loop() {
		bl := newBuilder(b)
		start := time.Now()
		last := start
		var steps []string
		var longest time.Duration
		bl.Progress = func(line string) {
			now := time.Now()
			longest = max(longest, now.Sub(last))
			steps = append(steps, fmt.Sprintf("%5.1fs  %s", now.Sub(last).Seconds(), line))
			last = now
		}
		if _, err := bl.Build(context.Background(), Set{Imports: notebookImports, Pins: notebookPins, Cells: append([]string{notebookHead}, notebookStmts...)}); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(time.Since(start).Seconds(), "s/build")
		b.ReportMetric(longest.Seconds(), "s-longest-silence")
		b.Logf("progress (seconds since the line before):\n%s", strings.Join(steps, "\n"))
	}
}
