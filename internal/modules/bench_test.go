package modules

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The figures of docs/MODULES.md. Run them with
//
//	go test -run XXX -bench Gonum -benchtime 10x ./internal/modules
//
// They use gonum.org/v1/gonum/mat from the module cache or the module proxy (and SKIP when
// neither has it).

const gonumMat = "gonum.org/v1/gonum/mat"

// gonumBinary builds (or reuses, from the user's cache dir) an evaluator with gonum's mat.
func gonumBinary(b *testing.B) *Binary {
	b.Helper()
	bl := newBuilder(b)
	bl.CacheDir = "" // the user's: what a notebook gets, reused between runs
	bin, err := bl.Build(context.Background(), Set{Imports: []string{gonumMat}})
	if err != nil {
		if strings.Contains(err.Error(), "can't be reached") {
			b.Skipf("gonum is neither in the module cache nor reachable: %v", err)
		}
		b.Fatal(err)
	}
	return bin
}

// mulSetup makes two 500x500 matrices; the same code is a cell and a Go program's start.
const mulSetup = `r := rand.New(rand.NewPCG(1, 2))
	fill := func() *mat.Dense {
		d := make([]float64, 500*500)
		for i := range d {
			d[i] = r.Float64()
		}
		return mat.NewDense(500, 500, d)
	}
	x, y := fill(), fill()
	var c mat.Dense
	c.Mul(x, y) // warm up
`

// mulLoop multiplies n times and prints the nanoseconds per multiply.
const mulLoop = `start := time.Now()
	for i := 0; i < %d; i++ {
		c.Mul(x, y)
	}
	fmt.Println(time.Since(start).Nanoseconds() / %d)
`

// BenchmarkGonumMul compares mat.Dense.Mul of two 500x500 matrices from a cell with the same
// in a compiled Go program (built in the evaluator's workspace, so with the same gonum),
// side by side: compare their ns/mul.
func BenchmarkGonumMul(b *testing.B) {
	bin := gonumBinary(b)
	b.Run("compiled", func(b *testing.B) {
		dir, err := os.MkdirTemp(bin.Workspace, "mulbench-")
		if err != nil {
			b.Fatal(err)
		}
		defer os.RemoveAll(dir)
		src := fmt.Sprintf("package main\n\nimport (\n\t\"fmt\"\n\t\"math/rand/v2\"\n\t\"time\"\n\n\t\"gonum.org/v1/gonum/mat\"\n)\n\nfunc main() {\n\t%s\t%s}\n", mulSetup, fmt.Sprintf(mulLoop, b.N, b.N))
		if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
		cmd := exec.Command("go", "run", "./"+filepath.Base(dir))
		cmd.Dir = bin.Workspace
		cmd.Env = append(os.Environ(), "GOWORK=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			b.Fatalf("go run: %v\n%s", err, out)
		}
		reportNs(b, string(out))
	})
	b.Run("cell", func(b *testing.B) {
		res := runCells(b, bin.Path,
			"import (\n\t\"fmt\"\n\t\"math/rand/v2\"\n\t\"time\"\n\n\t\"gonum.org/v1/gonum/mat\"\n)\n\n"+strings.ReplaceAll(mulSetup, "\n\t", "\n"),
			fmt.Sprintf(strings.ReplaceAll(mulLoop, "\n\t", "\n"), b.N, b.N))
		if len(res) != 2 || len(res[0].errors)+len(res[1].errors) > 0 {
			b.Fatalf("cells: %+v", res)
		}
		reportNs(b, res[1].stdout)
	})
}

func reportNs(b *testing.B, out string) {
	b.Helper()
	ns, err := strconv.ParseFloat(strings.TrimSpace(out), 64)
	if err != nil {
		b.Fatalf("not a number of nanoseconds: %q", out)
	}
	b.ReportMetric(ns, "ns/mul")
}

// BenchmarkGonumBuild times a first import of gonum's mat with a warm module cache (a new
// workspace: copy, tidy, symbols, go build with the go build cache as it is) and the reuse
// of its binary by a later session.
func BenchmarkGonumBuild(b *testing.B) {
	b.Run("first", func(b *testing.B) {
		for b.Loop() {
			bl := newBuilder(b)
			start := time.Now()
			last := start
			var steps []string
			bl.Progress = func(line string) {
				now := time.Now()
				steps = append(steps, fmt.Sprintf("%5.1fs  then: %s", now.Sub(last).Seconds(), line))
				last = now
			}
			if _, err := bl.Build(context.Background(), Set{Imports: []string{gonumMat}}); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(time.Since(start).Seconds(), "s/build")
			// Each line: the time the step before it took, and the step it starts.
			b.Logf("steps:\n%s", strings.Join(steps, "\n"))
		}
	})
	b.Run("reuse", func(b *testing.B) {
		gonumBinary(b)
		bl := newBuilder(b)
		bl.CacheDir = ""
		for b.Loop() {
			bin, err := bl.Build(context.Background(), Set{Imports: []string{gonumMat}})
			if err != nil || !bin.Reused {
				b.Fatalf("%v, reused %v", err, bin != nil && bin.Reused)
			}
		}
	})
}
