package gpu

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/gpu/gokernel"
)

// Go kernels on the CUDA device: results, and a failing bounds check reported like on
// simulated devices. A trap is a sticky fault that the driver may not let this process
// recover from (on the H200 it does not), so each failing launch runs in a child process:
// this test binary again, with -test.run naming the child test and envFaultChild set.

const envFaultChild = "PEERBOOK_TEST_FAULT_CHILD"

const faultKernelsSrc = `
func fillIndex(t gpu.Thread, x []int32, n int) {
	i := t.GlobalX()
	if i < n {
		x[i] = int32(i)
	}
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
	for _, mode := range []string{"sync", "stream", "divide"} {
		start := time.Now()
		cmd := exec.Command(os.Args[0], "-test.run=^TestCUDAGoKernelFaultChild$", "-test.v", "-test.count=1")
		cmd.Env = append(os.Environ(), envFaultChild+"="+mode)
		out, err := cmd.CombinedOutput()
		t.Logf("child %q (%v, exit: %v):\n%s", mode, time.Since(start).Round(time.Millisecond), err, indent(string(out)))
		if err != nil || !strings.Contains(string(out), "--- PASS: TestCUDAGoKernelFaultChild") {
			t.Errorf("child %q failed", mode)
		}
	}
}

func indent(s string) string {
	return "    | " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    | ")
}

// failLaunch makes the failing launch of mode on d: an index past the end (sync: without a
// stream; stream: on a stream, the error coming from Synchronize) or a division by zero.
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
	defer catch(t)
	const n = 1000
	ks := defineGo(t, faultKernelsSrc)

	// The simulator's panic, for reference.
	use(t, "sim:1")
	simErr := failLaunch(t, mode, ks, Dev(0), must(Dev(0).Alloc(Int32, n)), n)
	var simPE *gokernel.PanicError
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
	if p := Poisoned(); p != nil {
		t.Fatalf("poisoned before the fault: %v", p)
	}

	// The failing launch.
	start = time.Now()
	err := failLaunch(t, mode, ks, d, x, n)
	t.Logf("the failing launch (%s) returned after %v: %v", mode, time.Since(start), err)
	if err == nil {
		t.Fatal("no error")
	}
	var pe *gokernel.PanicError
	if !errors.As(err, &pe) {
		t.Fatalf("the error has no *gokernel.PanicError: %v", err)
	}
	t.Logf("PanicError: kernel %s, block %v, thread %v, at %s: %s", pe.Kernel, pe.Block, pe.Thread, pe.Pos, pe.Msg)
	global := pe.Block[0]*256 + pe.Thread[0]
	switch mode {
	case "sync", "stream": // threads n..n+2 fail; either may be reported
		want := "index out of range [" + strconv.Itoa(global) + "] with length 1000"
		if pe.Kernel != simPE.Kernel || pe.Pos != simPE.Pos || global < n || global >= n+3 || pe.Msg != want {
			t.Errorf("GPU panic %+v (thread %d of the grid), simulator's %+v", pe, global, simPE)
		}
	case "divide": // only thread 500 fails
		if *pe != *simPE {
			t.Errorf("GPU panic %+v, simulator's %+v", pe, simPE)
		}
	}
	poisoned := Poisoned()
	if errors.Is(err, ErrNeedsRestart) {
		t.Logf("OUTCOME: NeedsRestart (the driver can't rebuild the context in this process); gpu.Poisoned(): %v", poisoned)
		if poisoned == nil || !errors.Is(poisoned, ErrNeedsRestart) {
			t.Errorf("the launch's error needs a restart, Poisoned says %v", poisoned)
		}
		start = time.Now()
		err := fill.Launch(d, 1, 1, x, 1)
		t.Logf("a launch after the fault failed after %v: %v", time.Since(start), err)
		if !errors.Is(err, ErrNeedsRestart) {
			t.Errorf("a launch after the fault: %v", err)
		}
		return
	}
	t.Logf("OUTCOME: recovered (the context was rebuilt); gpu.Poisoned(): %v", poisoned)
	if poisoned != nil {
		t.Errorf("recovered, yet Poisoned says %v", poisoned)
	}
	y := must(d.Alloc(Int32, n))
	must(0, fill.Launch(d, (n+255)/256, 256, y, n))
	if v := must(y.At(n - 1)); v != n-1 {
		t.Errorf("after recovery: y[%d] = %v", n-1, v)
	}
}
