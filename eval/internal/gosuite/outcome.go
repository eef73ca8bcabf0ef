package gosuite

import (
	"fmt"
	"hash/fnv"
	"sort"
	"strings"
	"time"
)

// Result is what running one program as a cell gave.
type Result struct {
	Stdout, Stderr string // what the cell wrote to each stream
	// ErrName and ErrValue are the cell's error (eval.Error's Name and Value), "" when it
	// succeeded; Traceback is its traceback, without colours.
	ErrName, ErrValue, Traceback string
	// TimedOut: the cell was still running at the time limit.
	TimedOut bool
	// Crash is set when the process running the session died before it reported (a
	// stack overflow, a fatal error of the runtime): what it wrote last.
	Crash string
	// Duration is how long the cell ran.
	Duration time.Duration
}

// Class is the kind of outcome of one program.
type Class string

// The classes of outcome, as the table shows them.
const (
	Pass Class = "pass" // no error, and the output is go run's
	// Silent: the cell succeeded and printed something else than go run: a wrong answer
	// with status ok, which peerbook must never give.
	Silent Class = "silent"
	// Loud: the cell failed with an error (compile error, panic, exit status) that is not
	// one of the classes below. SelfCheck is a loud failure too, counted apart.
	Loud Class = "loud"
	// SelfCheck: the program's own check panicked or exited non-zero (`panic("fail")`,
	// `os.Exit(1)` after printing what was wrong): a wrong result the program caught; in
	// user code it would have been silent.
	SelfCheck Class = "selfcheck"
	// Refused: peerbook refused the cell, naming the limit ("... is not supported in cells").
	Refused Class = "refused"
	// Timeout: the cell did not end within the time limit (slow, or stuck).
	Timeout Class = "timeout"
	// Crash: the session's process died (stack overflow, fatal runtime error): a session
	// that would be lost in a notebook.
	Crash Class = "crash"
)

// Classes lists the classes in the table's order.
var Classes = []Class{Pass, Silent, Loud, SelfCheck, Refused, Timeout, Crash}

// refused reports whether an error is one of peerbook's refusals: they start with
// "peerbook: " and say what "is not supported" ("... is not supported in cells: why",
// "... are not supported together in cells: why").
func refused(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		if _, msg, ok := strings.Cut(line, "peerbook: "); ok && strings.Contains(msg, " not supported ") {
			return true
		}
	}
	return false
}

// Classify says which class r belongs to for program p.
func Classify(p Program, r Result) Class {
	switch {
	case r.Crash != "":
		return Crash
	case r.TimedOut:
		return Timeout
	case r.ErrName == "":
		if OutputMatches(p.Want, r.Stdout, r.Stderr) {
			return Pass
		}
		return Silent
	case refused(r.ErrValue) || refused(r.Traceback):
		return Refused
	case selfCheck(p, r):
		return SelfCheck
	}
	return Loud
}

// selfCheck reports whether the cell's error is the program's own verdict: an exit with a
// non-zero status ("Exit"), or a panic raised by a call of panic written in the program
// (the panic's value is not a runtime error, and the source has panic calls: the
// interpreter's own panics are runtime errors or internal errors).
func selfCheck(p Program, r Result) bool {
	switch r.ErrName {
	case "Exit":
		return true
	case "panic":
		v := r.ErrValue
		if strings.HasPrefix(v, "runtime error:") || strings.Contains(v, "reflect") ||
			strings.Contains(v, "internal error") || strings.Contains(v, "interp.") {
			return false
		}
		return strings.Contains(p.Source, "panic(")
	}
	return false
}

// OutputMatches reports whether a cell that wrote stdout and stderr printed want, the
// combined output of go run. A session carries the two streams apart (as Jupyter shows
// them), so how their writes interleaved is lost: the output matches when want is an
// interleaving of the two, line by line (or byte by byte, for lines that one stream left
// unfinished). With one stream empty that is plain equality.
func OutputMatches(want, stdout, stderr string) bool {
	switch {
	case stderr == "":
		return want == stdout
	case stdout == "":
		return want == stderr
	case len(want) != len(stdout)+len(stderr):
		return false
	}
	if interleaves(lines(want), lines(stdout), lines(stderr)) {
		return true
	}
	// Byte by byte, where that stays cheap (print("x") then fmt.Println("y") on one line).
	if len(stdout)*len(stderr) <= 1<<22 {
		return interleaves([]byte(want), []byte(stdout), []byte(stderr))
	}
	return false
}

