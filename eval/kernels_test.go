package eval

import (
	"strings"
	"testing"
	"time"
)

func TestGoKernelInACell(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, `import "peerbook/gpu"
gpu.Use("sim:1")`)
	got, _ := mustExec(t, s, `
// scale multiplies x by a.
func scale(t gpu.Thread, n int, a float32, x []float32) {
	for i := t.GlobalX(); i < n; i += t.StrideX() {
		x[i] *= a
	}
}
d := gpu.Dev(0)
buf, _ := d.AllocFrom([]float32{1, 2, 3, 4})
err := scale.Launch(d, 1, 4, 4, float32(3), buf)
vals, _ := buf.Float32s()
vals`)
	if got != "[3 6 9 12]" {
		t.Errorf("kernel result %q", got)
	}
	// The kernel is a variable of the session, and redefining it replaces it for callers.
	mustExec(t, s, `func run() []float32 {
	b, _ := d.AllocFrom([]float32{1, 1})
	scale.Launch(d, 1, 2, 2, float32(5), b)
	v, _ := b.Float32s()
	return v
}`)
	mustExec(t, s, `func scale(t gpu.Thread, n int, a float32, x []float32) {
	for i := t.GlobalX(); i < n; i += t.StrideX() {
		x[i] += a
	}
}`)
	if got, _ := mustExec(t, s, "run()"); got != "[6 6]" {
		t.Errorf("after redefining the kernel, run() = %q", got)
	}
	// Kernel errors point at the cell line.
	_, e, _ := run(t, s, "\nfunc bad(t gpu.Thread, x []float32) {\n\tx[0] = undefinedThing\n}")
	if e == nil || e.Name != NameCompile || !strings.Contains(e.Value, " 3:") {
		t.Errorf("kernel error: %+v", e)
	}
}

func TestCUDACell(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `%%cuda
extern "C" __global__ void fill(float *x, int n, float v) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) x[i] = v;
}`)
	if !strings.Contains(rec.stream("stdout"), "fill") {
		t.Errorf("stdout %q", rec.stream("stdout"))
	}
	got, _ := mustExec(t, s, "fill.Name()")
	if got != "fill" {
		t.Errorf("fill.Name() = %q", got)
	}
}

func TestInterruptStopsSimulatedKernel(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, `import "peerbook/gpu"
gpu.Use("sim:1")
func forever(t gpu.Thread, x []float32) {
	for x[0] >= 0 {
		x[0] += 1
	}
}
d := gpu.Dev(0)
buf, _ := d.AllocFrom([]float32{0})`)
	interruptAfter(t, s, "forever.Launch(d, 1, 1, buf)\ngpu.Synchronize()", 100*time.Millisecond)
	if got, _ := mustExec(t, s, "1"); got != "1" {
		t.Errorf("after interrupting a kernel: %q", got)
	}
}

func TestGPUPackageCompletionAndInspect(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, `import "peerbook/gpu"`)
	if m := matches(s.Complete("gpu.Dev", 7)); !strings.Contains(m, "Dev") || !strings.Contains(m, "Devices") {
		t.Errorf("gpu.Dev completes to %q", m)
	}
	in := s.Inspect("gpu.DefineGo", 6, 0)
	if text, _ := in.Data["text/plain"].(string); !strings.Contains(text, "func DefineGo(src, file string, line int) ([]*Kernel, error)") {
		t.Errorf("inspect gpu.DefineGo: %q", text)
	}
	// The full module path works too.
	if got, _ := mustExec(t, s, `import g2 "github.com/peerbook/peerbook/gpu"
g2.Float32.String()`); got == "" {
		t.Errorf("full import path: no value")
	}
}

// TestCellsCannotReachPlumbing: what the session drives gpu and display with (Hooks) is
// not in the tables cells import: a cell can't name it, and completion does not offer it.
func TestCellsCannotReachPlumbing(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, `import (
	"peerbook/display"
	"peerbook/gpu"
)`)
	for _, code := range []string{"gpu.SetInterrupt(nil)", "gpu.SetWorld(nil)", "gpu.SetNotice(nil)",
		"gpu.Poisoned()", `gpu.LookupKernel("x")`, "display.SetSink(nil)", "var _ display.Sink"} {
		if _, e, _ := run(t, s, code); e == nil || e.Name != NameCompile {
			t.Errorf("%s: want a compile error, got %+v", code, e)
		}
	}
	for _, code := range []string{"gpu.SetI", "gpu.SetW", "gpu.SetN", "gpu.Poi", "gpu.Look", "display.SetS", "display.Sin"} {
		if c := s.Complete(code, len(code)); len(c.Matches) != 0 {
			t.Errorf("completion of %s offers %q", code, c.Matches)
		}
	}
	// The documented API is still there.
	if c := s.Complete("gpu.Panic", len("gpu.Panic")); len(c.Matches) != 1 || !strings.Contains(c.Matches[0], "PanicError") {
		t.Errorf("completion of gpu.Panic: %q", c.Matches)
	}
}
