package difftest

import (
	"context"
	"fmt"
	"io"
	"math/rand"
	"sort"
	"strings"
	"sync"

	"github.com/peerbook/peerbook/eval/internal/gosmith"
)

// Config says which generated programs a Soak runs.
type Config struct {
	From, To int64 // seeds, inclusive
	// Split is how many of the programs (the first ones) also run cut into cells.
	Split int
	// Cells is the most cells a split program is cut into.
	Cells   int
	Workers int
	// Progress, when not nil, gets a line per chunk of programs done.
	Progress io.Writer
}

// Outcome is one program's run.
type Outcome struct {
	Seed   int64
	Split  bool // run cut into cells
	Class  Class
	Detail string
	Cells  []string
	Source string
}

// Report is what a Soak found.
type Report struct {
	Programs, SplitPrograms int
	One, Multi              map[Class]int // classes of the one-cell and split runs
	Divergences             []Outcome     // every outcome other than Same and Skipped
}

// chunk is how many programs go through the Go side at once.
const chunk = 256

// Soak generates the programs of cfg's seeds and runs each with the Go toolchain and as
// one cell (the first cfg.Split also cut into cells), classifying every run. A program
// after whose cells the worker died (a goroutine it left running, say) is classed
// Crash, though its output was Go's: Soak ends the pool's idle workers when it is done,
// to see those that died after their last program too.
func Soak(ctx context.Context, gr *GoRunner, pool *Pool, cfg Config) (*Report, error) {
	rep := &Report{One: map[Class]int{}, Multi: map[Class]int{}}
	index := map[string]int{} // a run's name: its outcome's place in done
	var done []Outcome
	if cfg.Cells < 2 {
		cfg.Cells = 4
	}
	if cfg.Workers < 1 {
		cfg.Workers = 1
	}
	for start := cfg.From; start <= cfg.To; start += chunk {
		end := min(start+chunk-1, cfg.To)
		var progs []*gosmith.Program
		var srcs []string
		for s := start; s <= end; s++ {
			p := gosmith.Generate(s)
			progs = append(progs, p)
			srcs = append(srcs, p.Source())
		}
		goRes, err := gr.Run(ctx, srcs)
		if err != nil {
			return rep, err
		}
		type job struct {
			i     int
			split bool
			cells []string
		}
		var jobs []job
		for i, p := range progs {
			jobs = append(jobs, job{i, false, OneCell(srcs[i])})
			if p.Seed-cfg.From < int64(cfg.Split) {
				r := rand.New(rand.NewSource(p.Seed))
				jobs = append(jobs, job{i, true, SplitCells(p, r, cfg.Cells)})
			}
		}
		outs := make([]Outcome, len(jobs))
		var wg sync.WaitGroup
		next := make(chan int)
		for w := 0; w < cfg.Workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := range next {
					j := jobs[k]
					// A program Go could not run has nothing to be compared with, and is
					// not run as cells either: one that ran past Go's time limit can
					// take the worker's memory without bound (seed 6171 doubles a
					// string in a loop: 23 GB under go run before the OOM killer).
					var cr CellResult
					if goRes[j.i].Failed == "" {
						cr = pool.RunNamed(runName(progs[j.i].Seed, j.split), j.cells)
					}
					class, detail := Compare(goRes[j.i], cr)
					outs[k] = Outcome{Seed: progs[j.i].Seed, Split: j.split, Class: class, Detail: detail, Cells: j.cells, Source: srcs[j.i]}
				}
			}()
		}
		for k := range jobs {
			if ctx.Err() != nil {
				break
			}
			next <- k
		}
		close(next)
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		for _, o := range outs {
			if o.Class == Same || o.Class == Skipped {
				o.Cells, o.Source = nil, "" // made again if it turns out to have killed its worker
			}
			index[runName(o.Seed, o.Split)] = len(done)
			done = append(done, o)
		}
		if cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "seeds %d-%d: %s\n", start, end, summarize(done))
		}
	}
	pool.Close()
	for _, d := range pool.IdleDeaths() {
		k, ok := index[d.After]
		if !ok {
			continue
		}
		o := &done[k]
		if o.Source == "" {
			p := gosmith.Generate(o.Seed)
			o.Source, o.Cells = p.Source(), OneCell(p.Source())
			if o.Split {
				o.Cells = SplitCells(p, rand.New(rand.NewSource(p.Seed)), cfg.Cells)
			}
		}
		o.Class = Crash
		o.Detail = "the worker died after the cells ended, before the next program began: " + d.Stderr
	}
	for _, o := range done {
		if o.Split {
			rep.SplitPrograms++
			rep.Multi[o.Class]++
		} else {
			rep.Programs++
			rep.One[o.Class]++
		}
		if o.Class != Same && o.Class != Skipped {
			rep.Divergences = append(rep.Divergences, o)
		}
	}
	sort.SliceStable(rep.Divergences, func(i, j int) bool {
		a, b := rep.Divergences[i], rep.Divergences[j]
		if a.Class != b.Class {
			return classRank(a.Class) < classRank(b.Class)
		}
		return a.Seed < b.Seed
	})
	return rep, nil
}

// runName names a program's run for the pool: its seed, and whether it was cut into
// cells.
func runName(seed int64, split bool) string {
	if split {
		return fmt.Sprintf("seed %d (split)", seed)
	}
	return fmt.Sprintf("seed %d (one cell)", seed)
}

// summarize counts the classes of outcomes, for a progress line.
func summarize(outs []Outcome) string {
	r := &Report{One: map[Class]int{}, Multi: map[Class]int{}}
	for _, o := range outs {
		if o.Split {
			r.Multi[o.Class]++
		} else {
			r.One[o.Class]++
		}
	}
	return r.summary()
}

func classRank(c Class) int {
	for i, k := range Classes {
		if k == c {
			return i
		}
	}
	return len(Classes)
}

func (r *Report) summary() string {
	var parts []string
	for _, c := range Classes {
		if n := r.One[c] + r.Multi[c]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", c, n))
		}
	}
	return strings.Join(parts, ", ")
}

// Table writes the report's figures: a row per class, for one cell and split.
func (r *Report) Table(w io.Writer) {
	fmt.Fprintf(w, "%-9s %12s %12s\n", "class", "one cell", "split")
	for _, c := range Classes {
		fmt.Fprintf(w, "%-9s %12s %12s\n", c, pct(r.One[c], r.Programs), pct(r.Multi[c], r.SplitPrograms))
	}
	fmt.Fprintf(w, "%-9s %12d %12d\n", "programs", r.Programs, r.SplitPrograms)
}

func pct(n, total int) string {
	if total == 0 {
		return "-"
	}
	return fmt.Sprintf("%d (%.2f%%)", n, 100*float64(n)/float64(total))
}
