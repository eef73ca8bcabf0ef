// Package crash reads why a Go process died from what it wrote to stderr: the supervisor of
// the evaluator and the headless notebook runner both watch a child process that may die of
// user code (a stack overflow, concurrent map writes, a crash in a native call), and tell the
// user in one line why.
package crash

import (
	"bytes"
	"strings"
	"sync"
)

// tailSize is how much of the end of a child's stderr a Watcher keeps.
const tailSize = 16 << 10

// reportSize is how much of a crash report (from the first crash or "runtime: " line on) a
// Watcher keeps.
const reportSize = 8 << 10

// maxLine bounds a remembered line (and a partial line waiting for its end).
const maxLine = 512

// prefixes start the lines the Go runtime (and peerbook) write when a process dies.
var prefixes = []string{
	"panic: ", "fatal error: ", "runtime: ", "SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE",
	"SIGABRT", "SIGTRAP", "unexpected fault address", "fatal: ",
}

// IsLine reports whether line is one that the Go runtime writes when a process dies
// ("fatal error: ...", "panic: ...", "runtime: ...", "SIGSEGV ...").
func IsLine(line []byte) bool {
	for _, p := range prefixes {
		if bytes.HasPrefix(line, []byte(p)) {
			return true
		}
	}
	return false
}

// Watcher is an io.Writer for a child's stderr: it keeps the last 16 KiB and remembers the
// first crash line and the first "runtime: " line (the stack-overflow message starts with
// one), even when the crash dump that follows them is far longer than the tail. Writes may
// split lines anywhere. It is safe for one writer and any number of readers.
//
// It keeps the crash report too: the first 8 KiB from the first crash or "runtime: " line
// on (the reason, then the failing goroutine's stack), which says more than the dump's end
// (the stacks of idle goroutines).
type Watcher struct {
	mu          sync.Mutex
	tail        []byte
	partial     []byte // a line waiting for its end
	crashLine   string
	runtimeLine string
	report      []byte // nil until the first crash or runtime line
}

// Write records p. It never fails.
func (w *Watcher) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.keepTail(p)
	if w.report != nil {
		w.keepReport(p)
	}
	if w.crashLine != "" {
		return len(p), nil
	}
	for q := p; len(q) > 0; {
		nl := bytes.IndexByte(q, '\n')
		if nl < 0 {
			if room := maxLine - len(w.partial); room > 0 {
				w.partial = append(w.partial, q[:min(room, len(q))]...)
			}
			break
		}
		line := append(w.partial, q[:nl]...)
		w.partial = w.partial[:0]
		q = q[nl+1:]
		crashed := w.note(line)
		if w.report == nil && (crashed || w.runtimeLine != "") {
			// The report starts here; what follows in p is in it already.
			w.report = append(append(make([]byte, 0, 1024), line...), '\n')
			w.keepReport(q)
		}
		if crashed {
			break
		}
	}
	return len(p), nil
}

func (w *Watcher) keepReport(p []byte) {
	if room := reportSize - len(w.report); room > 0 {
		w.report = append(w.report, p[:min(room, len(p))]...)
	}
}

// Reporting reports whether the crash report has started: a crash or "runtime: " line was
// seen.
func (w *Watcher) Reporting() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.report != nil
}

// Report returns the crash report kept (see Watcher), "" where there was no crash or
// runtime line.
func (w *Watcher) Report() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return string(w.report)
}

// Close takes a last line that had no newline (the process died mid-line) into account.
func (w *Watcher) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.partial) > 0 && w.crashLine == "" {
		w.note(w.partial)
	}
	w.partial = nil
	return nil
}

// note remembers line if it is a crash or runtime line; it reports a crash line.
func (w *Watcher) note(line []byte) bool {
	if len(line) > maxLine {
		line = line[:maxLine]
	}
	switch {
	case bytes.HasPrefix(line, []byte("runtime: ")):
		if w.runtimeLine == "" {
			w.runtimeLine = strings.TrimSpace(string(line))
		}
	case IsLine(line):
		w.crashLine = strings.TrimSpace(string(line))
		return true
	}
	return false
}

func (w *Watcher) keepTail(p []byte) {
	if len(p) >= tailSize {
		w.tail = append(w.tail[:0], p[len(p)-tailSize:]...)
		return
	}
	if over := len(w.tail) + len(p) - tailSize; over > 0 {
		w.tail = append(w.tail[:0], w.tail[over:]...)
	}
	w.tail = append(w.tail, p...)
}

// Tail returns the last 16 KiB written.
func (w *Watcher) Tail() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return string(w.tail)
}

// Crashed reports whether a crash line has been seen.
func (w *Watcher) Crashed() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.crashLine != ""
}

// Summary is the one line that says why the process died: its first crash line, else its
// first "runtime: " line, else a crash line in the tail, else status (such as "exit status
// 2" or "signal: killed").
func (w *Watcher) Summary(status string) string {
	w.mu.Lock()
	crashLine, runtimeLine := w.crashLine, w.runtimeLine
	w.mu.Unlock()
	if crashLine != "" {
		return crashLine
	}
	if runtimeLine != "" {
		return runtimeLine
	}
	for _, line := range strings.Split(w.Tail(), "\n") {
		if line = strings.TrimSpace(line); IsLine([]byte(line)) {
			return line
		}
	}
	return status
}

// FirstLines returns at most n leading lines of s, with "..." last where lines were left
// out.
func FirstLines(s string, n int) string {
	s = strings.TrimRight(s, "\n")
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = append(lines[:n:n], "...")
	}
	return strings.Join(lines, "\n")
}

// Explain is what to show a user of how a child process died, after its Summary: the
// first n lines of its crash report where it has one (the reason, then the failing
// goroutine's stack), else the last n lines it wrote to stderr. The heading says which.
func Explain(report, tail string, n int) (heading, text string) {
	if r := strings.TrimSpace(report); r != "" {
		return "The crash report (its first lines):", FirstLines(r, n)
	}
	if t := strings.TrimSpace(tail); t != "" {
		return "The last output on stderr:", LastLines(t, n)
	}
	return "", ""
}

// LastLines returns at most n trailing lines of s, with "..." first where lines were left
// out.
func LastLines(s string, n int) string {
	s = strings.TrimRight(s, "\n")
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = append([]string{"..."}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}
