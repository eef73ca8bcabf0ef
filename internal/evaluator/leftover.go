package evaluator

import (
	"fmt"
	"runtime"
	"runtime/metrics"

	"github.com/peerbook/peerbook/eval"
)

// Goroutines an interrupted cell leaves running. Go cannot stop a goroutine from outside:
// one blocked in compiled code (a mutex, a WaitGroup, a system call) outlives the
// interrupt and keeps what it holds (its stack, what it references) until it returns. The
// child says so in the interrupted cell's error, with the count and the memory, and, while
// very many are left, again after each later cell: only a restart of the kernel frees
// them.

// Bounds of the reports. A few goroutines left (the cell's own, blocked in a Sleep; one it
// started) are the session's own note's (eval counts those cells started); from
// noteGoroutines on, the note says what the session holds. Past loudGoroutines it is a
// warning, repeated after each later cell while noteGoroutines of them are left. Only the
// count decides: memory may be the session's variables, not theirs.
const (
	noteGoroutines = 100
	loudGoroutines = 10000
)

// leftovers follows the goroutines interrupted cells left running.
type leftovers struct {
	before int // goroutines when the current cell started
	base   int // goroutines before the interrupted cell that left very many; 0: none
	cell   int // that cell's execution count
}

// start notes the goroutines before a cell runs.
func (l *leftovers) start() { l.before = runtime.NumGoroutine() }

// interrupted adds to an interrupted cell's error how many goroutines it left running and
// what the process holds.
func (l *leftovers) interrupted(e *eval.Error, count int) {
	left := runtime.NumGoroutine() - l.before
	if left < noteGoroutines {
		return
	}
	heap, stacks := memoryHeld()
	loud := left >= loudGoroutines
	color, label := "\x1b[0;33m", "note"
	if loud {
		color, label = "\x1b[1;31m", "WARNING"
		if l.base == 0 {
			l.base, l.cell = l.before, count
		}
	}
	e.Traceback = append(e.Traceback, color+fmt.Sprintf(
		"%s: this cell left %d goroutine(s) running: Go cannot stop a goroutine blocked in compiled code (a mutex, a WaitGroup, a system call). "+
			"The Go session now holds %s in all (heap %s, goroutine stacks %s); their stacks and what they reference stay until they return. "+
			"Restart the kernel (Kernel > Restart) to free it; the session's variables are lost with it.",
		label, left, bytesText(heap+stacks), bytesText(heap), bytesText(stacks))+"\x1b[0m")
}

// after returns the warning to show after a later cell while many goroutines an
// interrupted cell left still run.
func (l *leftovers) after() string {
	if l.base == 0 {
		return ""
	}
	left := runtime.NumGoroutine() - l.base
	if left < noteGoroutines {
		l.base = 0 // they returned: nothing to repeat
		return ""
	}
	heap, stacks := memoryHeld()
	return fmt.Sprintf("\x1b[1;31mWARNING\x1b[0m: %d goroutine(s) left running by the cell interrupted at [%d] (and any since) are still running; "+
		"the Go session holds %s in all (heap %s, goroutine stacks %s). Restart the kernel (Kernel > Restart) to end them.\n",
		max(left, 0), l.cell, bytesText(heap+stacks), bytesText(heap), bytesText(stacks))
}

// memoryHeld is the process's heap objects (live, and dead ones not yet swept) and its
// goroutine stacks, in bytes.
func memoryHeld() (heap, stacks uint64) {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/stacks:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() == metrics.KindUint64 {
		heap = s[0].Value.Uint64()
	}
	if s[1].Value.Kind() == metrics.KindUint64 {
		stacks = s[1].Value.Uint64()
	}
	return heap, stacks
}

// bytesText renders n bytes for people ("2.1 GB", "812 MB", "64 kB").
func bytesText(n uint64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.1f GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.0f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.0f kB", float64(n)/1e3)
	}
	return fmt.Sprintf("%d B", n)
}
