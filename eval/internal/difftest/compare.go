package difftest

import (
	"fmt"
	"math/rand"
	"regexp"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/gosmith"
	"github.com/peerbook/peerbook/eval/internal/rewrite/corpus"
)

// Class is how a program's cells compare with the Go toolchain's run of it.
type Class string

// The classes. Silent and Wrong are wrong answers, which peerbook must never give;
// Refused and Loud are errors, Refused those that name a limit of peerbook.
const (
	Same    Class = "same"
	Silent  Class = "SILENT"  // every cell succeeded, and the output or the outcome differs
	Wrong   Class = "WRONG"   // the cells panicked where Go panicked, with other output or another message
	Refused Class = "REFUSED" // a cell was refused, naming a limit ("peerbook: ..."), where Go ran
	Loud    Class = "LOUD"    // a cell failed otherwise (compile error, panic) where Go did not
	Crash   Class = "CRASH"   // the session died
	Timeout Class = "TIMEOUT" // the cells ran past the limit
	Skipped Class = "skipped" // the Go toolchain could not run the program: nothing to compare
)

// Classes lists the classes in the order tables show them.
var Classes = []Class{Same, Silent, Wrong, Refused, Loud, Crash, Timeout, Skipped}

// IsWrongAnswer reports whether c is a wrong answer (SILENT or WRONG).
func (c Class) IsWrongAnswer() bool { return c == Silent || c == Wrong }

// refusal matches the error of a cell that peerbook refused, naming the limit.
var refusal = regexp.MustCompile(`(^|\n|: )peerbook: `)

// Compare classifies a program's cells against its Go run, with a line that says how
// they differ ("" when they don't).
func Compare(g GoResult, c CellResult) (Class, string) {
	switch {
	case g.Failed != "":
		return Skipped, g.Failed
	case c.Crash != "":
		return Crash, c.Crash
	case c.Timeout:
		return Timeout, fmt.Sprintf("cell %d: %s", c.FailedCell+1, c.ErrValue)
	}
	goPanicked := g.Exit != 0
	cellFailed := c.ErrName != ""
	switch {
	case !cellFailed && !goPanicked && c.Stdout == g.Stdout:
		return Same, ""
	case !cellFailed && goPanicked:
		return Silent, fmt.Sprintf("go run panicked (%s), the cells succeeded", firstLine(g.Panic))
	case !cellFailed:
		return Silent, strings.TrimSpace(corpus.Diff(g.Stdout, c.Stdout))
	}
	if goPanicked && c.ErrName == "panic" {
		switch {
		case c.Stdout != g.Stdout:
			return Wrong, strings.TrimSpace(corpus.Diff(g.Stdout, c.Stdout))
		case !samePanic(g.Panic, c.ErrValue):
			return Wrong, fmt.Sprintf("panic %q, go run's %q", firstLine(c.ErrValue), firstLine(g.Panic))
		}
		return Same, ""
	}
	detail := fmt.Sprintf("cell %d: %s: %s", c.FailedCell+1, c.ErrName, firstLine(c.ErrValue))
	if refusal.MatchString(c.ErrValue) {
		return Refused, detail
	}
	return Loud, detail
}

// samePanic reports whether a cell's panic message says what Go's did. The cell's may
// carry the position of the panic after the message.
func samePanic(goMsg, cellMsg string) bool {
	// A nil dereference that faulted is followed by the signal's line in Go's report
	// ("[signal SIGSEGV: segmentation violation code=... addr=0x0 pc=...]"): where the
	// program faults is the compiler's business, the message is the runtime error.
	if msg, sig, ok := strings.Cut(goMsg, "\n[signal "); ok && !strings.Contains(sig, "\n") {
		goMsg = msg
	}
	if goMsg == cellMsg {
		return true
	}
	// Go marks a value of a runtime error type ("[recovered]" never reaches here).
	return strings.TrimSpace(goMsg) == strings.TrimSpace(cellMsg)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " ..."
	}
	return s
}

// OneCell returns a program as one cell: its package clause left out (the line stays,
// blank, so that positions do not move).
func OneCell(src string) []string {
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "package ") {
			lines[i] = ""
			break
		}
	}
	return []string{strings.Join(lines, "\n")}
}

// SplitCells returns a generated program as up to n cells, cut at random points among
// those where it may be (gosmith.Program.CutPoints): the imports go to the first cell,
// func main to the last.
func SplitCells(p *gosmith.Program, r *rand.Rand, n int) []string {
	cuts := p.CutPoints()
	r.Shuffle(len(cuts), func(i, j int) { cuts[i], cuts[j] = cuts[j], cuts[i] })
	if len(cuts) > n-1 {
		cuts = cuts[:n-1]
	}
	chosen := map[int]bool{}
	for _, c := range cuts {
		chosen[c] = true
	}
	var cells []string
	var cur strings.Builder
	cur.WriteString(p.ImportDecl())
	for i, d := range p.Decls {
		if chosen[i] && cur.Len() > 0 {
			cells = append(cells, cur.String())
			cur.Reset()
		}
		cur.WriteString(d.Src)
		cur.WriteString("\n")
	}
	return append(cells, cur.String())
}
