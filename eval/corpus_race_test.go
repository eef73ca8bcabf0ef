package eval

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// The corpus and the sessions are compared with what `go run` printed once. A program
// whose output depends on how goroutines or timers happen to be scheduled compares
// equal most of the time and fails at random: a flaky test. So every program must be free
// of data races, as Go's race detector sees it.
//
// Running 1,000 programs under -race takes many minutes, too long for every test run, so
// the check is recorded: testdata/corpus/RACE_CHECKED.txt holds the SHA-256 of every
// program (corpus NAME.go, and the equivalent program of each session) that passed
// `go build -race` and a run without a race report. TestCorpusProgramsAreRaceChecked fails
// for a program that is not recorded; `go test ./eval -run RaceChecked -corpus.race` checks
// the programs that are not (with -corpus.race.all, every program again) and records those
// that pass.
var (
	corpusRace    = flag.Bool("corpus.race", false, "run the corpus programs not yet recorded in RACE_CHECKED.txt under the race detector, and record those that pass")
	corpusRaceAll = flag.Bool("corpus.race.all", false, "with -corpus.race: check every program again")
)

const raceCheckedFile = "testdata/corpus/RACE_CHECKED.txt"

// raceProgram is one program whose freedom from data races is checked.
type raceProgram struct {
	name string // corpus/NAME or sessions/NAME
	src  string
	want string // go run's stdout, as recorded
	hash string
}

func raceCheckedPrograms(t *testing.T) []raceProgram {
	t.Helper()
	var progs []raceProgram
	add := func(name, src, want string) {
		sum := sha256.Sum256([]byte(src))
		progs = append(progs, raceProgram{name: name, src: src, want: want, hash: hex.EncodeToString(sum[:])})
	}
	files, err := filepath.Glob(filepath.Join("testdata", "corpus", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus programs: %v", err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := os.ReadFile(strings.TrimSuffix(f, ".go") + ".out")
		add("corpus/"+strings.TrimSuffix(filepath.Base(f), ".go"), string(src), string(want))
	}
	sessions, err := filepath.Glob("testdata/sessions/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range sessions {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		if name == "KNOWN_FAILURES" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := os.ReadFile(strings.TrimSuffix(f, ".txt") + ".out")
		add("sessions/"+name, sessionProgram(sessionCells(string(src))), string(want))
	}
	sort.Slice(progs, func(i, j int) bool { return progs[i].name < progs[j].name })
	return progs
}

// readRaceChecked reads the recorded hashes: "HASH NAME" lines.
func readRaceChecked(t *testing.T) map[string]string {
	t.Helper()
	recorded := map[string]string{}
	f, err := os.Open(raceCheckedFile)
	if os.IsNotExist(err) {
		return recorded
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		hash, name, _ := strings.Cut(line, " ")
		recorded[name] = hash
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return recorded
}

func TestCorpusProgramsAreRaceChecked(t *testing.T) {
	progs := raceCheckedPrograms(t)
	recorded := readRaceChecked(t)
	var unchecked []raceProgram
	for _, p := range progs {
		if *corpusRaceAll || recorded[p.name] != p.hash {
			unchecked = append(unchecked, p)
		}
	}
	if !*corpusRace {
		for _, p := range unchecked {
			t.Errorf("%s is not recorded as free of data races in %s: run `go test ./eval -run RaceChecked -corpus.race`", p.name, raceCheckedFile)
		}
		return
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Fatalf("the race detector needs cgo and a C compiler: %v", err)
	}
	t.Logf("checking %d of %d programs under the race detector", len(unchecked), len(progs))
	failures := make([]string, len(unchecked))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.NumCPU())
	for i, p := range unchecked {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			failures[i] = raceCheck(p)
		}()
	}
	wg.Wait()
	passed := map[string]string{}
	for _, p := range progs {
		if h, ok := recorded[p.name]; ok && h == p.hash {
			passed[p.name] = h
		}
	}
	for i, p := range unchecked {
		if failures[i] != "" {
			t.Errorf("%s: %s", p.name, failures[i])
			delete(passed, p.name)
			continue
		}
		passed[p.name] = p.hash
	}
	writeRaceChecked(t, passed)
}

// raceCheck builds p with -race, runs it, and says what was wrong ("" when nothing).
// A program whose stdout differs from the recorded output of go run is reported too:
// that is also a program whose output depends on its schedule.
func raceCheck(p raceProgram) string {
	dir, err := os.MkdirTemp("", "pbrace")
	if err != nil {
		return err.Error()
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(p.src), 0o644); err != nil {
		return err.Error()
	}
	bin := filepath.Join(dir, "prog")
	build := exec.Command("go", "build", "-race", "-o", bin, "main.go")
	build.Dir = dir
	build.Env = append(os.Environ(), "CGO_ENABLED=1", "GOFLAGS=")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Sprintf("go build -race: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GORACE=halt_on_error=0 exitcode=66")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if strings.Contains(stderr.String(), "WARNING: DATA RACE") {
		return "the race detector reports a data race:\n" + stderr.String()
	}
	if ctx.Err() != nil {
		return "did not end within 2 minutes under the race detector"
	}
	if stdout.String() != p.want {
		return fmt.Sprintf("stdout under -race differs from go run's recorded output (%v)\n got: %q\nwant: %q", err, stdout.String(), p.want)
	}
	return ""
}

func writeRaceChecked(t *testing.T, passed map[string]string) {
	t.Helper()
	names := make([]string, 0, len(passed))
	for name := range passed {
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("# Programs of testdata/corpus and testdata/sessions found free of data races by\n")
	b.WriteString("# `go test ./eval -run RaceChecked -corpus.race` (go build -race, then a run): SHA-256 and name.\n")
	for _, name := range names {
		fmt.Fprintf(&b, "%s %s\n", passed[name], name)
	}
	tmp := raceCheckedFile + ".tmp"
	if err := os.WriteFile(tmp, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, raceCheckedFile); err != nil {
		t.Fatal(err)
	}
}
