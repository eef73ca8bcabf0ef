package gpu

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Go kernels on the CUDA device: results, and a failing bounds check reported like on
// simulated devices. The failing thread records the fault and ends without a trap, so the
// device must stay usable afterwards. Should that break (a trap is a sticky fault the
// H200's driver can't recover from in the process), each failing launch runs in a child
// process: this test binary again, with -test.run naming the child test and envFaultChild
// set.

const envFaultChild = "PEERBOOK_TEST_FAULT_CHILD"

const faultKernelsSrc = `
func fillIndex(t gpu.Thread, x []int32, n int) {
	i := t.GlobalX()
	if i < n {
		x[i] = int32(i)
	}
}

func barrierIndex(t gpu.Thread, x []int32, bad int) {
	i := t.GlobalX()
	if i == bad {
		x[len(x)+i] = 1
	}
	t.Barrier()
	if i < len(x) {
		x[i] = int32(i)
	}
	t.Barrier()
}

func divide(t gpu.Thread, x []int32, d int32) {
	i := t.GlobalX()
	if i < len(x) {
		x[i] = 1000 / (d - int32(i))
	}
}`

// TestCUDAGoKernelFault runs the child test once per way to fail and checks that each
// passed; the children's logs are in this test's log.
func TestCUDAGoKernelFault(t *testing.T) {
	if os.Getenv(envFaultChild) != "" {
		t.Skip("in a child")
	}
	useCUDA(t)
	for _, mode := range []string{"sync", "stream", "device", "machine", "barrier", "divide", "traced-sync", "traced-stream", "traced-barrier"} {
		start := time.Now()
		cmd := exec.Command(os.Args[0], "-test.run=^TestCUDAGoKernelFaultChild$", "-test.v", "-test.count=1")
		cmd.Env = append(os.Environ(), envFaultChild+"="+mode)
		out, err := runWithTimeout(cmd, 2*time.Minute)
		t.Logf("child %q (%v, exit: %v):\n%s", mode, time.Since(start).Round(time.Millisecond), err, indent(string(out)))
		if err != nil || !strings.Contains(string(out), "--- PASS: TestCUDAGoKernelFaultChild") {
			t.Errorf("child %q failed", mode)
		}
	}
}

// runWithTimeout runs cmd and returns its output, killing it after limit (a hang is an
// error that says so, not a blocked test binary).
func runWithTimeout(cmd *exec.Cmd, limit time.Duration) ([]byte, error) {
	var buf strings.Builder
	cmd.Stdout, cmd.Stderr = &buf, &buf
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return []byte(buf.String()), err
	case <-time.After(limit):
		cmd.Process.Kill()
		<-done
		return []byte(buf.String()), fmt.Errorf("killed after %v (hung)", limit)
	}
}

func indent(s string) string {
	return "    | " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    | ")
}

// failLaunch makes the failing launch of mode on d: an index past the end (sync: without a
// stream; stream, device, machine: on a stream, the error coming from Stream.Synchronize,
// Device.Synchronize or gpu.Synchronize; barrier: one thread of a block that then waits at
// __syncthreads) or a division by zero.
func failLaunch(t *testing.T, mode string, ks map[string]*Kernel, d *Device, x *Buffer, n int) error {
	t.Helper()
	switch mode {
	case "sync":
		return ks["fillIndex"].Launch(d, (n+255)/256+1, 256, x, n+3)
	case "stream":
		s := must(d.NewStream())
		if err := ks["fillIndex"].Launch(d, (n+255)/256+1, 256, x, n+3, OnStream(s)); err != nil {
			t.Logf("the asynchronous launch itself failed: %v", err)
			return err
		}
		return s.Synchronize()
	case "device", "machine":
		s := must(d.NewStream())
		if err := ks["fillIndex"].Launch(d, (n+255)/256+1, 256, x, n+3, OnStream(s)); err != nil {
			t.Logf("the asynchronous launch itself failed: %v", err)
			return err
		}
		if mode == "device" {
			return d.Synchronize()
		}
		return Synchronize()
	case "barrier":
		return ks["barrierIndex"].Launch(d, (n+255)/256, 256, x, 300)
	case "divide":
		return ks["divide"].Launch(d, (n+255)/256, 256, x, 500)
	}
	t.Fatalf("unknown mode %q", mode)
	return nil
}

