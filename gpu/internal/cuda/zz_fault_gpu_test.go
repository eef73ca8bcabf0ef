package cuda

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// This file's name sorts last: go test runs a package's tests file by file in name order,
// and the fault below leaves CUDA unusable in the process, so every other GPU test must
// come before it.

// TestGPUZFaultRecovery runs last (it is the last test of the last file with GPU tests):
// it faults device 0. Either the backend rebuilds the context in this process, or the
// driver refuses (its documentation says a sticky error needs a new process) and the
// backend must say so: a *FaultError with NeedsRestart, and every later call failing at
// once with it, never hanging. The test accepts both and logs which happened ("OUTCOME").
func TestGPUZFaultRecovery(t *testing.T) {
	b := gpuRTC(t)
	ks := build(t, b, 0, `
extern "C" __global__ void oob(int* p) { p[threadIdx.x + (1LL << 40)] = 1; }
extern "C" __global__ void inc(int* p, int n) { long long i = global_thread_id(); if (i < n) p[i] += 1; }
`)
	victim, err := b.Alloc(0, 1<<20, backend.AllocOptions{})
	if err != nil {
		t.Fatal(err)
	}
	hostBuf := alloc(t, b, backend.HostDevice, 4*256, true)
	copy(hostBuf.Host(), uint32Bytes(make([]uint32, 256)))
	stale, _ := b.NewStream(0)

	start := time.Now()
	err = ks["oob"].Launch(backend.LaunchConfig{Device: 0, Grid: backend.Dim3{X: 1}, Block: backend.Dim3{X: 32}}, args(t, ks["oob"], victim))
	took := time.Since(start)
	var fe *FaultError
	if !errors.As(err, &fe) {
		t.Fatalf("out-of-bounds write: %T %v, want *FaultError", err, err)
	}
	t.Logf("fault reported after %v (launch, fault, recovery attempts): %v", took, err)
	t.Logf("recovery steps:\n  %s", strings.Join(fe.Recovery, "\n  "))
	lost := false
	for _, m := range fe.Lost {
		lost = lost || m == victim
	}
	if !lost || !strings.Contains(err.Error(), "lost") {
		t.Errorf("the fault must list the victim buffer as lost: %v", err)
	}
	if _, err := victim.Pointer(0); !errors.Is(err, ErrLost) {
		t.Errorf("lost buffer pointer: %v", err)
	}
	if err := victim.Free(); err != nil {
		t.Errorf("freeing a lost buffer: %v", err)
	}
	if fe.NeedsRestart {
		t.Logf("OUTCOME: NeedsRestart: the driver can't rebuild the context in this process; the evaluator must exit and be restarted")
		checkPoisoned(t, b, ks["inc"], stale, hostBuf)
		return
	}
	if fe.ResetErr != nil {
		t.Fatalf("the context was neither rebuilt nor reported unusable (NeedsRestart): %v", fe.ResetErr)
	}
	t.Logf("OUTCOME: REBUILT in-process (context owned by the backend: %v)", b.devices[0].ownCtx.Load())
	if err := stale.Synchronize(); err == nil {
		t.Error("a stream of the old context must report that it died")
	}

	// The next operations work: memory, a kernel compiled before the fault, host memory.
	m := alloc(t, b, 0, 4*256, false)
	vals := make([]uint32, 256)
	for i := range vals {
		vals[i] = uint32(i)
	}
	if err := b.Write(m, 0, uint32Bytes(vals)); err != nil {
		t.Fatalf("write after the reset: %v", err)
	}
	launch(t, ks["inc"], 0, 1, 256, nil, args(t, ks["inc"], m, 256))
	got := readBytes(t, b, m)
	for i := range vals {
		if v := binary.LittleEndian.Uint32(got[4*i:]); v != uint32(i+1) {
			t.Fatalf("after the reset element %d = %d, want %d", i, v, i+1)
		}
	}
	launch(t, ks["inc"], 0, 1, 256, nil, args(t, ks["inc"], hostBuf, 256))
	if w := words(hostBuf); w[0] != 1 || w[255] != 1 {
		t.Errorf("host-resident buffer after the reset: %d %d", w[0], w[255])
	}
}
