package kernel

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
)

func startRankSession(t *testing.T, n int) *Session {
	t.Helper()
	s, err := StartSession(SessionConfig{EvaluatorCommand: []string{os.Args[0]}, EvaluatorEnv: []string{fakeEnv + "=1"}, Ranks: n})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(time.Second) })
	return s
}

// run executes code and fails the test on a Go error (not on a cell error).
func run(t *testing.T, s *Session, code string) (*evalproto.Done, *recordedEvents) {
	t.Helper()
	ev := &recordedEvents{}
	d, err := execute(t, s, context.Background(), code, ev)
	if err != nil {
		t.Fatalf("%s: %v", code, err)
	}
	return d, ev
}

// sortedLines are the lines of text, sorted: ranks print in no particular order.
func sortedLines(text string) []string {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	slices.Sort(lines)
	return lines
}

// Every cell runs on every rank: each rank's text output comes labelled a line at a time,
// the value is rank 0's, each rank keeps its own state, and the ranks share a 0700
// directory that the session removes with them.
func TestRanksRunEveryCellOnEveryRank(t *testing.T) {
	for _, n := range []int{2, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			s := startRankSession(t, n)
			d, ev := run(t, s, "whoami")
			var want []string
			for r := 0; r < n; r++ {
				want = append(want, fmt.Sprintf("[%d] rank %d of %d", r, r, n))
			}
			if got := sortedLines(ev.streams["stdout"]); !slices.Equal(got, want) {
				t.Errorf("stdout lines %q, want %q", got, want)
			}
			if d.Error != nil || plainOf(d) != "rank 0" {
				t.Errorf("value %q, error %v", plainOf(d), d.Error)
			}

			// A line a rank leaves open ends with the cell, labelled.
			_, ev = run(t, s, "halfline")
			want = want[:0]
			for r := 0; r < n; r++ {
				want = append(want, fmt.Sprintf("[%d] part-%d", r, r))
			}
			if got := sortedLines(ev.streams["stdout"]); !slices.Equal(got, want) {
				t.Errorf("open lines %q, want %q", got, want)
			}

			d, _ = run(t, s, "dir")
			dir, mode, _ := strings.Cut(plainOf(d), " ")
			if mode != "drwx------" || !strings.Contains(dir, "peerbook-ranks-") {
				t.Fatalf("rank directory %q", plainOf(d))
			}
			s.Close(time.Second)
			if _, err := os.Stat(dir); !os.IsNotExist(err) {
				t.Errorf("the ranks' directory %s is still there after the session (%v)", dir, err)
			}
		})
	}
}

func plainOf(d *evalproto.Done) string {
	if len(d.Value) == 0 {
		return ""
	}
	if p := plainText(d.Value); p != nil {
		return *p
	}
	return ""
}

// A cell that fails on some ranks fails, naming them, with each rank's traceback labelled.
func TestRanksCellFailsNamingTheRanks(t *testing.T) {
	s := startRankSession(t, 4)
	d, _ := run(t, s, "on 2 fail")
	e := d.Error
	if e == nil || e.Name != "TestError" || e.Value != "on rank 2 of 4: failed on purpose" {
		t.Fatalf("error %+v", e)
	}
	if !slices.Contains(e.Traceback, "[2] TestError: failed on purpose") || !strings.Contains(e.Traceback[0], "the cell failed on rank 2 of 4") {
		t.Errorf("traceback %q", e.Traceback)
	}
	d, _ = run(t, s, "fail")
	if d.Error == nil || d.Error.Value != "on all 4 ranks: failed on purpose" || !slices.Contains(d.Error.Traceback, "[0,1,2,3] at cell line 1") {
		t.Errorf("error on every rank: %+v", d.Error)
	}
}

