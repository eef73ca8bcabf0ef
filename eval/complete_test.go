package eval

import (
	"fmt"
	"strings"
	"testing"
)

func setupCompletion(t testing.TB) *Session {
	s := newSession(t)
	mustExec(t, s, `import ("bytes"; "strings")
// Greet says hello to name.
func Greet(name string) string { return "hi " + name }
// Vec is a 2-D vector.
type Vec struct{ X, Y float64; label string }
// Len is the length of v.
func (v Vec) Len() float64 { return v.X }
type Line struct{ From, To Vec }
v := Vec{X: 1}
ln := Line{}
var buf bytes.Buffer
counter := 3
var _ = strings.ToUpper`)
	return s
}

func matches(c Completion) string { return strings.Join(c.Matches, " ") }

func TestCompletion(t *testing.T) {
	s := setupCompletion(t)
	cases := []struct {
		code       string
		cursor     int
		want       []string // must all be there
		notWant    []string
		start, end int
	}{
		{code: "Gre", cursor: 3, want: []string{"Greet"}, start: 0, end: 3},
		{code: "x := cou + 1", cursor: 8, want: []string{"counter"}, start: 5, end: 8},
		{code: "cou", cursor: 2, want: []string{"counter"}, start: 0, end: 3}, // cursor inside the word
		{code: "fo", cursor: 2, want: []string{"for"}},
		{code: "ap", cursor: 2, want: []string{"append"}},
		{code: "strings.Has", cursor: 11, want: []string{"HasPrefix", "HasSuffix"}, notWant: []string{"Index"}, start: 8, end: 11},
		{code: "fmt.Pri", cursor: 7, want: []string{"Print", "Printf", "Println"}},          // not imported: a well-known package
		{code: "import \"path/filepath\"\nfilepath.Jo", cursor: 34, want: []string{"Join"}}, // imported in the cell itself
		{code: "v.", cursor: 2, want: []string{"Len", "X", "Y", "label"}},                   // fields and methods
		{code: "v.L", cursor: 3, want: []string{"Len"}, notWant: []string{"X"}},
		{code: "ln.From.", cursor: 8, want: []string{"X", "Y"}},                                        // through a field
		{code: "buf.Wr", cursor: 6, want: []string{"Write", "WriteString"}},                            // a compiled type
		{code: "import \"encoding/js", cursor: 19, want: []string{"encoding/json"}, start: 8, end: 19}, // import paths
		{code: "import \"peerbook/di", cursor: 19, want: []string{"peerbook/display"}},
		{code: "display.Re", cursor: 10, want: []string{"Render", "Renderer"}},
	}
	for _, c := range cases {
		got := s.Complete(c.code, c.cursor)
		have := map[string]bool{}
		for _, m := range got.Matches {
			have[m] = true
		}
		for _, w := range c.want {
			if !have[w] {
				t.Errorf("%q at %d: %q missing from %q", c.code, c.cursor, w, matches(got))
			}
		}
		for _, w := range c.notWant {
			if have[w] {
				t.Errorf("%q at %d: %q should not be offered", c.code, c.cursor, w)
			}
		}
		if c.start != 0 || c.end != 0 {
			if got.CursorStart != c.start || got.CursorEnd != c.end {
				t.Errorf("%q at %d: range [%d,%d], want [%d,%d]", c.code, c.cursor, got.CursorStart, got.CursorEnd, c.start, c.end)
			}
		}
		types, _ := got.Metadata["_jupyter_types_experimental"].([]map[string]any)
		if len(types) != len(got.Matches) {
			t.Errorf("%q: %d type entries for %d matches", c.code, len(types), len(got.Matches))
		}
	}
	// Internal names never show.
	if m := matches(s.Complete("_pb", 3)); m != "" {
		t.Errorf("internal names offered: %q", m)
	}
	// Completion reflects new definitions.
	mustExec(t, s, "func Greeting() {}")
	if m := matches(s.Complete("Gre", 3)); m != "Greet Greeting" {
		t.Errorf("after a new definition: %q", m)
	}
}

func TestInspect(t *testing.T) {
	s := setupCompletion(t)
	cases := []struct {
		code   string
		cursor int
		want   []string
	}{
		{"Greet", 2, []string{"func Greet(name string) string", "Greet says hello to name.", "line 3"}},
		{"x := Greet(", 11, []string{"func Greet(name string) string"}}, // just after the parenthesis
		{"Vec", 1, []string{"type Vec struct", "2-D vector", "func (v Vec) Len() float64"}},
		{"v", 1, []string{"var v Vec", "Value: {1 0 }"}},
		{"v.Len()", 3, []string{"func (v Vec) Len() float64", "length of v"}},
		{"strings.HasPrefix", 12, []string{"func HasPrefix(s, prefix string) bool", "begins with prefix"}},
		{"strings", 3, []string{"package strings", "Exported:"}},
		{"buf.WriteString", 6, []string{"WriteString"}},
		{"len(x)", 1, []string{"predeclared"}},
	}
	for _, c := range cases {
		in := s.Inspect(c.code, c.cursor, 0)
		text, _ := in.Data["text/plain"].(string)
		if !in.Found {
			t.Errorf("%q: not found", c.code)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%q: %q missing from:\n%s", c.code, w, text)
			}
		}
	}
	if in := s.Inspect("nothingHere", 3, 0); in.Found {
		t.Errorf("an unknown name was found: %v", in.Data)
	}
}

func TestIsComplete(t *testing.T) {
	s := newSession(t)
	cases := []struct{ code, status, indent string }{
		{"x := 1", "complete", ""},
		{"func f() {", "incomplete", "\t"},
		{"for i := 0; i < 3; i++ {\n\tprintln(i)", "incomplete", "\t"},
		{"x := (1 +", "incomplete", ""},
		{"s := `raw", "incomplete", ""},
		{"}}", "invalid", ""},
		{"%who", "complete", ""},
		{"!ls", "complete", ""},
		{"%%cuda\n__global__ void k() {", "complete", ""},
		{"", "complete", ""},
	}
	for _, c := range cases {
		status, indent := s.IsComplete(c.code)
		if status != c.status || indent != c.indent {
			t.Errorf("%q: %s %q, want %s %q", c.code, status, indent, c.status, c.indent)
		}
	}
}

func BenchmarkComplete200Definitions(b *testing.B) {
	s := newSession(b)
	var code strings.Builder
	code.WriteString("import \"strings\"\n")
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&code, "func helper%d(x int) int { return x + %d }\n", i, i)
		fmt.Fprintf(&code, "value%d := helper%d(%d)\n", i, i, i)
	}
	code.WriteString("type Big struct{ A, B, C int }\nbig := Big{}\n0")
	mustExec(b, s, code.String())
	queries := []string{"hel", "value1", "strings.Tr", "big.", "f"}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := queries[i%len(queries)]
		if c := s.Complete(q, len(q)); len(c.Matches) == 0 {
			b.Fatalf("no matches for %q", q)
		}
	}
}
