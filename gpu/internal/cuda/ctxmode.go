package cuda

import "fmt"

// ctxMode says how a call makes its device's context current on its OS thread. The
// environment variable PEERBOOK_CUDA_CTX picks one ("fused", "get", "set"); the benchmarks
// BenchmarkGPULaunchEmpty/ctx=... and BenchmarkGPULaunchSync/ctx=... compare them.
type ctxMode int

const (
	// ctxFused (the default): a launch is one crossing into C that reads the thread's
	// current context, sets it where it is another one, launches, and (a launch without a
	// stream, no interrupt channel) waits: fused_linux_amd64.s. Other calls: as ctxGet.
	// Where there is no trampoline (not linux/amd64) launches take ctxGet's path.
	ctxFused ctxMode = iota
	// ctxGet: lock the OS thread, cuCtxGetCurrent, cuCtxSetCurrent only where another
	// context is current, then the call: one purego call each.
	ctxGet
	// ctxSet: lock the OS thread, cuCtxSetCurrent before every call (the first design).
	ctxSet
)

var ctxModeNames = [...]string{ctxFused: "fused", ctxGet: "get", ctxSet: "set"}

func (m ctxMode) String() string {
	if int(m) < len(ctxModeNames) {
		return ctxModeNames[m]
	}
	return fmt.Sprintf("ctxMode(%d)", int(m))
}

// describe says what the mode does, for Report.
func (m ctxMode) describe() string {
	switch m {
	case ctxFused:
		if haveFusedTrampoline {
			return "launches check and set the context in the same crossing into C as the launch; other calls set it where the locked OS thread has another one"
		}
		return "set on the locked OS thread where it has another one (no launch trampoline on this platform)"
	case ctxGet:
		return "set on the locked OS thread where it has another one (cuCtxGetCurrent first)"
	default:
		return "set on the locked OS thread before every call"
	}
}

// parseCtxMode reads PEERBOOK_CUDA_CTX ("" is the default, ctxFused).
func parseCtxMode(s string) (ctxMode, error) {
	if s == "" {
		return ctxFused, nil
	}
	for i, n := range ctxModeNames {
		if s == n {
			return ctxMode(i), nil
		}
	}
	return 0, fmt.Errorf("PEERBOOK_CUDA_CTX=%q: want fused, get or set", s)
}
