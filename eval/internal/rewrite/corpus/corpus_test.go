package corpus

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestLoadAndCompare(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.go", "package main\n")
	write("a.out", "A\n")
	write("b.go", "package main\n")
	write("b.out", "B\n")
	write("c.go", "package main\n")
	write(KnownFailuresFile, "# comment\nall b: broken\nyaegi c: only there\nsession a: only in sessions\n")
	snippets, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(snippets) != 3 || snippets[0].Want != "A\n" || snippets[2].HasOut {
		t.Fatalf("loaded %+v", snippets)
	}
	known, err := LoadKnown(dir, "yaegi")
	if err != nil {
		t.Fatal(err)
	}
	if len(known) != 2 || known["b"] != "broken" || known["c"] != "only there" {
		t.Fatalf("known failures for yaegi: %v", known)
	}
	rep := Compare(snippets, []Outcome{
		{Name: "a", Got: "A\n"},
		{Name: "b", Got: "B\n"},                       // listed, passes
		{Name: "c", Got: "", Err: errors.New("boom")}, // listed, fails
	}, known)
	if rep.Total != 3 || rep.Passed != 2 || len(rep.Fixed) != 1 || rep.Fixed[0] != "b" || len(rep.Unexpected) != 0 {
		t.Errorf("report %+v", rep)
	}
	rep = Compare(snippets, []Outcome{{Name: "a", Got: "a\n"}}, known)
	if len(rep.Unexpected) != 1 || rep.Details["a"] == "" {
		t.Errorf("a wrong output is not reported: %+v", rep)
	}
	write(KnownFailuresFile, "everyone x: y\n")
	if _, err := LoadKnown(dir, "yaegi"); err == nil {
		t.Error("an unknown runner is accepted")
	}
}
