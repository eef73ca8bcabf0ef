package cuda

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

func TestErrNeedsRestartIsTheBackendSentinel(t *testing.T) {
	fe := &FaultError{Err: &Error{Op: "cuStreamSynchronize", Code: 700}, NeedsRestart: true}
	if !errors.Is(fe, backend.ErrNeedsRestart) || !errors.Is(fe, ErrNeedsRestart) {
		t.Error("a fault that needs a restart does not wrap backend.ErrNeedsRestart")
	}
	fe.NeedsRestart = false
	if errors.Is(fe, backend.ErrNeedsRestart) {
		t.Error("a recovered fault wraps backend.ErrNeedsRestart")
	}
}

// TestCompilePTXWithoutGPU compiles with NVRTC alone (no driver needed); it skips where
// there is no libnvrtc.
func TestCompilePTXWithoutGPU(t *testing.T) {
	v, err := NVRTCVersion()
	if err != nil {
		t.Skipf("no NVRTC: %v", err)
	}
	t.Logf("NVRTC %s", v)
	src := `extern "C" __global__ void bump(Peer<unsigned> flag, Slice<const float> x, Slice<float> y) {
  atomicAdd(&flag[0], 1u);
  sync_system();
  long long i = global_thread_id();
  if (i < x.len()) y[i] = x[i] + flag[1];
}`
	ptx, err := CompilePTX(90, src, backend.CompileOptions{File: "cell[1]"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{".entry bump(", "membar.sys"} {
		if !strings.Contains(ptx, want) {
			t.Errorf("PTX lacks %q", want)
		}
	}
	if !regexp.MustCompile(`\b(atom|red)(\.\w+)*\.sys\b`).MatchString(ptx) {
		t.Error("PTX has no system-scope atomic")
	}
	_, err = CompilePTX(90, "extern \"C\" __global__ void bad() { undefined_name = 1; }", backend.CompileOptions{File: "cell[2]", LineOffset: 4})
	if err == nil || !strings.Contains(err.Error(), "cell[2]:5") {
		t.Errorf("compile error: %v", err)
	}
}
