package kernel

import (
	"log"
	"sync"
	"time"
)

// Steps of a kernel's start, in the order they usually happen (the evaluator's run beside
// the sockets').
const (
	stepProcess         = "process"           // the process's own code began (Config.Started)
	stepSockets         = "sockets"           // the five sockets listen
	stepEvaluatorStart  = "evaluator_started" // the evaluator process was started
	stepEvaluatorReady  = "evaluator_ready"   // its session is up (its ready event)
	stepKernelInfoReply = "kernel_info_reply" // the first kernel_info_reply was sent
	stepExecuteReply    = "execute_reply"     // the first execute_reply was sent
)

// startTrace logs, with --debug, when each step of the kernel's start happened, once each:
// "start trace: STEP at UNIX_NS (+MS ms)", the time on the wall clock, so that a client that
// noted when it launched the kernel can tell which step costs what (kernel/bench/bench.py
// prints it). A nil *startTrace logs nothing.
type startTrace struct {
	log     *log.Logger
	started time.Time

	mu   sync.Mutex
	done map[string]bool
}

// newStartTrace is the trace of a kernel whose process started at started (zero: now).
func newStartTrace(l *log.Logger, started time.Time) *startTrace {
	if started.IsZero() {
		started = time.Now()
	}
	t := &startTrace{log: l, started: started, done: map[string]bool{}}
	t.at(stepProcess, started)
	return t
}

// step records that step happened now, if it is its first time.
func (t *startTrace) step(step string) {
	if t != nil {
		t.at(step, time.Now())
	}
}

func (t *startTrace) at(step string, when time.Time) {
	t.mu.Lock()
	first := !t.done[step]
	t.done[step] = true
	t.mu.Unlock()
	if first {
		t.log.Printf("start trace: %s at %d (+%.1f ms)", step, when.UnixNano(), float64(when.Sub(t.started).Microseconds())/1e3)
	}
}
