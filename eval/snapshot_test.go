package eval

import (
	"context"
	"strings"
	"testing"
)

// restoreInto runs a snapshot's chunks in s, in order, as the kernel does, and returns the
// names of the chunks that failed.
func restoreInto(t *testing.T, s *Session, snap Snapshot) []string {
	t.Helper()
	var failed []string
	for _, c := range snap.Chunks {
		_, err := s.Execute(context.Background(), ExecuteRequest{Code: c.Source, Silent: true, ExecutionCount: c.Cell}, &recorder{})
		if err != nil {
			failed = append(failed, strings.Join(c.Names, ",")+": "+err.Error())
		}
	}
	return failed
}

// TestSnapshotRestoresState: what a session defined, and the current values of its
// plain-data variables, come back in a new session; what can't come back is named.
func TestSnapshotRestoresState(t *testing.T) {
	old := newSession(t)
	cells := []string{
		`import "strings"
import m "math"
type Point struct { X, y int; Tags []string }
func (p Point) Sum() int { return p.X + p.y }
type Celsius float64
const Boiling Celsius = 100
const (
	A = iota
	B
)`,
		`x := 5
x++
f := 0.1
f *= 3
s := "héllo\n"
pts := []Point{{X: 1, y: 2, Tags: []string{"a"}}, {X: 3}}
pts[1].y = 40
byName := map[string]Point{"o": {}, "p": {X: 9, Tags: []string{"t"}}}
shared := map[string]Point{"q": pts[0]} // its Tags share pts[0].Tags' array
pp := &Point{X: 7}
var nilMap map[int]bool
arr := [3]Celsius{1, 2.5, Boiling}
c := complex(1, -2)
up := strings.ToUpper("q")
half := m.Sqrt(2) / 2
anon := struct{ a, b int }{1, 2}`,
		`type Old struct{ A int }
o := Old{1}`,
		`type Old struct{ B int }
ch := make(chan int)
fn := func() int { return x }
var iface any = 3
a := []int{1, 2, 3}
b := a[1:]
inf := m.Inf(1)
func twice(n int) int { return 2 * n }
func main() { println("ran") }`,
	}
	cells = append(cells, "%%cuda\nextern \"C\" __global__ void fill(float *x, int n, float v) {\n\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n\tif (i < n) x[i] = v;\n}")
	for _, c := range cells {
		mustExec(t, old, c)
	}
	snap := old.Snapshot()
	lost := map[string]string{}
	for _, l := range snap.Lost {
		lost[l.Name] = l.Why
	}
	for _, name := range []string{"ch", "fn", "iface", "a", "b", "inf", "main", "shared", "pts", "o"} {
		if lost[name] == "" {
			t.Errorf("%s is not named as lost; lost: %v", name, lost)
		}
	}
	for _, name := range []string{"x", "byName", "pp", "Point", "Point.Sum", "twice", "Boiling", "B", "arr", "anon"} {
		if lost[name] != "" {
			t.Errorf("%s lost: %s", name, lost[name])
		}
	}
	fresh := newSession(t)
	if failed := restoreInto(t, fresh, snap); len(failed) > 0 {
		t.Fatalf("chunks failed: %v\nsnapshot: %+v", failed, snap.Chunks)
	}
	probe := `fmt.Println(fill.Name(), x, f, s, byName, byName["p"].Sum(), *pp, nilMap == nil, arr, c, up, half, anon, Boiling, B, twice(4))`
	_, rec := mustExec(t, old, "import \"fmt\"\n"+probe)
	want := rec.stream("stdout")
	_, rec = mustExec(t, fresh, "import \"fmt\"\n"+probe)
	got := rec.stream("stdout")
	if got != want {
		t.Errorf("restored session prints\n%s\nthe old one\n%s", got, want)
	}
	t.Logf("prints %q; lost %v", want, lost)
	if !strings.Contains(want, "6 0.30000000000000004") {
		t.Errorf("old session prints %q, want x=6 f=0.30000000000000004", want)
	}
	// A lost variable is undefined in the new session, loudly.
	if _, err, _ := run(t, fresh, "ch"); err == nil {
		t.Errorf("ch is defined in the new session")
	}
}

// TestUndefinedWords: the kernel's replay groups declarations that failed for want of each
// other by the session's "undefined: NAME" (kernel/modswitch.go); these are its words for a
// type, a function and a variable declared before what they need.
func TestUndefinedWords(t *testing.T) {
	s := newSession(t)
	for _, c := range []struct{ code, name string }{
		{"type A struct{ b *B }", "B"},
		{"var v W = 3", "W"},
	} {
		_, err, _ := run(t, s, c.code)
		if err == nil || !strings.Contains(err.Value, "undefined: "+c.name) {
			t.Errorf("%s: error %v, want one saying undefined: %s", c.code, err, c.name)
		}
	}
}