// Each rank keeps its own state; a rank that dies mid-cell ends the cell on every rank with
// an error naming it and its cause; every rank then starts again, empty, and says so.
func TestRankDeathEndsTheCellAndRestartsEveryRank(t *testing.T) {
	s := startRankSession(t, 2)
	run(t, s, "on 1 set x one")
	if d, _ := run(t, s, "on 1 get x"); d.Error != nil {
		t.Fatalf("state: %+v", d.Error)
	}
	if d, _ := run(t, s, "on 0 get x"); d.Error == nil {
		t.Fatal("rank 0 has rank 1's state")
	}
	g, _ := s.sup.currentRanks()
	old := g.pids()
	_, err := execute(t, s, context.Background(), "dieafter 50", &recordedEvents{})
	var lost *SessionLostError
	if !errors.As(err, &lost) {
		t.Fatalf("err = %v, want a SessionLostError", err)
	}
	if lost.Summary() != "rank 1 of 2: exit status 7" {
		t.Errorf("summary %q", lost.Summary())
	}
	ce := lost.CellError(true)
	if ce.Name != "SessionLost" || !strings.Contains(ce.Value, "rank 1 of 2 died (exit status 7)") || !strings.Contains(ce.Value, "all ranks have started again") {
		t.Errorf("cell error %+v", ce)
	}
	d, _ := run(t, s, "on 1 get x")
	if d.Error == nil || !strings.Contains(d.Error.Value, "x is not set") {
		t.Errorf("state after the restart: %+v", d.Error)
	}
	g, _ = s.sup.currentRanks()
	for _, p := range g.pids() {
		if slices.Contains(old, p) {
			t.Errorf("rank process %d survived its generation (old %v, new %v)", p, old, g.pids())
		}
	}
	if len(g.pids()) != 2 {
		t.Errorf("%d ranks after the restart", len(g.pids()))
	}
}

// All-gathers meet in the kernel: every rank gets every rank's blob in rank order; ranks
// that gather under different tags all get an error naming both.
func TestRanksAllGather(t *testing.T) {
	s := startRankSession(t, 4)
	for i := 0; i < 3; i++ {
		d, _ := run(t, s, "gather handles")
		if d.Error != nil || plainOf(d) != "r0,r1,r2,r3" {
			t.Fatalf("gather: %q %+v", plainOf(d), d.Error)
		}
	}
	d, _ := run(t, s, "gathermine")
	if d.Error == nil || d.Error.Name != "GatherError" {
		t.Fatalf("mismatched tags: %+v", d.Error)
	}
	// Every rank failed; each message names a rank that sent another tag than the round's.
	if !strings.Contains(d.Error.Value, "all-gather tags differ") || !strings.HasPrefix(d.Error.Value, "on all 4 ranks") {
		t.Errorf("error %q", d.Error.Value)
	}
	// The hub is usable again.
	if d, _ := run(t, s, "gather again"); d.Error != nil || plainOf(d) != "r0,r1,r2,r3" {
		t.Fatalf("gather after a mismatch: %q %+v", plainOf(d), d.Error)
	}
}

