package modules

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// The tests build real evaluator binaries from peerbook's working tree (the go build cache
// makes all but the main package and the link quick) and run cells in them with
// `peerbook run`. The local modules are in testdata; only TestProxy uses the network.

// repoRoot returns peerbook's module root (the folder of the go.mod above the test).
func repoRoot(t testing.TB) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.Contains(string(data), "module "+selfModule+"\n") {
			return dir
		}
		if filepath.Dir(dir) == dir {
			t.Fatal("no peerbook go.mod above " + wd)
		}
	}
}

func needGo(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH: the modules pipeline builds with it")
	}
}

func newBuilder(t testing.TB, env ...string) *Builder {
	t.Helper()
	needGo(t)
	b := &Builder{
		Source:     sourceSnapshot(t),
		SymbolsVar: "modulePackages",
		GoModVar:   "peerbookGoMod",
		CacheDir:   t.TempDir(),
		Progress:   func(line string) { t.Log(line) },
	}
	if env != nil {
		b.Env = append(os.Environ(), env...)
	}
	return b
}

// sourceSnapshot returns what peerbook embeds (modules_source.go), read now: the working
// tree may change while a test runs, and a build key must not.
func sourceSnapshot(t testing.TB) fs.FS {
	t.Helper()
	root := repoRoot(t)
	snap := fstest.MapFS{}
	add := func(p string) {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		snap[p] = &fstest.MapFile{Data: data, Mode: 0o644}
	}
	add("go.mod")
	add("go.sum")
	tops, _ := filepath.Glob(filepath.Join(root, "*.go"))
	for _, f := range tops {
		add(filepath.Base(f))
	}
	for _, dir := range []string{"display", "eval", "gpu", "install", "internal", "kernel"} {
		err := fs.WalkDir(os.DirFS(root), dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || skipped(p, d) {
				if err == nil && d.IsDir() {
					return fs.SkipDir
				}
				return err
			}
			if !d.IsDir() {
				add(p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return snap
}

// copyDir copies the testdata folder src to dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// cellResult is one cell's outputs after `peerbook run`.
type cellResult struct {
	stdout string
	errors []string // the evalue of each error output
}

// runCells runs cells in the evaluator bin (`peerbook run --evaluator BIN`) and returns each
// cell's stdout and errors.
func runCells(t testing.TB, bin string, cells ...string) []cellResult {
	t.Helper()
	type cell struct {
		CellType string   `json:"cell_type"`
		Source   string   `json:"source"`
		Metadata struct{} `json:"metadata"`
		Outputs  []any    `json:"outputs"`
		Count    *int     `json:"execution_count"`
	}
	nb := map[string]any{"metadata": map[string]any{}, "nbformat": 4, "nbformat_minor": 5}
	var cs []cell
	for _, c := range cells {
		cs = append(cs, cell{CellType: "code", Source: c, Outputs: []any{}})
	}
	nb["cells"] = cs
	dir := t.TempDir()
	in, out := filepath.Join(dir, "nb.ipynb"), filepath.Join(dir, "out.ipynb")
	data, _ := json.Marshal(nb)
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(peerbookCommand(t), "run", "--evaluator", bin, "--continue", "-q", "-o", out, in)
	log, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("%s run: %v\n%s", bin, err, log)
	}
	data, err = os.ReadFile(out)
	if err != nil {
		t.Fatalf("%s run wrote no notebook: %v\n%s", bin, err, log)
	}
	var done struct {
		Cells []struct {
			Outputs []struct {
				OutputType string `json:"output_type"`
				Name       string `json:"name"`
				Text       any    `json:"text"`
				Evalue     string `json:"evalue"`
			} `json:"outputs"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(data, &done); err != nil {
		t.Fatal(err)
	}
	var res []cellResult
	for _, c := range done.Cells {
		var r cellResult
		for _, o := range c.Outputs {
			switch {
			case o.OutputType == "stream" && o.Name == "stdout":
				r.stdout += textOf(o.Text)
			case o.OutputType == "error":
				r.errors = append(r.errors, o.Evalue)
			}
		}
		res = append(res, r)
	}
	return res
}

func textOf(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case []any:
		var b strings.Builder
		for _, s := range v {
			b.WriteString(textOf(s))
		}
		return b.String()
	}
	return ""
}

// runAfterDecls runs cells, the first of which declares what the others use, and returns
// their results; the test fails where the output lacks a cell or the declarations failed.
func runAfterDecls(t *testing.T, bin string, cells []string) []cellResult {
	t.Helper()
	all := runCells(t, bin, cells...)
	if len(all) != len(cells) {
		t.Fatalf("%d cells in the output notebook, want %d", len(all), len(cells))
	}
	if len(all[0].errors) > 0 {
		t.Fatalf("the declarations failed: %v", all[0].errors)
	}
	return all
}

// goRunEach runs stmts in order in the main function of one program (head: its package
// clause, imports and declarations; tail: statements after them) with goRun, and returns
// what each statement printed.
func goRunEach(t *testing.T, dir, head string, stmts []string, tail string) []string {
	t.Helper()
	var main strings.Builder
	for _, s := range stmts {
		main.WriteString(s + "\nfmt.Println(\"--\")\n")
	}
	out := goRun(t, dir, head+"\nfunc main() {\n"+main.String()+tail+"}\n")
	want := strings.Split(strings.TrimSuffix(out, "--\n"), "--\n")
	if len(want) != len(stmts) {
		t.Fatalf("go run printed %q: not %d parts", out, len(stmts))
	}
	return want
}

// goRun runs a Go program's main.go in the module folder dir with the go command: what the
// cells must print.
func goRun(t *testing.T, dir, src string) string {
	t.Helper()
	// A folder of its own: tests in parallel run programs in the same module.
	sub, err := os.MkdirTemp(dir, "expected-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(sub)
	if err := os.WriteFile(filepath.Join(sub, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "./"+filepath.Base(sub))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	return string(out)
}

// The declarations of the cells, and the statements whose output is compared with go run.
const (
	libDecls = `type Square struct{ Side float64 }

func (s Square) Area() float64 { return s.Side * s.Side }

type Labeled struct {
	stats.Point
	Label string
}

type Named string

func (n Named) Label() string { return "<" + string(n) + ">" }
`
	libLast = ""
)

// libCells are cells run after the declarations, each compared with what go run prints for
// the same statements. A case with a limit may fail instead (a known yaegi limit, named in
// docs/MODULES.md), never print something else.
var libCells = []struct{ src, limit string }{
	{src: `fmt.Println(stats.Version, stats.Mean([]float64{1, 2, 3, 4}), stats.Calls)`},
	{src: `var sh stats.Shape = Square{1.5}
fmt.Println(sh.Area(), stats.Total(sh))`},
	{src: `fmt.Println(stats.Total(Square{2}, Square{3}))`, limit: "variadic interface parameter"},
	{src: `l := Labeled{stats.Point{X: 3, Y: 4}, "p"}
fmt.Println(l.Norm(), l.X, l.Label)`},
	{src: `p := &stats.Point{X: 1}
p.Y = 2
fmt.Printf("%+v %.4f\n", *p, p.Norm())`},
}

func TestLocalModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds evaluator binaries (a minute or more on 2 cores): not with -short")
	}
	t.Parallel()
	b := newBuilder(t)
	tmp := t.TempDir()
	copyDir(t, "testdata/localmod", filepath.Join(tmp, "localmod"))
	copyDir(t, "testdata/notebook", filepath.Join(tmp, "notebook"))
	nbDir := filepath.Join(tmp, "notebook")
	set := Set{Imports: []string{"example.com/localmod/stats"}, Dir: nbDir}

	bin, err := b.Build(context.Background(), set)
	if err != nil {
		t.Fatal(err)
	}
	cells := []string{"import (\n\t\"fmt\"\n\n\t\"example.com/localmod/stats\"\n)\n\n" + libDecls}
	var blocks []string
	for _, c := range libCells {
		blocks = append(blocks, "{\n"+c.src+"\n}")
		cells = append(cells, c.src)
	}
	want := goRunEach(t, nbDir, "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/localmod/stats\"\n)\n\n"+libDecls, blocks, "")
	cells = append(cells,
		`fmt.Println(stats.Map([]int{1, 2}, func(i int) string { return fmt.Sprint(i) }))`,
		`fmt.Println("still here", stats.Calls)`,
		"stats.Calls = 10\nfmt.Println(stats.Calls)",
	)
	all := runAfterDecls(t, bin.Path, cells)
	for i, c := range libCells {
		got := all[i+1]
		switch {
		case c.limit != "" && len(got.errors) > 0:
			t.Logf("known limit (%s): %s: %q", c.limit, c.src, got.errors)
		case len(got.errors) > 0:
			t.Errorf("cell %s failed: %q", c.src, got.errors)
		case got.stdout != want[i]:
			t.Errorf("cell %s printed %q, go run printed %q", c.src, got.stdout, want[i])
		}
	}
	res := all[len(libCells)+1:]
	// This build was not given the cells, so it has no instance of the generic stats.Map
	// (TestGenerics has the builds that do): the cell runs its interpreted copy.
	if len(res[0].errors) > 0 || res[0].stdout != "[1 2]\n" {
		t.Errorf("a call of the generic stats.Map: printed %q, errors %q, want it run", res[0].stdout, res[0].errors)
	}
	if got := res[1].stdout; got != "still here 1\n" {
		t.Errorf("after the failing cell: %q, want the session's state (still here 1)", got)
	}
	// Assigning a library's variable: yaegi v0.16.1 refuses it ("cannot assign to ...
	// constant"); whatever it does, it must not be a silent no-op.
	if len(res[2].errors) == 0 && res[2].stdout != "10\n" {
		t.Errorf("stats.Calls = 10 then printing it: %q and no error", res[2].stdout)
	}
	t.Logf("assigning a library variable: %q %q", res[2].stdout, res[2].errors)

	// The project's packages build at their working-tree state.
	src := filepath.Join(tmp, "localmod", "stats", "stats.go")
	data, _ := os.ReadFile(src)
	if err := os.WriteFile(src, []byte(strings.Replace(string(data), `"v1-working-tree"`, `"v2-edited"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	bin2, err := b.Build(context.Background(), set)
	if err != nil {
		t.Fatal(err)
	}
	if bin2.Reused {
		t.Error("a build with a project folder was reused as it was: the folder may have changed")
	}
	res = runCells(t, bin2.Path, "import (\n\t\"fmt\"\n\n\t\"example.com/localmod/stats\"\n)\n\nfmt.Println(stats.Version)")
	if got := res[0].stdout; got != "v2-edited\n" {
		t.Errorf("after editing the project: %q (errors %q), want v2-edited", got, res[0].errors)
	}
}

func TestFailures(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go mod tidy over peerbook's source: not with -short")
	}
	needGo(t)
	abs, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	cgoNotebook := t.TempDir()
	gomod := "module example.com/cgonb\n\ngo 1.22\n\nrequire example.com/cgomod v0.0.0-00010101000000-000000000000\n\nreplace example.com/cgomod => " + filepath.Join(abs, "cgomod") + "\n"
	if err := os.WriteFile(filepath.Join(cgoNotebook, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		b    *Builder
		set  Set
		want []string
		is   error
	}{
		{
			name: "no go command",
			b:    func() *Builder { b := newBuilder(t); b.Go = filepath.Join(t.TempDir(), "go"); return b }(),
			set:  Set{Imports: []string{"example.com/localmod/stats"}},
			want: []string{"install Go"},
			is:   ErrNoGo,
		},
		{
			name: "standard library path",
			b:    newBuilder(t),
			set:  Set{Imports: []string{"fmt"}},
			want: []string{`"fmt" is not a third-party import path`},
		},
		{
			name: "package that does not exist",
			b:    newBuilder(t),
			set:  Set{Imports: []string{"example.com/localmod/nope"}, Dir: filepath.Join(abs, "notebook")},
			want: []string{"the package example.com/localmod/nope was not found", "check its path", "go mod tidy failed"},
		},
		{
			name: "offline without the module in the cache",
			b:    newBuilder(t, "GOPROXY=off"),
			set:  Set{Imports: []string{"example.invalid/nomodule/pkg"}},
			want: []string{"the module proxy can't be reached and the module cache", "example.invalid/nomodule"},
		},
		{
			name: "package needing cgo with cgo off",
			b:    newBuilder(t, "CGO_ENABLED=0"),
			set:  Set{Imports: []string{"example.com/cgomod"}, Dir: cgoNotebook},
			want: []string{"example.com/cgomod need cgo", "install a C compiler"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			bin, err := tc.b.Build(context.Background(), tc.set)
			if err == nil {
				t.Fatalf("built %s, want an error", bin.Path)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\ndoes not say %q", err, w)
				}
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error %v is not %v", err, tc.is)
			}
			// Nothing half made is left for a later build to take.
			ents, _ := os.ReadDir(tc.b.CacheDir)
			for _, e := range ents {
				if strings.HasPrefix(e.Name(), "tmp-") {
					t.Errorf("left %s in the cache dir", e.Name())
				}
			}
			t.Logf("failed in %v: %v", time.Since(start).Round(time.Millisecond), err)
		})
	}
}

// TestProxy: go-humanize, pinned, from the module proxy (or the module cache), in the
// notebook's shared build: its functions print what go run prints, the workspace's go.mod
// pins the version, and a second build of the set finds the binary.
func TestProxy(t *testing.T) {
	bin := notebookBuild(t)
	t.Parallel()
	const stmts = `fmt.Println(humanize.Bytes(82854982), humanize.Comma(-1234567), humanize.Ordinal(23))
fmt.Println(humanize.SIWithDigits(0.000012345, 2, "F"))
`
	want := goRun(t, notebook.dir, "package main\n\nimport (\n\t\"fmt\"\n\n\thumanize \"github.com/dustin/go-humanize\"\n)\n\nfunc main() {\n"+stmts+"}\n")
	res := runCells(t, bin.Path, "import (\n\t\"fmt\"\n\n\thumanize \"github.com/dustin/go-humanize\"\n)\n\n"+stmts)
	if res[0].stdout != want || len(res[0].errors) > 0 {
		t.Errorf("the cell printed %q (errors %q), go run printed %q", res[0].stdout, res[0].errors, want)
	}
	b := newBuilder(t)
	b.CacheDir = notebook.cache
	start := time.Now()
	again, err := b.Build(context.Background(), Set{Imports: notebookImports, Pins: notebookPins})
	if err != nil {
		t.Fatal(err)
	}
	if !again.Reused || again.Path != bin.Path {
		t.Errorf("a second build of the same set: %+v, want the first binary reused", again)
	}
	t.Logf("the second session's build took %v", time.Since(start))
	gomod, err := os.ReadFile(filepath.Join(bin.Workspace, "go.mod"))
	if err != nil || !strings.Contains(string(gomod), "github.com/dustin/go-humanize v1.1.0") {
		t.Errorf("the workspace's go.mod does not pin go-humanize v1.1.0 (%v):\n%s", err, gomod)
	}
}
