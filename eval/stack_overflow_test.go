package eval

import (
	"runtime/debug"
	"strings"
	"testing"
)

// Yaegi patch 180: a recursion of declared functions deeper than the session's stack holds
// ends its cell with a StackOverflow error naming the limit, as Go ends a program at a
// stack overflow (no deferred call runs, no recover stops it), and the session keeps its
// state. It overflowed the evaluator's goroutine stack before: a fatal error that ended the
// process, where go run, whose calls take far less stack, runs the program. The bound is
// lowered here to keep the test small; the evaluator derives it from its stack (1 GB: 786,432
// direct calls, 157,286 calls of methods).
func TestDeepRecursionEndsTheCellNotTheSession(t *testing.T) {
	s := newSession(t)
	s.SetCallStackLimit(1 << 20) // about 1,300 direct calls, 250 through wrappers
	mustExec(t, s, `import "fmt"

var kept = 41

func depth(n int) int {
	defer func() { recover() }() // no recover stops a stack overflow
	if n == 0 {
		return 0
	}
	return depth(n-1) + 1
}

type node struct{ next *node }

func (p *node) length() int {
	if p == nil {
		return 0
	}
	return p.next.length() + 1
}`)
	if _, rec := mustExec(t, s, `fmt.Println(depth(300))`); rec.stream("stdout") != "300\n" {
		t.Fatalf("depth(300) printed %q", rec.stream("stdout"))
	}
	for _, code := range []string{
		"defer fmt.Println(\"deferred\")\nfmt.Println(\"before\")\nfmt.Println(depth(5000))\nfmt.Println(\"after\")",
		// in a goroutine of the cell: the whole cell stops, as the program would end
		"done := make(chan int)\ngo func() { done <- depth(5000) }()\nfmt.Println(<-done)",
	} {
		_, e, rec := run(t, s, code)
		if e == nil || e.Name != NameStackOverflow {
			t.Fatalf("cell %q: error %+v, want a %s", code, e, NameStackOverflow)
		}
		for _, want := range []string{"the call of depth, ", " interpreted calls deep, went past the 1 MB", "PEERBOOK_MAX_STACK_MB"} {
			if !strings.Contains(e.Value, want) {
				t.Errorf("the error does not name %q: %s", want, e.Value)
			}
		}
		if out := rec.stream("stdout"); strings.Contains(out, "deferred") || strings.Contains(out, "after") {
			t.Errorf("code ran after the overflow: %q", out)
		}
	}
	out, rec := mustExec(t, s, `var list *node
for range 2000 {
	list = &node{list}
}
_, e := 0, 0
fmt.Println(depth(10), kept+1, e)`)
	if got := rec.stream("stdout"); got != "10 42 0\n" || out != "" {
		t.Errorf("after the overflows the session printed %q, want %q", got, "10 42 0\n")
	}
	if _, e, _ := run(t, s, `list.length()`); e == nil || e.Name != NameStackOverflow || !strings.Contains(e.Value, "length") {
		t.Errorf("a method's recursion: %+v, want a %s naming length", e, NameStackOverflow)
	}
}

// Without SetStackLimit (a session made by a test or another program), the bound follows
// the process's stack limit, and a recursion within it runs to its end.
func TestCallDepthFollowsTheStackLimit(t *testing.T) {
	limit := debug.SetMaxStack(64 << 20)
	defer debug.SetMaxStack(limit)
	if got, want := sessionCallStackLimit(), int64(48<<20); got != want {
		t.Fatalf("bound %d for a 64 MB stack, want %d", got, want)
	}
	s := newSession(t)
	mustExec(t, s, `import "fmt"

func depth(n int) int {
	if n == 0 {
		return 0
	}
	return depth(n-1) + 1
}`)
	if _, rec := mustExec(t, s, `fmt.Println(depth(40000))`); rec.stream("stdout") != "40000\n" {
		t.Errorf("depth(40000) printed %q", rec.stream("stdout"))
	}
	_, e, _ := run(t, s, `fmt.Println(depth(100000))`)
	if e == nil || e.Name != NameStackOverflow {
		t.Errorf("depth(100000), about 77 MB of stack, past the 48 MB bound of a 64 MB stack: %+v, want a %s", e, NameStackOverflow)
	}
}

// Yaegi patches 172 and 173: recursions whose calls the interpreter did not see nested,
// through a function literal's closure (var down func(int) int) and through compiled code
// (a closure handed to strings.Map, a String method that fmt calls), end their cell as a
// recursion of declared functions does, where they overflowed the stack and ended the
// session; within the bound they run to their end and give go run's values.
func TestRecursionThroughClosuresAndCompiledCodeEndsTheCell(t *testing.T) {
	s := newSession(t)
	s.SetCallStackLimit(1 << 20)
	mustExec(t, s, `import (
	"fmt"
	"strings"
)

var kept = 41

var down func(int) int

type count int

func (c count) String() string {
	if c == 0 {
		return "."
	}
	return fmt.Sprint(c-1) + "."
}

func viaMap(n int) string {
	if n == 0 {
		return ""
	}
	return strings.Map(func(r rune) rune { viaMap(n - 1); return r }, "a")
}`)
	mustExec(t, s, `down = func(n int) int {
	if n == 0 {
		return 0
	}
	return down(n-1) + 1
}`)
	if _, rec := mustExec(t, s, `fmt.Println(down(200), count(5), viaMap(20))`); rec.stream("stdout") != "200 ...... a\n" {
		t.Fatalf("within the bound: printed %q, want %q", rec.stream("stdout"), "200 ...... a\n")
	}
	for _, tc := range []struct{ code, names string }{
		{"fmt.Println(down(100000))", "the call of down, "},
		{"fmt.Println(count(100000))", "the call of "},
		{"fmt.Println(viaMap(100000))", "the call of "},
		{"f := func(n int) {}\nvar g func(int)\ng = func(n int) { f(n); g(n + 1) }\ng(0)", " interpreted calls deep, "},
	} {
		_, e, rec := run(t, s, "defer fmt.Println(\"deferred\")\n"+tc.code)
		if e == nil || e.Name != NameStackOverflow || !strings.Contains(e.Value, tc.names) || !strings.Contains(e.Value, "went past the 1 MB") {
			t.Errorf("%q: error %+v, want a %s naming %q and the bound", tc.code, e, NameStackOverflow, tc.names)
		}
		if out := rec.stream("stdout"); strings.Contains(out, "deferred") {
			t.Errorf("%q: a deferred call ran after the overflow: %q", tc.code, out)
		}
	}
	if _, rec := mustExec(t, s, `fmt.Println(down(10), kept+1)`); rec.stream("stdout") != "10 42\n" {
		t.Errorf("after the overflows the session printed %q, want %q", rec.stream("stdout"), "10 42\n")
	}
}
