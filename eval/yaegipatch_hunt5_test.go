package eval

import (
	"strings"
	"testing"
)

// Tests of the yaegi patches the hunter5 branch added (eval/third_party/yaegi/PATCHES.md,
// 58 on), each on a bare interpreter (yaegiStdout) and in a session (cellStdout), with
// the expected output taken from go run.

// Patch 60: the writer of fmt.Fprintf (an io.Writer parameter) took the wrapper of
// fmt.Stringer meant for the printed operands when the writer has a String method: a
// *Log whose Log embeds bytes.Buffer panicked "reflect: Call using stdlib._fmt_Stringer
// as type io.Writer". The operands still take it (a String method of the cell type
// prints).
func TestPatchFprintfWriterWithStringMethod(t *testing.T) {
	const body = `
import (
	"bytes"
	"fmt"
	"strings"
)

type Log struct {
	bytes.Buffer
	lines int
}

type Name string

func (n Name) String() string { return strings.ToUpper(string(n)) }

type Sink struct{ b strings.Builder }

func (s *Sink) Write(p []byte) (int, error) { return s.b.Write(p) }
func (s *Sink) String() string              { return "sink:" + s.b.String() }

func main() {
	var l Log
	l.WriteString("a\n")
	fmt.Fprintf(&l, "b=%d %v\n", 2, Name("x"))
	fmt.Fprintln(&l, "c", Name("y"))
	fmt.Fprint(&l, Name("z"), "\n")
	fmt.Print(l.String())
	s := &Sink{}
	fmt.Fprintf(s, "%s|", Name("w"))
	fmt.Println(s, s.b.String())
}
`
	const want = "a\nb=2 X\nc Y\nZ\nsink:W| W|\n"
	if got := yaegiStdout(t, "package main\n"+body); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 61: a function literal handed to a compiled function ran on the frame live when
// it was called, not the one it was made in: closures given to time.AfterFunc in a loop
// all read the last iteration's variable ([2 2 2], status ok).
func TestPatchFuncLitToCompiledCapturesIteration(t *testing.T) {
	const body = `
import (
	"fmt"
	"sort"
	"sync"
	"time"
)

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	var got []int
	for i := 0; i < 3; i++ {
		wg.Add(1)
		time.AfterFunc(time.Millisecond, func() { mu.Lock(); got = append(got, i); mu.Unlock(); wg.Done() })
	}
	wg.Wait()
	for _, v := range []int{7, 8} {
		wg.Add(1)
		time.AfterFunc(time.Millisecond, func() { mu.Lock(); got = append(got, v*10); mu.Unlock(); wg.Done() })
	}
	wg.Wait()
	sort.Ints(got)
	fmt.Println(got)
}
`
	const want = "[0 1 2 70 80]\n"
	// A bare interpreter gives a loop one variable (the rewriter of cells makes one per
	// iteration): there the loops declare their own copy.
	bare := strings.Replace(body, "for i := 0; i < 3; i++ {", "for i := 0; i < 3; i++ {\n\t\ti := i", 1)
	bare = strings.Replace(bare, "for _, v := range []int{7, 8} {", "for _, v := range []int{7, 8} {\n\t\tv := v", 1)
	if got := yaegiStdout(t, "package main\n"+bare); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
}
