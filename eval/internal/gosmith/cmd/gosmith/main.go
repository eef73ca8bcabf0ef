// Command gosmith runs random programs of package gosmith with the Go toolchain and
// as notebook cells in peerbook sessions, and prints how they compare: the soak run of
// the differential tester (package difftest).
//
//	go run ./eval/internal/gosmith/cmd/gosmith -seeds 1-10000 -split 1000
//
// prints a table of classes (same, SILENT, WRONG, REFUSED, LOUD, CRASH, TIMEOUT) for
// the programs run as one cell and for the first -split programs cut into cells, then
// every divergence with its seed. -show SEED prints a program; -shrink reduces each
// divergence to a small program and -save DIR writes them there.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/peerbook/peerbook/eval/internal/difftest"
	"github.com/peerbook/peerbook/eval/internal/gosmith"
)

func main() {
	if os.Getenv(difftest.WorkerEnv) != "" {
		if err := difftest.Serve(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	seeds := flag.String("seeds", "1-200", "seed range FROM-TO")
	split := flag.Int("split", 0, "run the first N programs cut into cells too")
	cells := flag.Int("cells", 4, "the most cells a split program is cut into")
	workers := flag.Int("workers", runtime.NumCPU(), "session worker processes")
	timeout := flag.Duration("timeout", 60*time.Second, "time limit of one program's cells")
	show := flag.Int64("show", 0, "print the program of this seed and exit")
	shrink := flag.Bool("shrink", false, "shrink each divergence")
	save := flag.String("save", "", "write divergences (and shrunk programs) to this directory")
	goVersion := flag.String("go-version", "", "compare with the cached results of this toolchain (what \"go version\" prints) instead of asking the go command")
	cachedOnly := flag.Bool("cached-only", false, "run no program with Go: compare only the programs whose Go results are cached (for a machine without Go; with -go-version)")
	goOnly := flag.Bool("go-only", false, "only run the programs with Go, filling the cache that -cached-only reads, and print the toolchain's version")
	file := flag.String("file", "", "run this program (cells separated by "+difftest.CellMarker+" lines) both ways and print both results")
	flag.Parse()
	if *file != "" {
		os.Exit(runFile(*file, *timeout))
	}
	if *show != 0 {
		fmt.Print(gosmith.Generate(*show).Source())
		return
	}
	from, to, err := parseRange(*seeds)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *goOnly {
		os.Exit(runGoOnly(ctx, from, to))
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	pool := &difftest.Pool{Command: []string{self}, Timeout: *timeout}
	defer pool.Close()
	gr := difftest.NewGoRunner()
	gr.Version, gr.CachedOnly = *goVersion, *cachedOnly
	start := time.Now()
	rep, err := difftest.Soak(ctx, gr, pool, difftest.Config{From: from, To: to, Split: *split, Cells: *cells, Workers: *workers, Progress: os.Stderr})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	if rep == nil {
		os.Exit(1)
	}
	fmt.Printf("seeds %d-%d (%d programs, the first %d also cut into up to %d cells), %s\n", from, to, rep.Programs, rep.SplitPrograms, *cells, time.Since(start).Round(time.Second))
	rep.Table(os.Stdout)
	for _, d := range rep.Divergences {
		mode := "one cell"
		if d.Split {
			mode = fmt.Sprintf("%d cells", len(d.Cells))
		}
		fmt.Printf("%s seed %d (%s): %s\n", d.Class, d.Seed, mode, d.Detail)
		if *save != "" {
			if err := saveDivergence(*save, d, ""); err != nil {
				fmt.Fprintln(os.Stderr, err)
			}
		}
		if *shrink {
			small, err := difftest.Shrink(ctx, gr, pool, *workers, func(s string) { fmt.Fprintln(os.Stderr, s) }, d)
			if err != nil {
				fmt.Fprintln(os.Stderr, "shrink:", err)
				continue
			}
			fmt.Printf("  shrunk to %d lines\n", strings.Count(small.Source, "\n"))
			if *save != "" {
				if err := saveDivergence(*save, small, "_min"); err != nil {
					fmt.Fprintln(os.Stderr, err)
				}
			}
		}
	}
}

func saveDivergence(dir string, d difftest.Outcome, suffix string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	name := fmt.Sprintf("%s_%d", strings.ToLower(string(d.Class)), d.Seed)
	if d.Split {
		name += "_split"
	}
	text := d.Source
	if d.Split {
		text = strings.Join(d.Cells, "//--- cell\n")
	}
	header := fmt.Sprintf("// %s: %s\n", d.Class, d.Detail)
	return os.WriteFile(filepath.Join(dir, name+suffix+".go.txt"), []byte(header+text), 0o644)
}

func parseRange(s string) (int64, int64, error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	from, err1 := strconv.ParseInt(a, 10, 64)
	to, err2 := strconv.ParseInt(b, 10, 64)
	if err1 != nil || err2 != nil || from < 1 || to < from {
		return 0, 0, fmt.Errorf("-seeds %q: want FROM-TO, 1 <= FROM <= TO", s)
	}
	return from, to, nil
}

// runFile runs one program both ways and prints what each did.
func runFile(path string, timeout time.Duration) int {
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	pool := &difftest.Pool{Command: []string{self}, Timeout: timeout}
	defer pool.Close()
	res, err := difftest.NewGoRunner().Run(context.Background(), []string{string(src)})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	g := res[0]
	c := pool.Run(difftest.MarkedCells(string(src)))
	fmt.Printf("--- go run (exit %d%s)\n%s", g.Exit, g.Failed, g.Stdout)
	if g.Panic != "" {
		fmt.Printf("panic: %s\n", g.Panic)
	}
	fmt.Printf("--- cells\n%s", c.Stdout)
	if c.Stderr != "" {
		fmt.Printf("--- cells' stderr\n%s", c.Stderr)
	}
	if c.ErrName != "" || c.Crash != "" {
		fmt.Printf("%s: %s%s\n", c.ErrName, c.ErrValue, c.Crash)
	}
	class, detail := difftest.Compare(g, c)
	fmt.Printf("--- %s %s\n", class, detail)
	return 0
}

// runGoOnly runs the programs of seeds from-to with the Go toolchain only, 256 at a time,
// caching their results, and prints the toolchain's version (for -go-version elsewhere).
func runGoOnly(ctx context.Context, from, to int64) int {
	gr := difftest.NewGoRunner()
	failed := 0
	for start := from; start <= to; start += 256 {
		end := min(start+255, to)
		var srcs []string
		for seed := start; seed <= end; seed++ {
			srcs = append(srcs, gosmith.Generate(seed).Source())
		}
		res, err := gr.Run(ctx, srcs)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		for _, r := range res {
			if r.Failed != "" {
				failed++
			}
		}
		fmt.Fprintf(os.Stderr, "seeds %d-%d: run with Go (%d failed so far)\n", start, end, failed)
	}
	out, err := exec.Command("go", "version").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Print(string(out))
	return 0
}