// An interrupt reaches every rank (each stops); the ranks' state is kept.
func TestRanksInterruptReachesEveryRank(t *testing.T) {
	s := startRankSession(t, 2)
	run(t, s, "set x kept")
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	d, err := execute(t, s, ctx, "spin", &recordedEvents{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Error == nil || d.Error.Name != "Interrupted" || !strings.HasPrefix(d.Error.Value, "on all 2 ranks") {
		t.Fatalf("error %+v", d.Error)
	}
	for r := 0; r < 2; r++ {
		if d, _ := run(t, s, fmt.Sprintf("on %d get x", r)); d.Error != nil {
			t.Errorf("rank %d lost its state: %+v", r, d.Error)
		}
	}
}

// Rank 0 reads input; other ranks' input calls fail, saying why.
func TestRanksInputFromRankZeroOnly(t *testing.T) {
	s := startRankSession(t, 2)
	ev := &recordedEvents{answer: "typed"}
	d, err := execute(t, s, context.Background(), "input name?", ev)
	if err != nil {
		t.Fatal(err)
	}
	if len(ev.prompts) != 1 || ev.prompts[0] != "name?" {
		t.Errorf("prompts %q", ev.prompts)
	}
	if d.Error == nil || !strings.Contains(d.Error.Value, "on rank 1 of 2") || !strings.Contains(d.Error.Value, "only rank 0 reads input") {
		t.Errorf("error %+v", d.Error)
	}
	if d, err := execute(t, s, context.Background(), "on 0 input name?", ev); err != nil || d.Error != nil || plainOf(d) != "got: typed" {
		t.Errorf("rank 0's input: %q %v %+v", plainOf(d), err, d.Error)
	}
}

// %ranks switches the session between one evaluator and N ranks, and chooses whose rich
// output is shown.
func TestRanksMagic(t *testing.T) {
	s := startFakeSession(t)
	d, ev := run(t, s, "%ranks")
	if d.Error != nil || !strings.Contains(ev.streams["stdout"], "one evaluator") {
		t.Errorf("%%ranks: %q %+v", ev.streams["stdout"], d.Error)
	}
	d, ev = run(t, s, "// two\n%ranks 2")
	if d.Error != nil || !strings.Contains(ev.streams["stdout"], "2 ranks started") || !strings.Contains(ev.streams["stdout"], "state") {
		t.Fatalf("%%ranks 2: %q %+v", ev.streams["stdout"], d.Error)
	}
	if _, ev = run(t, s, "whoami"); !slices.Equal(sortedLines(ev.streams["stdout"]), []string{"[0] rank 0 of 2", "[1] rank 1 of 2"}) {
		t.Errorf("whoami in 2 ranks: %q", ev.streams["stdout"])
	}
	// Rich output: rank 0's, then rank 1's, then every rank's, labelled.
	if _, ev = run(t, s, "display hi"); !slices.Equal(ev.shown, []string{"hi"}) {
		t.Errorf("rank 0's displays: %q", ev.shown)
	}
	run(t, s, "%ranks show 1")
	if d, _ := run(t, s, "whoami"); plainOf(d) != "rank 1" {
		t.Errorf("value with show 1: %q", plainOf(d))
	}
	run(t, s, "//peerbook:ranks show all")
	d, ev = run(t, s, "whoami")
	if plainOf(d) != "[0] rank 0" || !slices.Equal(ev.shown, []string{"[1] rank 1"}) {
		t.Errorf("show all: value %q, displays %q", plainOf(d), ev.shown)
	}
	_, ev = run(t, s, "display hi")
	slices.Sort(ev.shown)
	if !slices.Equal(ev.shown, []string{"[0] hi", "[1] hi"}) || !strings.Contains(ev.streams["stdout"], "[1] \n") {
		t.Errorf("show all displays %q, stdout %q", ev.shown, ev.streams["stdout"])
	}

	for code, want := range map[string]string{
		"%ranks 0":                   "want a number of ranks from 1 to 64",
		"%ranks 65":                  "want a number of ranks from 1 to 64",
		"%ranks show 2":              "the session has ranks 0 to 1",
		"%ranks 2\nwhoami":           "must be alone in its cell",
		"whoami\n%ranks 2":           "must be alone in its cell",
		"%ranks two":                 "want a number of ranks",
		"%ranks 2 --x":               "usage",
		"%ranks show nobody":         "want a rank",
		"%ranks 2\n%ranks 3":         "one %ranks line per cell",
		"%ranks 1 --launcher mpirun": "a launcher starts 2 ranks or more",
		"%ranks 2 --launcher pdsh":   "peerbook knows mpirun",
	} {
		if d, _ := run(t, s, code); d.Error == nil || d.Error.Name != "RanksError" || !strings.Contains(d.Error.Value, want) {
			t.Errorf("%q: %+v, want an error with %q", code, d.Error, want)
		}
	}
	d, ev = run(t, s, "%ranks 1")
	if d.Error != nil || !strings.Contains(ev.streams["stdout"], "one evaluator again") {
		t.Errorf("%%ranks 1: %q %+v", ev.streams["stdout"], d.Error)
	}
	if d, ev = run(t, s, "whoami"); ev.streams["stdout"] != "rank 0 of 1\n" || plainOf(d) != "rank 0" {
		t.Errorf("whoami after %%ranks 1: %q", ev.streams["stdout"])
	}
}

// The Jupyter kernel in rank mode: %ranks starts the ranks, a cell's streams come labelled
// on IOPub with rank 0's result, the count stays one per cell, the interrupt reaches every
// rank, completion is rank 0's, a rank's death mid-cell is the cell's error.
func TestKernelRanks(t *testing.T) {
	c := connect(t, startKernel(t, kernelOpts{}))
	r, io := c.execute("%ranks 2")
	if content(r)["status"] != "ok" || !strings.Contains(streamText(io, "stdout"), "2 ranks started") {
		t.Fatalf("%%ranks 2: %v %q", content(r), streamText(io, "stdout"))
	}
	r, io = c.execute("whoami")
	if got := sortedLines(streamText(io, "stdout")); !slices.Equal(got, []string{"[0] rank 0 of 2", "[1] rank 1 of 2"}) {
		t.Errorf("streams %q", got)
	}
	res := find(io, "execute_result")
	if res == nil || content(res)["data"].(map[string]any)["text/plain"] != "rank 0" || content(r)["execution_count"] != 2.0 {
		t.Errorf("result %v, reply %v", res, content(r))
	}

	c.execute("set x 41")
	id := c.send(c.shell, "execute_request", map[string]any{"code": "spin"})
	c.awaitStream(id, "[0] running", "[1] running")
	c.reply(c.controlCh, c.send(c.control, "interrupt_request", map[string]any{}))
	r = c.reply(c.shellCh, id)
	if rc := content(r); rc["ename"] != "Interrupted" || !strings.HasPrefix(rc["evalue"].(string), "on all 2 ranks") {
		t.Errorf("interrupted: %v", rc)
	}
	if r, _ := c.execute("on 1 get x"); content(r)["status"] != "ok" {
		t.Errorf("rank 1 lost its state to an interrupt: %v", content(r))
	}

	cr := c.reply(c.shellCh, c.send(c.shell, "complete_request", map[string]any{"code": "fmt.Pri", "cursor_pos": 7}))
	if m := content(cr)["matches"].([]any); len(m) != 3 {
		t.Errorf("completion %v", content(cr))
	}

	// A rank killed mid-cell: the error names it; every rank starts again, empty.
	r, _ = c.execute("dieafter 50")
	if rc := content(r); rc["ename"] != "SessionLost" || !strings.Contains(rc["evalue"].(string), "rank 1 of 2 died (exit status 7)") {
		t.Errorf("rank death: %v", rc)
	}
	r, io = c.execute("on 1 get x")
	if content(r)["status"] != "error" {
		t.Errorf("rank 1 kept its state through a restart: %v", content(r))
	}
	r, io = c.execute("%ranks 1")
	if content(r)["status"] != "ok" {
		t.Errorf("%%ranks 1: %v", content(r))
	}
	if _, io = c.execute("whoami"); streamText(io, "stdout") != "rank 0 of 1\n" {
		t.Errorf("one evaluator again: %q", streamText(io, "stdout"))
	}
}

// A rank that dies between cells ends every rank; the next cell is told, and runs in new
// ranks.
func TestRankDeathBetweenCellsIsTold(t *testing.T) {
	s := startRankSession(t, 2)
	_, ev := run(t, s, "on 1 exitlater 100 9")
	var pid int
	if _, err := fmt.Sscanf(ev.streams["stdout"], "[1] pid %d", &pid); err != nil {
		t.Fatalf("stdout %q: %v", ev.streams["stdout"], err)
	}
	// The next cell runs once the supervisor knows rank 1 (pid) has ended: between cells.
	// (A rank that dies as the next cell is sent loses that cell: SessionLostError.)
	s.sup.mu.Lock()
	g := s.sup.rg
	s.sup.mu.Unlock()
	for deadline := time.Now().Add(time.Minute); g.cause.Load() == nil; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("a minute after rank 1 (pid %d) was to exit, the supervisor has not seen it end", pid)
		}
	}
	d, ev := run(t, s, "whoami")
	if !strings.Contains(ev.streams["stderr"], "Rank 1 of 2 died between cells (exit status 9)") {
		t.Errorf("stderr %q", ev.streams["stderr"])
	}
	if d.Error != nil || len(sortedLines(ev.streams["stdout"])) != 2 {
		t.Errorf("the cell after: %q %+v", ev.streams["stdout"], d.Error)
	}
}

