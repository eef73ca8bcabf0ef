package crash

import (
	"strings"
	"testing"
)

// writeInPieces writes s to w in pieces of n bytes, splitting lines anywhere.
func writeInPieces(w *Watcher, s string, n int) {
	for len(s) > 0 {
		k := min(n, len(s))
		w.Write([]byte(s[:k]))
		s = s[k:]
	}
}

func TestSummaryFindsTheCrashLineBeforeALongDump(t *testing.T) {
	dump := "runtime: goroutine stack exceeds 1000000000-byte limit\n" +
		"runtime: sp=0xc020160398 stack=[0xc020160000, 0xc040160000]\n" +
		"fatal error: stack overflow\n\n" +
		strings.Repeat("goroutine 1 [running]:\nmain.f(...)\n\t/x.go:3 +0x1d\n", 5000)
	for _, piece := range []int{1, 7, 4096, len(dump)} {
		var w Watcher
		writeInPieces(&w, "some output\n", piece)
		writeInPieces(&w, dump, piece)
		w.Close()
		if got := w.Summary("exit status 2"); got != "fatal error: stack overflow" {
			t.Errorf("pieces of %d: summary %q", piece, got)
		}
		if !w.Crashed() {
			t.Errorf("pieces of %d: not crashed", piece)
		}
		if tail := w.Tail(); len(tail) != tailSize || !strings.HasSuffix(tail, "+0x1d\n") {
			t.Errorf("pieces of %d: tail of %d bytes ending %q", piece, len(tail), tail[max(0, len(tail)-20):])
		}
	}
}

func TestSummaryFallsBack(t *testing.T) {
	var w Watcher
	w.Write([]byte("runtime: out of memory: cannot allocate 1048576-byte block\n"))
	if got := w.Summary("exit status 2"); got != "runtime: out of memory: cannot allocate 1048576-byte block" {
		t.Errorf("runtime line only: %q", got)
	}
	if w.Crashed() {
		t.Error("a runtime line alone counts as a crash line")
	}
	var quiet Watcher
	quiet.Write([]byte("hello\nworld\n"))
	if got := quiet.Summary("signal: killed"); got != "signal: killed" {
		t.Errorf("no crash line: %q", got)
	}
	var midLine Watcher
	midLine.Write([]byte("ok\npanic: boom"))
	if midLine.Crashed() {
		t.Error("before Close, an unfinished line counts as a crash line")
	}
	midLine.Close()
	if !midLine.Crashed() {
		t.Error("after Close, the last line without a newline is not a crash line")
	}
	if got := midLine.Summary("exit status 2"); got != "panic: boom" {
		t.Errorf("a crash line without a newline: %q", got)
	}
}

func TestLongLinesAreCut(t *testing.T) {
	var w Watcher
	w.Write([]byte("panic: " + strings.Repeat("x", 10000) + "\n"))
	if got := w.Summary(""); len(got) != maxLine || !strings.HasPrefix(got, "panic: xxx") {
		t.Errorf("summary of %d bytes: %.20q", len(got), got)
	}
}

func TestIsLine(t *testing.T) {
	for line, want := range map[string]bool{
		"panic: x": true, "fatal error: concurrent map writes": true, "SIGSEGV: segmentation violation": true,
		"runtime: goroutine stack exceeds": true, "unexpected fault address 0x0": true,
		"a panic: in the middle": false, "": false, "fatal": false,
	} {
		if got := IsLine([]byte(line)); got != want {
			t.Errorf("IsLine(%q) = %v", line, got)
		}
	}
}

func TestLastLines(t *testing.T) {
	if got := LastLines("a\nb\nc\nd\n", 2); got != "...\nc\nd" {
		t.Errorf("LastLines: %q", got)
	}
	if got := LastLines("a\nb", 5); got != "a\nb" {
		t.Errorf("LastLines short: %q", got)
	}
}

// The crash report starts at the first runtime or crash line, keeps what follows (the
// failing goroutine's stack) however the writes split it, and stops at reportSize.
func TestReportKeepsTheStartOfTheDump(t *testing.T) {
	dump := "runtime: goroutine stack exceeds 1000000000-byte limit\n" +
		"fatal error: stack overflow\n\n" +
		"goroutine 7 [running]:\nmain.down(...)\n\t/cell.go:1 +0x1d\n" +
		strings.Repeat("goroutine 1 [chan receive]:\nmain.idle(...)\n\t/x.go:3 +0x1d\n", 5000)
	for _, piece := range []int{1, 7, 4096, len(dump)} {
		var w Watcher
		writeInPieces(&w, "user output\n", piece)
		writeInPieces(&w, dump, piece)
		w.Close()
		r := w.Report()
		if len(r) != reportSize || !strings.HasPrefix(r, "runtime: goroutine stack exceeds") ||
			!strings.Contains(r, "goroutine 7 [running]:\nmain.down(...)\n") {
			t.Errorf("pieces of %d: report of %d bytes: %.120q", piece, len(r), r)
		}
		heading, text := Explain(r, w.Tail(), 5)
		if heading != "The crash report (its first lines):" || !strings.HasSuffix(text, "goroutine 7 [running]:\nmain.down(...)\n...") {
			t.Errorf("pieces of %d: %q %q", piece, heading, text)
		}
	}
	var quiet Watcher
	quiet.Write([]byte("a\nb\nc\n"))
	if quiet.Report() != "" {
		t.Errorf("a report without a crash: %q", quiet.Report())
	}
	if heading, text := Explain(quiet.Report(), quiet.Tail(), 2); heading != "The last output on stderr:" || text != "...\nb\nc" {
		t.Errorf("without a report: %q %q", heading, text)
	}
	if heading, _ := Explain("", " \n", 2); heading != "" {
		t.Errorf("nothing to explain: %q", heading)
	}
}
