package kernel

import (
	"bytes"
	"log"
	"regexp"
	"strconv"
	"testing"
	"time"
)

// The start trace logs each step once, in the form kernel/bench/bench.py reads ("start
// trace: STEP at UNIX_NS"), at the wall-clock time the step happened.
func TestStartTraceLogsEachStepOnce(t *testing.T) {
	var b bytes.Buffer
	started := time.Now().Add(-time.Second)
	tr := newStartTrace(log.New(&b, "peerbook: ", log.LstdFlags), started)
	before := time.Now()
	tr.step(stepSockets)
	tr.step(stepSockets)
	tr.step(stepKernelInfoReply)
	var none *startTrace
	none.step(stepSockets) // a session without a trace
	lines := regexp.MustCompile(`start trace: (\S+) at (\d+) \(\+([0-9.]+) ms\)`).FindAllStringSubmatch(b.String(), -1)
	if len(lines) != 3 || lines[0][1] != stepProcess || lines[1][1] != stepSockets || lines[2][1] != stepKernelInfoReply {
		t.Fatalf("the trace:\n%s", b.String())
	}
	if ns, _ := strconv.ParseInt(lines[0][2], 10, 64); ns != started.UnixNano() {
		t.Errorf("the process step at %d, want %d", ns, started.UnixNano())
	}
	if ns, _ := strconv.ParseInt(lines[1][2], 10, 64); ns < before.UnixNano() || ns > time.Now().UnixNano() {
		t.Errorf("the sockets step at %d, not between %d and now", ns, before.UnixNano())
	}
	if ms, _ := strconv.ParseFloat(lines[1][3], 64); ms < 1000 {
		t.Errorf("the sockets step %v ms after the process started, want at least 1000", ms)
	}
}