// BenchmarkRankCell is a trivial cell (the fake session's "value 2") run by a Session on
// one evaluator and on 2 and 4 ranks, each rank a process of the fake evaluator: the cost
// of sending a cell to every rank and gathering their answers, sync markers included.
func BenchmarkRankCell(b *testing.B) {
	for _, n := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("ranks=%d", n), func(b *testing.B) {
			s, err := StartSession(SessionConfig{EvaluatorCommand: []string{os.Args[0]}, EvaluatorEnv: []string{fakeEnv + "=1"}, Ranks: n})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close(time.Second)
			ctx := context.Background()
			for b.Loop() {
				if d, err := s.Execute(ctx, evalproto.ExecuteRequest{Code: "value 2"}, &recordedEvents{}); err != nil || d.Error != nil {
					b.Fatal(err, d)
				}
			}
		})
	}
}

// BenchmarkRanksStart is starting N ranks (or one evaluator) until every one is ready.
func BenchmarkRanksStart(b *testing.B) {
	for _, n := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("ranks=%d", n), func(b *testing.B) {
			for b.Loop() {
				s, err := StartSession(SessionConfig{EvaluatorCommand: []string{os.Args[0]}, EvaluatorEnv: []string{fakeEnv + "=1"}, Ranks: n})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := s.Execute(context.Background(), evalproto.ExecuteRequest{Code: "value 2"}, &recordedEvents{}); err != nil {
					b.Fatal(err)
				}
				s.Close(time.Second)
			}
		})
	}
}
