package difftest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// dyingWorkerEnv makes the test binary a worker that answers one program and then dies,
// as a worker does when a goroutine left by a program's cells kills the process.
const dyingWorkerEnv = "PEERBOOK_DIFFTEST_TEST_DYING_WORKER"

// serveOneAndDie answers one request as Serve would (without running it) and exits with
// status 3 before reading the next.
func serveOneAndDie() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	if !sc.Scan() {
		os.Exit(0)
	}
	out := os.NewFile(3, "results")
	enc := json.NewEncoder(out)
	enc.Encode(begun{Begun: true})
	enc.Encode(CellResult{StdoutBytes: []byte("answered\n")})
	fmt.Fprintln(os.Stderr, "fatal error: left behind by the program")
	os.Exit(3)
}

func TestWorkerDyingBetweenProgramsIsTheEarlierProgramsDeath(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(dyingWorkerEnv, "1")
	pool := &Pool{Command: []string{self}, Timeout: 10 * time.Second}
	first := pool.RunNamed("first", []string{"x"})
	if first.Crash != "" || first.Stdout != "answered\n" {
		t.Fatalf("first program: %+v, want its answer", first)
	}
	// The worker that answered is dead now: the second program runs on a fresh one, and
	// the death is the first program's.
	second := pool.RunNamed("second", []string{"y"})
	if second.Crash != "" || second.Stdout != "answered\n" {
		t.Fatalf("second program: %+v, want its answer from a fresh worker", second)
	}
	deaths := pool.IdleDeaths()
	if len(deaths) != 1 || deaths[0].After != "first" || !strings.Contains(deaths[0].Stderr, "left behind") {
		t.Fatalf("deaths after the second program: %+v, want one, after \"first\", with its stderr", deaths)
	}
	if d := pool.IdleDeaths(); len(d) != 0 {
		t.Fatalf("IdleDeaths again: %+v, want none (they were taken)", d)
	}
	// The worker that ran the second program dies too: Close sees it.
	pool.Close()
	deaths = pool.IdleDeaths()
	if len(deaths) != 1 || deaths[0].After != "second" {
		t.Fatalf("deaths seen by Close: %+v, want one, after \"second\"", deaths)
	}
}

func TestWorkerEndingNormallyIsNoDeath(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	pool := &Pool{Command: []string{self}, Timeout: 10 * time.Second}
	for _, name := range []string{"a", "b"} {
		if r := pool.RunNamed(name, []string{"import \"fmt\"\nfmt.Println(\"ok\")"}); r.Stdout != "ok\n" || r.Crash != "" {
			t.Fatalf("program %s: %+v", name, r)
		}
	}
	pool.Close()
	if d := pool.IdleDeaths(); len(d) != 0 {
		t.Fatalf("deaths: %+v, want none", d)
	}
}

func TestSoakRunsNoCellsForProgramsGoCouldNotRun(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// Every worker this pool starts dies after its first program, and Soak classes such a
	// program Crash: a program run as cells shows. Go's side has no result for any
	// program (an empty cache, cached results only), so none may be run.
	t.Setenv(dyingWorkerEnv, "1")
	pool := &Pool{Command: []string{self}, Timeout: 10 * time.Second}
	gr := &GoRunner{CacheDir: t.TempDir(), CachedOnly: true, Version: "go version none"}
	rep, err := Soak(context.Background(), gr, pool, Config{From: 1, To: 3, Split: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.One[Skipped] != 3 || rep.Multi[Skipped] != 1 || len(rep.Divergences) != 0 {
		t.Fatalf("report %+v, want every program skipped and none run", rep)
	}
}
