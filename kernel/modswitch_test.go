package kernel

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/internal/evalproto"
	"github.com/peerbook/peerbook/internal/modules"
)

// TestReplayOrder: chunks run in order; one that needs a later one runs again after it;
// declarations that need each other run together; what fails for good is returned.
func TestReplayOrder(t *testing.T) {
	chunks := []evalproto.Chunk{
		{Kind: "import", Names: []string{"fmt"}, Source: "import fmt \"fmt\""},
		{Kind: "func", Names: []string{"f"}, Source: "func f() T"},          // needs T, made later
		{Kind: "type", Names: []string{"T"}, Source: "type T int"},          //
		{Kind: "type", Names: []string{"A"}, Source: "type A struct{b *B}"}, // A and B need each other
		{Kind: "type", Names: []string{"B"}, Source: "type B struct{a *A}"},
		{Kind: "var", Names: []string{"bad"}, Source: "var bad = missing"},
	}
	defined := map[string]bool{}
	needs := map[string][]string{"f": {"T"}, "A": {"B"}, "B": {"A"}, "bad": {"missing"}}
	var ran []string
	run := func(code string, cell int) (string, error) {
		var names []string
		for _, c := range chunks {
			if strings.Contains(code, c.Source) {
				names = append(names, c.Names[0])
			}
		}
		ran = append(ran, strings.Join(names, "+"))
		for _, n := range names {
			for _, need := range needs[n] {
				if !defined[need] && !slices.Contains(names, need) {
					return "undefined: " + need, nil
				}
			}
		}
		for _, n := range names {
			defined[n] = true
		}
		return "", nil
	}
	failed, err := replay(chunks, run)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[int]string{5: "undefined: missing"}; !maps.Equal(failed, want) {
		t.Errorf("failed %v, want %v", failed, want)
	}
	if want := []string{"fmt", "f", "T", "A", "B", "bad", "f", "A", "B", "bad", "A", "B", "bad", "A+B"}; !slices.Equal(ran, want) {
		t.Errorf("ran %q\nwant %q", ran, want)
	}
	// An error that stops the replay (the evaluator died) is returned.
	stop := errors.New("gone")
	if _, err := replay(chunks, func(string, int) (string, error) { return "", stop }); err != stop {
		t.Errorf("replay returned %v, want %v", err, stop)
	}
}

// TestModuleSetGrows: a package the evaluator lacks or a new pin grows the set; what it
// has, or a pin it was built with, does not; pins wait for an import.
func TestModuleSetGrows(t *testing.T) {
	m := newModuleState(nil, "/nb", []string{"example.com/a"})
	if _, changed := m.grow(modules.Requests{Imports: []string{"example.com/a"}}); changed {
		t.Errorf("a package the evaluator has grows the set")
	}
	set, changed := m.grow(modules.Requests{Imports: []string{"example.com/b"}, Pins: []string{"example.com/b@v1.0.0"}})
	if !changed || !slices.Equal(set.Imports, []string{"example.com/a", "example.com/b"}) || !slices.Equal(set.Pins, []string{"example.com/b@v1.0.0"}) || set.Dir != "/nb" {
		t.Errorf("grow: %+v, %v", set, changed)
	}
	m.imports, m.pins = set.Imports, set.Pins
	m.have["example.com/b"] = true
	if _, changed := m.grow(modules.Requests{Pins: []string{"example.com/b@v1.0.0"}}); changed {
		t.Errorf("a pin the evaluator was built with grows the set")
	}
	set, changed = m.grow(modules.Requests{Pins: []string{"example.com/b@v1.1.0"}})
	if !changed || !slices.Equal(set.Pins, []string{"example.com/b@v1.1.0"}) {
		t.Errorf("a new version of a pinned module: %+v, %v", set, changed)
	}
	// With no import yet, a pin is kept for later and builds nothing.
	empty := newModuleState(nil, "", nil)
	if _, changed := empty.grow(modules.Requests{Pins: []string{"example.com/c@v1.0.0"}}); changed {
		t.Errorf("a pin without imports builds")
	}
	set, changed = empty.grow(modules.Requests{Imports: []string{"example.com/c/pkg"}})
	if !changed || !slices.Equal(set.Pins, []string{"example.com/c@v1.0.0"}) {
		t.Errorf("the kept pin is not in the set of the first import: %+v", set)
	}
}

