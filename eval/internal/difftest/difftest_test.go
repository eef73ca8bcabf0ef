package difftest

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

var (
	// go test ./... runs seeds 1-120 as one cell each; install/test.sh (CI) runs 1-40 cut
	// into cells too, several times dearer, as a step of its own.
	seedsFlag  = flag.String("gosmith.seeds", "1-120", "seeds of TestRandomPrograms, FROM-TO")
	splitFlag  = flag.Int("gosmith.split", 0, "how many of TestRandomPrograms' programs also run cut into cells")
	updateFlag = flag.Bool("gosmith.update", false, "rewrite testdata/known.txt with the divergences found")
)

// TestMain makes the test binary a session worker when the pool starts it so.
func TestMain(m *testing.M) {
	if os.Getenv(WorkerEnv) != "" {
		if os.Getenv(dyingWorkerEnv) != "" {
			serveOneAndDie()
		}
		if err := Serve(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

const knownFile = "testdata/known.txt"

// known reads testdata/known.txt: "SEED MODE CLASS: detail" lines (MODE "one" or
// "split"), the divergences of the fixed seeds that are not fixed yet.
func known(t *testing.T) map[string]string {
	f, err := os.Open(knownFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, detail, ok := strings.Cut(line, ": ")
		if !ok {
			t.Fatalf("%s: want \"SEED MODE CLASS: detail\", got %q", knownFile, line)
		}
		out[key] = detail
	}
	return out
}

func outcomeKey(o Outcome) string {
	mode := "one"
	if o.Split {
		mode = "split"
	}
	return fmt.Sprintf("%d %s %s", o.Seed, mode, o.Class)
}

// TestRandomPrograms runs a fixed batch of random programs (package gosmith) with the Go
// toolchain and in sessions, one cell each, and the first ones also cut into cells. It
// fails for every divergence not listed in testdata/known.txt, and for every listed one
// that no longer shows (the list only shrinks: -gosmith.update rewrites it). The table
// of classes is logged.
func TestRandomPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a session per program (skipped with -short)")
	}
	from, to, err := parseSeeds(*seedsFlag)
	if err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	pool := &Pool{Command: []string{self}, Timeout: 15 * time.Second} // the programs take milliseconds in Go
	defer pool.Close()
	start := time.Now()
	rep, err := Soak(context.Background(), NewGoRunner(), pool, Config{From: from, To: to, Split: *splitFlag, Cells: 4, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	var table strings.Builder
	rep.Table(&table)
	t.Logf("seeds %d-%d, %s:\n%s", from, to, time.Since(start).Round(time.Second), table.String())
	if *updateFlag {
		writeKnown(t, rep)
		return
	}
	listed := known(t)
	seen := map[string]bool{}
	for _, d := range rep.Divergences {
		k := outcomeKey(d)
		seen[k] = true
		if _, ok := listed[k]; !ok {
			t.Errorf("seed %d diverges and is not listed in %s: %s: %s (go run ./eval/internal/gosmith/cmd/gosmith -seeds %d-%d -shrink)", d.Seed, knownFile, k, d.Detail, d.Seed, d.Seed)
		}
	}
	for k := range listed {
		seed, _ := strconv.ParseInt(strings.Fields(k)[0], 10, 64)
		ran := seed >= from && seed <= to
		if strings.Fields(k)[1] == "split" {
			ran = ran && seed < from+int64(*splitFlag)
		}
		if ran && !seen[k] {
			t.Errorf("%s no longer diverges so: remove it from %s", k, knownFile)
		}
	}
}

func writeKnown(t *testing.T, rep *Report) {
	var lines []string
	for _, d := range rep.Divergences {
		lines = append(lines, outcomeKey(d)+": "+strings.ReplaceAll(firstLine(d.Detail), "\n", " "))
	}
	sort.Strings(lines)
	text := "# Divergences of TestRandomPrograms' fixed seeds not fixed yet: \"SEED MODE CLASS: detail\".\n" +
		"# The test fails for a divergence missing here and for a line that no longer diverges.\n" +
		strings.Join(lines, "\n") + "\n"
	if err := os.WriteFile(filepath.Clean(knownFile), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func parseSeeds(s string) (int64, int64, error) {
	a, b, _ := strings.Cut(s, "-")
	from, err1 := strconv.ParseInt(a, 10, 64)
	to, err2 := strconv.ParseInt(b, 10, 64)
	if err1 != nil || err2 != nil || from < 1 || to < from {
		return 0, 0, fmt.Errorf("-gosmith.seeds %q: want FROM-TO", s)
	}
	return from, to, nil
}