// TestCUDAGoKernelFaultChild is run by TestCUDAGoKernelFault in a child process: the same
// failing launch on a simulated device, then on the CUDA device, must give the same panic
// (the same thread where only one fails).
func TestCUDAGoKernelFaultChild(t *testing.T) {
	mode := os.Getenv(envFaultChild)
	if mode == "" {
		t.Skip("run by TestCUDAGoKernelFault in a child process")
	}
	// traced-MODE: MODE's failing launch under a timeline, so made by the kernel's traced
	// variant (it must report the fault the same way: same fault record).
	mode, traced := strings.CutPrefix(mode, "traced-")
	defer catch(t)
	const n = 1000
	ks := defineGo(t, faultKernelsSrc)

	// The simulator's panic, for reference.
	use(t, "sim:1")
	simErr := failLaunch(t, mode, ks, Dev(0), must(Dev(0).Alloc(Int32, n)), n)
	var simPE *PanicError
	if !errors.As(simErr, &simPE) {
		t.Fatalf("on the simulator: %v", simErr)
	}
	t.Logf("on the simulator: %v", simErr)

	useCUDA(t)
	fill := ks["fillIndex"]
	d := Dev(0)
	x := must(d.Alloc(Int32, n))

	// A Go kernel on the GPU: translated, compiled, launched, right.
	start := time.Now()
	must(0, fill.Launch(d, (n+255)/256, 256, x, n))
	first := time.Since(start)
	start = time.Now()
	must(0, fill.Launch(d, (n+255)/256, 256, x, n))
	again := time.Since(start)
	got := must(x.Int32s())
	for i, v := range got {
		if v != int32(i) {
			t.Fatalf("x[%d] = %d", i, v)
		}
	}
	t.Logf("fillIndex on %s: first launch %v (translate, compile, load), second %v", d.label(), first, again)
	if p := poisoned(); p != nil {
		t.Fatalf("poisoned before the fault: %v", p)
	}

	// The failing launch.
	var tl *Timeline
	if traced {
		for _, k := range ks { // loaded before the timeline, which then compiles their traced variants
			must(k.code.load(d))
		}
		tl = Trace()
	}
	start = time.Now()
	err := failLaunch(t, mode, ks, d, x, n)
	t.Logf("the failing launch (%s, traced %v) returned after %v: %v", mode, traced, time.Since(start), err)
	if tl != nil {
		if serr := tl.Stop(); serr != nil {
			t.Errorf("Stop: %v", serr)
		}
		note := tl.View().Note
		t.Logf("timeline: %v; note %q", tl.Ops(), note)
		if !strings.Contains(note, "own %globaltimer stamps") || strings.Contains(note, "timed by events") {
			t.Errorf("the traced launch was not timed by its stamps: note %q", note)
		}
	}
	if err == nil {
		t.Fatal("no error")
	}
	var pe *PanicError
	if !errors.As(err, &pe) {
		t.Fatalf("the error has no *PanicError: %v", err)
	}
	t.Logf("PanicError: kernel %s, block %v, thread %v, at %s: %s", pe.Kernel, pe.Block, pe.Thread, pe.Pos, pe.Msg)
	global := pe.Block[0]*256 + pe.Thread[0]
	switch mode {
	case "sync", "stream", "device", "machine": // threads n..n+2 fail; either may be reported
		want := "index out of range [" + strconv.Itoa(global) + "] with length 1000"
		if pe.Kernel != simPE.Kernel || pe.Pos != simPE.Pos || global < n || global >= n+3 || pe.Msg != want {
			t.Errorf("GPU panic %+v (thread %d of the grid), simulator's %+v", pe, global, simPE)
		}
	case "barrier": // only thread 300 fails, the others pass both barriers
		if pe.Kernel != simPE.Kernel || pe.Pos != simPE.Pos || global != 300 || pe.Msg != "index out of range [1300] with length 1000" {
			t.Errorf("GPU panic %+v (thread %d of the grid), simulator's %+v", pe, global, simPE)
		}
	case "divide": // only thread 500 fails
		if *pe != *simPE {
			t.Errorf("GPU panic %+v, simulator's %+v", pe, simPE)
		}
	}
	if errors.Is(err, ErrNeedsRestart) {
		t.Fatalf("OUTCOME: NeedsRestart: the failed check poisoned the context (it must end the thread without a trap): %v", err)
	}
	if p := poisoned(); p != nil {
		t.Fatalf("poisoned() after the fault: %v", p)
	}
	// The record was cleared: the next synchronization reports nothing.
	if err := Synchronize(); err != nil {
		t.Errorf("gpu.Synchronize after the reported fault: %v", err)
	}
	// The device is healthy: a later launch works.
	y := must(d.Alloc(Int32, n))
	must(0, fill.Launch(d, (n+255)/256, 256, y, n))
	if v := must(y.At(n - 1)); v != n-1 {
		t.Errorf("after the fault: y[%d] = %v", n-1, v)
	}
	t.Logf("OUTCOME: healthy (the fault was reported, the device still works)")
}