// TestPinUndone: MOD@none undoes MOD's pin, kept before any import or in the set of the
// running evaluator; it is never kept itself.
func TestPinUndone(t *testing.T) {
	m := newModuleState(nil, "", nil)
	m.grow(modules.Requests{Pins: []string{"example.com/c@v9.9.9"}})
	if set, changed := m.grow(modules.Requests{Pins: []string{"example.com/c@none"}}); changed || len(set.Pins) != 0 || len(m.pins) != 0 {
		t.Errorf("a kept pin undone: %+v, %v; kept %q", set, changed, m.pins)
	}
	m = newModuleState(nil, "", []string{"example.com/c/pkg"})
	m.pins = []string{"example.com/c@v1.0.0", "example.com/d@v2.0.0"}
	set, changed := m.grow(modules.Requests{Pins: []string{"example.com/c@none"}})
	if !changed || !slices.Equal(set.Pins, []string{"example.com/d@v2.0.0"}) {
		t.Errorf("a pin of the running evaluator undone: %+v, %v", set, changed)
	}
	if _, changed := m.grow(modules.Requests{Pins: []string{"example.com/e@none"}}); changed {
		t.Errorf("undoing a pin that is not there builds")
	}
}

// TestRestoreReport: the cell is told each variable that came back with its value, each
// name not carried over (type, cell, why), each definition that failed to run again.
func TestRestoreReport(t *testing.T) {
	snap := &evalproto.Snapshot{
		Chunks: []evalproto.Chunk{
			{Kind: "import", Names: []string{"fmt"}, Source: `import fmt "fmt"`},
			{Cell: 2, Kind: "var", Names: []string{"x"}, Source: "var x int = 6"},
			{Cell: 3, Kind: "func", Names: []string{"load"}, Source: "func load() { os.ReadFile(name) }"},
		},
		Lost: []evalproto.Lost{{Name: "ch", Type: "chan int", Cell: 4, Why: "a channel"}},
	}
	k := &Kernel{}
	got := k.restoreReport(snap, map[int]string{2: "cell[3] 1:22: undefined: name\nmore"})
	for _, want := range []string{
		"restored 2 of the old session's 3 definitions", "variables with their current values: x",
		"  ch (chan int, cell[4]): a channel",
		"  func load (cell[3]): cell[3] 1:22: undefined: name",
		"GPU buffers",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "more") {
		t.Errorf("the report has more than the error's first line:\n%s", got)
	}
}

// TestRestoreReportEmpty: a session that defined nothing has nothing to report.
func TestRestoreReportEmpty(t *testing.T) {
	if got := (&Kernel{}).restoreReport(&evalproto.Snapshot{}, nil); got != "" {
		t.Errorf("report of an empty session: %q", got)
	}
}

// TestModuleStateCellsAndBinary: the cells a build gets are the session's then the asking
// one's, without changing the session's list; the session runs the binary on disk until
// another build replaces the file.
func TestModuleStateCellsAndBinary(t *testing.T) {
	m := newModuleState(nil, "/nb", []string{"example.com/a"})
	m.cells = append(make([]string, 0, 8), "x := 1")
	a, b := m.session("a()"), m.session("b()")
	if !slices.Equal(a, []string{"x := 1", "a()"}) || !slices.Equal(b, []string{"x := 1", "b()"}) || len(m.cells) != 1 {
		t.Errorf("session: %q, %q, the list %q", a, b, m.cells)
	}

	bin := filepath.Join(t.TempDir(), "peerbook-evaluator")
	if err := os.WriteFile(bin, []byte("one"), 0o755); err != nil {
		t.Fatal(err)
	}
	built := &modules.Binary{Path: bin, Packages: []string{"example.com/a"}}
	if !m.runs(built, []string{bin}) {
		t.Errorf("a session started as the binary (nothing recorded) does not run it")
	}
	if m.runs(built, []string{"/usr/bin/peerbook-evaluator"}) {
		t.Errorf("another command runs the binary")
	}
	m.movedTo(built, modules.Set{Imports: []string{"example.com/a"}})
	if !m.runs(built, []string{bin}) {
		t.Errorf("the binary the session moved to is not the one it runs")
	}
	tmp := bin + ".tmp"
	os.WriteFile(tmp, []byte("two"), 0o755)
	if err := os.Rename(tmp, bin); err != nil { // as a build replaces it
		t.Fatal(err)
	}
	if m.runs(built, []string{bin}) {
		t.Errorf("a binary built again since the move is taken for the one the session runs")
	}
}