// lines splits s after each newline; a last line without one is a line too.
func lines(s string) []string {
	ls := strings.SplitAfter(s, "\n")
	if ls[len(ls)-1] == "" {
		ls = ls[:len(ls)-1]
	}
	return ls
}

// interleaves reports whether c is an interleaving of a and b (every element of each,
// in order).
func interleaves[T comparable](c, a, b []T) bool {
	if len(c) != len(a)+len(b) {
		return false
	}
	// ok[j]: a[:i] and b[:j] can make c[:i+j] (row i of the usual table, kept in one row).
	ok := make([]bool, len(b)+1)
	ok[0] = true
	for j := 1; j <= len(b); j++ {
		ok[j] = ok[j-1] && b[j-1] == c[j-1]
	}
	for i := 1; i <= len(a); i++ {
		ok[0] = ok[0] && a[i-1] == c[i-1]
		for j := 1; j <= len(b); j++ {
			ok[j] = (ok[j] && a[i-1] == c[i+j-1]) || (ok[j-1] && b[j-1] == c[i+j-1])
		}
	}
	return ok[len(b)]
}

// InSample reports whether the program named name is in the CI sample: one program in
// every modulus, chosen by a hash of its name, so the sample does not move when programs
// are added or removed elsewhere.
func InSample(name string, modulus uint32) bool {
	if modulus <= 1 {
		return true
	}
	h := fnv.New32a()
	h.Write([]byte(name))
	return h.Sum32()%modulus == 0
}

// Table counts outcomes by class.
type Table map[Class]int

// Total is the number of programs counted.
func (t Table) Total() int {
	n := 0
	for _, c := range Classes {
		n += t[c]
	}
	return n
}

// Rate is the fraction of programs that passed.
func (t Table) Rate() float64 {
	if t.Total() == 0 {
		return 0
	}
	return float64(t[Pass]) / float64(t.Total())
}

// String prints the table: one line per class, with counts and shares.
func (t Table) String() string {
	var b strings.Builder
	total := t.Total()
	for _, c := range Classes {
		share := 0.0
		if total > 0 {
			share = 100 * float64(t[c]) / float64(total)
		}
		fmt.Fprintf(&b, "%-10s %5d  %5.1f%%\n", c, t[c], share)
	}
	fmt.Fprintf(&b, "%-10s %5d\n", "total", total)
	return b.String()
}

// Describe tells how a failing program's outcome differs from go run's.
func Describe(p Program, r Result, c Class) string {
	var b strings.Builder
	switch c {
	case Crash:
		fmt.Fprintf(&b, "the session's process died:\n%s\n", r.Crash)
	case Timeout:
		b.WriteString("still running at the time limit\n")
	}
	if r.ErrName != "" {
		fmt.Fprintf(&b, "%s: %s\n", r.ErrName, firstLines(r.ErrValue, 6))
	}
	if got := r.Stdout + r.Stderr; !OutputMatches(p.Want, r.Stdout, r.Stderr) {
		fmt.Fprintf(&b, "output (stdout, then stderr) differs from %s:\n%s", outName(p.Name), diff(p.Want, got))
	}
	return b.String()
}

func outName(name string) string { return strings.TrimSuffix(name, ".go") + ".out" }

func firstLines(s string, n int) string {
	ls := strings.Split(s, "\n")
	if len(ls) > n {
		ls = append(ls[:n], "...")
	}
	return strings.Join(ls, "\n")
}

// diff describes the first line where want and got differ.
func diff(want, got string) string {
	wl, gl := lines(want), lines(got)
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("  line %d:\n    want %q\n    got  %q\n", i+1, w, g)
		}
	}
	return ""
}

// Sorted returns the names of m sorted.
func Sorted[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
