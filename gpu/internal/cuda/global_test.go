package cuda

import (
	"encoding/binary"
	"strings"
	"sync"
	"testing"

	"github.com/ebitengine/purego"
	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// fakeGlobals is the device variables of the fake driver's modules: 16 bytes of Go memory
// per module handle, registered as a device allocation so that the fake's memcpy finds it.
var fakeGlobals struct {
	once sync.Once
	fn   uintptr // cuModuleGetGlobal
	mu   sync.Mutex
	vars map[uintptr]uintptr // module handle -> address
	gets int
}

// withFakeGlobals gives b's fake driver a cuModuleGetGlobal that knows one 8-byte variable,
// "gokernel_fault_record", in every module.
func withFakeGlobals(b *Backend) {
	fakeGlobals.once.Do(func() {
		fakeGlobals.vars = map[uintptr]uintptr{}
		fakeGlobals.fn = purego.NewCallback(func(pdptr, psize, mod, name uintptr) uintptr {
			if goString(name) != "gokernel_fault_record" {
				return 500 // CUDA_ERROR_NOT_FOUND
			}
			f := fake.Load()
			fakeGlobals.mu.Lock()
			defer fakeGlobals.mu.Unlock()
			fakeGlobals.gets++
			addr := fakeGlobals.vars[mod]
			if addr == 0 {
				f.mu.Lock()
				f.nextAddr += 0x10000
				addr = f.nextAddr
				f.mem[addr] = make([]byte, 8)
				f.mu.Unlock()
				fakeGlobals.vars[mod] = addr
			}
			*word(pdptr), *word(psize) = addr, 8
			return 0
		})
	})
	b.drv.cuModuleGetGlobal = fakeGlobals.fn
}

// fakeGlobalValue reads the variable of the module loaded as handle h.
func fakeGlobalValue(t *testing.T, h uintptr) uint64 {
	t.Helper()
	fakeGlobals.mu.Lock()
	addr := fakeGlobals.vars[h]
	fakeGlobals.mu.Unlock()
	f := fake.Load()
	f.mu.Lock()
	defer f.mu.Unlock()
	m := f.deviceBytes(addr, 8)
	if m == nil {
		t.Fatalf("no variable for module %#x", h)
	}
	return binary.LittleEndian.Uint64(m)
}

func TestSetGlobalWithFakeDriver(t *testing.T) {
	b, _ := newFakeBackend(t, 1, ctxFused)
	k := fakeKernel(t, b, 0, `extern "C" __global__ void k(Slice<float> x) {}`)
	m := k.m
	var mod backend.Module = m
	setter, ok := mod.(backend.GlobalSetter)
	if !ok {
		t.Fatal("a CUDA module is not a backend.GlobalSetter")
	}
	// Without cuModuleGetGlobal in the driver: a clear error.
	err := setter.SetGlobal("gokernel_fault_record", make([]byte, 8))
	if err == nil || !strings.Contains(err.Error(), "lacks cuModuleGetGlobal") {
		t.Errorf("without the symbol: %v", err)
	}
	withFakeGlobals(b)
	value := make([]byte, 8)
	binary.LittleEndian.PutUint64(value, 0xfeed_f00d)
	if err := setter.SetGlobal("gokernel_fault_record", value); err != nil {
		t.Fatal(err)
	}
	m.mu.Lock()
	h := m.handle
	m.mu.Unlock()
	if got := fakeGlobalValue(t, h); got != 0xfeed_f00d {
		t.Errorf("variable holds %#x after SetGlobal", got)
	}
	// A size that doesn't match, and a name the module lacks.
	if err := setter.SetGlobal("gokernel_fault_record", make([]byte, 4)); err == nil || !strings.Contains(err.Error(), "has 8 bytes, the value 4") {
		t.Errorf("wrong size: %v", err)
	}
	if err := setter.SetGlobal("nothing_here", value); err == nil || !strings.Contains(err.Error(), "set device variable nothing_here") {
		t.Errorf("unknown variable: %v", err)
	}
	// A reload (as after a device reset) writes the kept value into the new module.
	gen := b.devices[0].gen.Load()
	gen2, err := b.enter(b.devices[0])
	if err != nil {
		t.Fatal(err)
	}
	m.mu.Lock()
	m.handle = 0 // as if the reset unloaded it
	r := m.loadLocked(gen2)
	h2 := m.handle
	m.mu.Unlock()
	leave()
	if r != cudaSuccess || h2 == h || gen != gen2 {
		t.Fatalf("reload: result %d, handle %#x (was %#x)", r, h2, h)
	}
	if got := fakeGlobalValue(t, h2); got != 0xfeed_f00d {
		t.Errorf("variable of the reloaded module holds %#x", got)
	}
}
