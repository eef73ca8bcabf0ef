package eval

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/eval/internal/rewrite/corpus"
)

// The multi-cell sessions (testdata/sessions): each NAME.txt holds cells separated by a
// line "//--- cell". The test runs them in order in one Session and compares everything
// they write to stdout with NAME.out, the output of `go run` on the equivalent program
// (regenerate with `go test ./eval -run TestSessions -sessions.update`).
//
// The equivalent program is made mechanically: the cells' imports are merged, their
// type, func, method, const and var declarations go to package level in cell order, and
// their statements, in cell order, make up main. So a session follows three rules, which
// keep the notebook and the program equal: no name is defined twice (redefinition across
// cells is the notebook's own semantics, tested elsewhere), a cell ends without a bare
// expression (its value would be displayed, not printed), and the initializers of
// top-level var declarations neither print nor depend on earlier statements (a program
// runs them before main).
//
// A failing session is classified as the corpus's programs are: SILENT when no cell
// failed and the output differs from go run's (a wrong answer with status ok), loud when
// a cell failed. The reason of a listed session starts with corpus.SilentMark exactly
// when it fails silently; the test fails on a wrong label.

var sessionsUpdate = flag.Bool("sessions.update", false, "regenerate testdata/sessions/*.out with go run")

const sessionMarker = "//--- cell"

func sessionCells(src string) []string {
	var cells []string
	var cur []string
	for _, line := range strings.Split(src, "\n") {
		if strings.TrimSpace(line) == sessionMarker {
			cells = append(cells, strings.Join(cur, "\n"))
			cur = nil
			continue
		}
		cur = append(cur, line)
	}
	return append(cells, strings.Join(cur, "\n"))
}

// sessionProgram is the Go program equivalent to the cells (see the rules above).
func sessionProgram(cells []string) string {
	imports := map[string]bool{}
	var decls, stmts []string
	for _, cell := range cells {
		for _, c := range splitCell(cell) {
			switch c.kind {
			case chunkImport:
				body := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(c.src), "import"))
				body = strings.TrimSuffix(strings.TrimPrefix(body, "("), ")")
				for _, l := range strings.Split(body, "\n") {
					for _, spec := range strings.Split(l, ";") {
						if spec = strings.TrimSpace(spec); spec != "" {
							imports[spec] = true
						}
					}
				}
			case chunkStmt:
				stmts = append(stmts, c.src)
			default:
				decls = append(decls, c.src)
			}
		}
	}
	var specs []string
	for s := range imports {
		specs = append(specs, s)
	}
	sort.Strings(specs)
	var b strings.Builder
	b.WriteString("package main\n\n")
	if len(specs) > 0 {
		b.WriteString("import (\n\t" + strings.Join(specs, "\n\t") + "\n)\n\n")
	}
	for _, d := range decls {
		b.WriteString(d + "\n\n")
	}
	b.WriteString("func main() {\n")
	for _, s := range stmts {
		b.WriteString(s + "\n")
	}
	b.WriteString("}\n")
	return b.String()
}

func TestSessions(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a session per file (skipped with -short)")
	}
	files, err := filepath.Glob("testdata/sessions/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no sessions: %v", err)
	}
	known := knownSessionFailures(t)
	passed := 0
	var silentNames []string
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		if name == "KNOWN_FAILURES" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cells := sessionCells(string(src))
		outPath := strings.TrimSuffix(f, ".txt") + ".out"
		if *sessionsUpdate {
			out, err := goRunProgram(sessionProgram(cells))
			if err != nil {
				t.Errorf("%s: go run of the equivalent program: %v", name, err)
				continue
			}
			if err := os.WriteFile(outPath, out, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(outPath)
		if err != nil {
			t.Errorf("%s: %v (run with -sessions.update)", name, err)
			continue
		}
		got, failed := runSessionCells(t, cells)
		problem := ""
		silent := false // a wrong answer with status ok (no cell failed)
		switch {
		case failed != "":
			problem = failed
		case got != string(want):
			problem = fmt.Sprintf("stdout differs from go run's\n got: %q\nwant: %q", got, want)
			silent = true
			silentNames = append(silentNames, name)
		}
		reason, listed := known[name]
		switch {
		case problem == "" && listed:
			t.Errorf("session %s passes but is listed in KNOWN_FAILURES.txt (%s): unlist it", name, reason)
		case problem == "":
			passed++
		case listed && strings.HasPrefix(reason, corpus.SilentMark) != silent:
			if silent {
				t.Errorf("session %s gives a wrong answer with status ok: start its reason in KNOWN_FAILURES.txt with %s (or make it fail loudly): %s", name, corpus.SilentMark, problem)
			} else {
				t.Errorf("session %s now fails with an error: its reason in KNOWN_FAILURES.txt must not start with %s: %s", name, corpus.SilentMark, problem)
			}
		case listed:
			t.Logf("session %s fails as listed (%s): %s", name, reason, problem)
		default:
			t.Errorf("session %s: %s", name, problem)
		}
	}
	t.Logf("sessions: %d/%d pass", passed, len(files)-1)
	t.Logf("sessions: %d give a wrong answer with status ok: %s", len(silentNames), strings.Join(silentNames, " "))
}

// runSessionCells runs cells in one session and returns their stdout, or which cell failed.
func runSessionCells(t *testing.T, cells []string) (string, string) {
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var out strings.Builder
	for i, cell := range cells {
		rec := &recorder{}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		_, err := s.Execute(ctx, ExecuteRequest{Code: cell, ExecutionCount: i + 1}, rec)
		cancel()
		out.WriteString(rec.stream("stdout"))
		if err != nil {
			return out.String(), "cell " + strconv.Itoa(i+1) + ": " + err.Error()
		}
	}
	return out.String(), ""
}

func goRunProgram(src string) ([]byte, error) {
	dir, err := os.MkdirTemp("", "pbsession")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "main.go")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command("go", "run", path)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%v: %s\n%s", err, stderr.String(), src)
	}
	return stdout.Bytes(), nil
}

// knownSessionFailures reads testdata/sessions/KNOWN_FAILURES.txt: "NAME: reason" lines.
func knownSessionFailures(t *testing.T) map[string]string {
	data, err := os.ReadFile("testdata/sessions/KNOWN_FAILURES.txt")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, _ := strings.Cut(line, ":")
		known[strings.TrimSpace(name)] = strings.TrimSpace(reason)
	}
	return known
}
