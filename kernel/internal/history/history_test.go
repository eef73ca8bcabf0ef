package history

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		pattern, s string
		want       bool
	}{
		{"*", "", true},
		{"*", "anything\nat all", true},
		{"6*7", "6*7", true},
		{"6*7", "6+7", true},
		{"6*7", "6*7 ", false},
		{"fmt.*", "fmt.Println(1)", true},
		{"*Println*", "fmt.Println(1)", true},
		{"a?c", "abc", true},
		{"a?c", "aβc", true},
		{"a?c", "ac", false},
		{"[a-c]x", "bx", true},
		{"[^a-c]x", "bx", false},
		{"[^a-c]x", "dx", true},
		{"[]]", "]", true},
		{"[abc", "a", false},
		{"a*b*c*d", strings.Repeat("a", 50) + "bcd", true},
		{"a*a*a*a*a*a*b", strings.Repeat("a", 60), false},
	} {
		if got := Match(tc.pattern, tc.s); got != tc.want {
			t.Errorf("Match(%q, %q) = %v", tc.pattern, tc.s, got)
		}
	}
}

func str(s string) *string { return &s }

func TestStoreOperations(t *testing.T) {
	s := Open("")
	if s.Session() != 1 {
		t.Fatalf("session %d", s.Session())
	}
	for i, code := range []string{"a := 1", "6*7", "b := 2", "6*7", "fmt.Println(a)"} {
		var out *string
		if code == "6*7" {
			out = str("42")
		}
		if err := s.Add(i+1, code, out); err != nil {
			t.Fatal(err)
		}
	}
	tail := s.Tail(2)
	if len(tail) != 2 || tail[0].Input != "6*7" || tail[1].Input != "fmt.Println(a)" || tail[0].Line != 4 {
		t.Errorf("tail = %+v", tail)
	}
	if got := s.Tail(100); len(got) != 5 {
		t.Errorf("tail(100) has %d", len(got))
	}
	r := s.Range(0, 2, 4)
	if len(r) != 2 || r[0].Line != 2 || r[1].Line != 3 {
		t.Errorf("range = %+v", r)
	}
	if r := s.Range(1, 5, 0); len(r) != 1 || r[0].Input != "fmt.Println(a)" {
		t.Errorf("range to end = %+v", r)
	}
	if r := s.Range(7, 1, 0); len(r) != 0 {
		t.Errorf("other session = %+v", r)
	}
	if got := s.Search("6*7", 0, false); len(got) != 2 || got[0].Line != 2 || *got[1].Output != "42" {
		t.Errorf("search = %+v", got)
	}
	if got := s.Search("6*7", 0, true); len(got) != 1 || got[0].Line != 4 {
		t.Errorf("unique search = %+v", got)
	}
	if got := s.Search("*", 3, false); len(got) != 3 || got[0].Line != 3 || got[2].Line != 5 {
		t.Errorf("search n=3 = %+v", got)
	}
}

func TestStorePersistsAcrossSessions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "history.jsonl")
	s := Open(path)
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	s.Add(1, "x := 1", nil)
	s.Add(2, "x", str("1"))
	s.Close()

	s2 := Open(path)
	defer s2.Close()
	if s2.Session() != 2 {
		t.Fatalf("second session numbered %d", s2.Session())
	}
	s2.Add(1, "y := 2", nil)
	old := s2.Range(-1, 1, 0)
	if len(old) != 2 || old[1].Input != "x" || old[1].Output == nil || *old[1].Output != "1" {
		t.Errorf("previous session = %+v", old)
	}
	if tail := s2.Tail(3); len(tail) != 3 || tail[2].Session != 2 {
		t.Errorf("tail across sessions = %+v", tail)
	}
}

func TestStoreCompactsAndSkipsBadLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.jsonl")
	var b strings.Builder
	b.WriteString("not json\n")
	for i := 0; i < MaxEntries+MaxEntries/10+50; i++ {
		b.WriteString(`{"session":3,"line":1,"input":"c"}` + "\n")
	}
	os.WriteFile(path, []byte(b.String()), 0o600)
	s := Open(path)
	if s.Session() != 4 {
		t.Errorf("session %d", s.Session())
	}
	s.Close()
	data, _ := os.ReadFile(path)
	// The entries kept, and a line for the highest session before and one for this one.
	if n := strings.Count(string(data), `"line":1,`); n != MaxEntries {
		t.Errorf("file has %d entries after compaction", n)
	}
	if !strings.HasPrefix(string(data), `{"session":3,"line":0,`) || !strings.HasSuffix(string(data), `{"session":4,"line":0,"input":""}`+"\n") {
		t.Errorf("session lines missing: %.60q ... %q", data, data[len(data)-60:])
	}
}

func TestUnwritableFileKeepsMemory(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	os.WriteFile(blocker, nil, 0o600)
	s := Open(filepath.Join(blocker, "history.jsonl")) // parent is a file
	if s.Err() == nil {
		t.Error("no error for an unusable path")
	}
	s.Add(1, "a", nil)
	if len(s.Tail(1)) != 1 {
		t.Error("memory history lost")
	}
}
