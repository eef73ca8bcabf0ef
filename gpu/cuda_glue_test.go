package gpu

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/gokernel"
	"github.com/peerbook/peerbook/gpu/internal/sim"
)

// These tests run the CUDA glue (cuda_glue.go, gokernel_glue.go) on simulated devices.

// A machine of one GPU: AllocShared and ShareWithPeers make buffers that Peer parameters
// take (sharing with every peer is trivially done when there is none).
func TestSharedOnOneDevice(t *testing.T) {
	use(t, "sim:1")
	if NumDevices() != 1 {
		t.Fatalf("sim:1 has %d devices", NumDevices())
	}
	k := defineGo(t, `
func peerInc(t gpu.Thread, p gpu.Peer[float32], out []float32) {
	i := t.GlobalX()
	if i < len(p) {
		out[i] = p[i] + 1
	}
}`)["peerInc"]
	d := Dev(0)
	const n = 64
	shared := must(d.AllocShared(Float32, n))
	must(0, shared.Fill(2))
	later := must(d.Alloc(Float32, n))
	plain := must(d.Alloc(Float32, n))
	out := must(d.Alloc(Float32, n))
	if !shared.IsShared() || later.IsShared() || plain.IsShared() {
		t.Fatalf("IsShared: alloc shared %v, plain %v %v", shared.IsShared(), later.IsShared(), plain.IsShared())
	}
	must(0, later.ShareWithPeers())
	if !later.IsShared() {
		t.Error("ShareWithPeers on a one-GPU machine left the buffer unshared")
	}
	if got := later.SharedWith(); len(got) != 1 || got[0] != d {
		t.Errorf("SharedWith: %v", got)
	}
	must(0, k.Launch(d, 1, n, shared, out))
	if got := must(out.Float32s()); got[0] != 3 || got[n-1] != 3 {
		t.Errorf("out = %v ... %v", got[0], got[n-1])
	}
	must(0, k.Launch(d, 1, n, later, out))
	wantErr(t, k.Launch(d, 1, n, plain, out),
		"launch peerInc: argument 1 (p gpu.Peer[float32]): a Peer parameter takes a shared buffer, and float32[64] on device 0 (sim-GPU-0) is not shared: share it first (buf.ShareWithPeers()), or allocate it with AllocShared")
	// Host buffers: shared once shared, as before.
	h := must(Host().Alloc(Float32, n))
	hs := must(Host().AllocShared(Float32, n))
	if h.IsShared() || !hs.IsShared() {
		t.Errorf("host buffers: plain %v, shared %v", h.IsShared(), hs.IsShared())
	}
	must(0, k.Launch(d, 1, n, hs, out))
}

// Sharing a buffer with its own device makes it a Peer buffer of that device's kernels
// (concurrent kernels on one GPU are peers too), reaching that device only.
func TestSharedWithOwnDevice(t *testing.T) {
	use(t, "sim:2")
	b := must(Dev(0).Alloc(Float32, 4))
	must(0, b.ShareWith(Dev(0)))
	if !b.IsShared() || len(b.SharedWith()) != 1 || b.SharedWith()[0] != Dev(0) || b.String() != "float32[4] on device 0 (sim-GPU-0), shared with GPU0" {
		t.Errorf("shared with its own device: %v, %v, %s", b.IsShared(), b.SharedWith(), b)
	}
	k := defineTest("ownPeer", []backend.Param{peer("p", Float32)}, nil)
	must(0, k.Launch(Dev(0), 1, 1, b))
	wantErr(t, k.Launch(Dev(1), 1, 1, b),
		"launch ownPeer: argument 1 (p gpu.Peer[float32]): float32[4] on device 0 (sim-GPU-0) is not shared with device 1 (sim-GPU-1), where the kernel runs: share it with that device too (buf.ShareWith)")
	must(0, b.ShareWith(Dev(1)))
	if !b.IsShared() || len(b.SharedWith()) != 2 || b.String() != "float32[4] on device 0 (sim-GPU-0), shared" {
		t.Errorf("shared with both GPUs: %v, %s", b.SharedWith(), b)
	}
}

func TestTranslatedSignature(t *testing.T) {
	sig := backend.Signature{Name: "k", Params: []backend.Param{scalar("h", Float16), buf("x", BFloat16), peer("p", Float16), buf("y", Float32)}}
	got := translatedSignature(sig)
	want := []DType{Uint16, Uint16, Uint16, Float32}
	for i, p := range got.Params {
		if dtypeOf(p.DType) != want[i] || p.Kind != sig.Params[i].Kind || p.Name != sig.Params[i].Name {
			t.Errorf("param %d: %+v", i, p)
		}
	}
	if dtypeOf(sig.Params[0].DType) != Float16 {
		t.Error("translatedSignature changed its argument")
	}
}

// poisonableSim is simulated devices that say they are poisoned when err is set.
type poisonableSim struct {
	*sim.Backend
	err error
}

func (p *poisonableSim) Poisoned() error { return p.err }

// setMachine makes m the current machine for one test.
func setMachine(t *testing.T, m *machine) {
	t.Helper()
	state.mu.Lock()
	prev, prevErr := state.m, state.err
	state.m, state.err = m, nil
	state.mu.Unlock()
	t.Cleanup(func() {
		state.mu.Lock()
		state.m, state.err = prev, prevErr
		state.mu.Unlock()
	})
}

func TestPoisoned(t *testing.T) {
	setMachine(t, nil)
	if err := poisoned(); err != nil {
		t.Errorf("before any device is chosen: %v", err)
	}
	state.mu.Lock()
	chosen := state.m
	state.mu.Unlock()
	if chosen != nil {
		t.Error("Poisoned chose the devices")
	}
	use(t, "sim:2")
	if err := poisoned(); err != nil {
		t.Errorf("simulated devices: %v", err)
	}
	sb, err := sim.New("2")
	if err != nil {
		t.Fatal(err)
	}
	p := &poisonableSim{Backend: sb}
	setMachine(t, newMachine("fake", "fake", p))
	if err := poisoned(); err != nil {
		t.Errorf("a usable backend: %v", err)
	}
	p.err = fmt.Errorf("device 0 faulted: the process must restart: %w", backend.ErrNeedsRestart)
	err = poisoned()
	if !errors.Is(err, ErrNeedsRestart) || !errors.Is(err, backend.ErrNeedsRestart) {
		t.Errorf("poisoned: %v does not wrap ErrNeedsRestart", err)
	}
	wantErr(t, err, "gpu: the sim devices can't be used again in this process (restart it): device 0 faulted: the process must restart: "+backend.ErrNeedsRestart.Error())
	p.err = errors.New("broken")
	if err := poisoned(); !errors.Is(err, ErrNeedsRestart) || !strings.Contains(err.Error(), "broken") {
		t.Errorf("a backend error without the sentinel: %v", err)
	}
}

// fakeModule is a compiled module that records the device variables set on it.
type fakeModule struct {
	globals map[string][]byte
	fail    error
}

func (f *fakeModule) Kernel(name string, sig backend.Signature) (backend.Kernel, error) {
	return nil, errors.New("fake module")
}
func (f *fakeModule) Log() string { return "" }
func (f *fakeModule) SetGlobal(name string, value []byte) error {
	if f.fail != nil {
		return f.fail
	}
	f.globals[name] = append([]byte(nil), value...)
	return nil
}

// The fault record of a translated Go kernel: attached once per module, pointing at
// host-mapped memory; after a failure, what the kernel wrote there becomes a
// *PanicError inside the launch's error, and the record is cleared.
func TestFaultRecord(t *testing.T) {
	use(t, "sim:2")
	lib := gokernel.NewLibrary()
	ks, err := lib.Define(`
func faulty(t gpu.Thread, x []float32, d int) {
	x[t.GlobalX()] = float32(10 / d)
}`, "cell[1]", 1)
	if err != nil {
		t.Fatal(err)
	}
	gk := ks[0]
	if _, err := gk.CUDA(); err != nil { // assigns the fault sites
		t.Fatal(err)
	}
	mod := &fakeModule{globals: map[string][]byte{}}
	t.Cleanup(func() {
		faultRecords.mu.Lock()
		if r := faultRecords.byModule[mod]; r != nil {
			r.mem.Free()
			delete(faultRecords.byModule, mod)
		}
		faultRecords.mu.Unlock()
	})
	d := Dev(1)
	rec := must(attachFaultRecord(gk, d, mod))
	faultRecords.mu.Lock()
	kept := faultRecords.byModule[mod]
	faultRecords.mu.Unlock()
	if rec == nil || kept != rec {
		t.Fatalf("record %p attached, %p kept", rec, kept)
	}
	ptr, err := rec.mem.Pointer(1)
	if err != nil {
		t.Fatal(err)
	}
	v := mod.globals[gokernel.FaultSymbol]
	if len(v) != 8 || binary.LittleEndian.Uint64(v) != uint64(ptr) {
		t.Fatalf("%s = %x, want the record's address %#x", gokernel.FaultSymbol, v, ptr)
	}
	if rec.mem.Device() != backend.HostDevice || rec.mem.Size() != gokernel.FaultRecordSize || !rec.mem.Shared() {
		t.Errorf("record memory: device %d, %d bytes, shared %v", rec.mem.Device(), rec.mem.Size(), rec.mem.Shared())
	}
	// Attaching again keeps the record.
	if again := must(attachFaultRecord(gk, d, mod)); again != rec {
		t.Error("a second attach made a new record")
	}
	trap := errors.New("launch faulty: device 1 faulted: unspecified launch failure")
	if err := explainFault(d, trap); err != trap {
		t.Errorf("an empty record changed the error: %v", err)
	}
	// What the kernel writes before trapping: index 1000 out of range 10, in block (3,0,0),
	// thread (17,0,0), at check site 1 (the index of x; site 0 is the division).
	host := rec.mem.Host()
	if len(host) != gokernel.FaultRecordSize || uintptr(unsafe.Pointer(&host[0])) != ptr {
		t.Fatalf("the record's host bytes (%d) are not at the address the kernel gets", len(host))
	}
	binary.LittleEndian.PutUint32(host[0:], gokernel.FaultIndex)
	binary.LittleEndian.PutUint32(host[4:], 1)
	binary.LittleEndian.PutUint64(host[8:], 1000)
	binary.LittleEndian.PutUint64(host[16:], 10)
	binary.LittleEndian.PutUint32(host[24:], 3)
	binary.LittleEndian.PutUint32(host[36:], 17)
	if err := explainFault(Dev(0), trap); err != trap {
		t.Errorf("another device's error took the record: %v", err)
	}
	err = explainFault(d, fmt.Errorf("wrapped: %w", backend.ErrNeedsRestart))
	var pe *PanicError
	if !errors.As(err, &pe) || pe.Block != [3]int{3, 0, 0} || pe.Thread != [3]int{17, 0, 0} {
		t.Fatalf("explained fault: %v", err)
	}
	if !errors.Is(err, ErrNeedsRestart) {
		t.Errorf("the device's error is lost: %v", err)
	}
	wantErr(t, err, "kernel faulty panicked in block (3,0,0) thread (17,0,0) at cell[1]:3:2: index out of range [1000] with length 10 (on the GPU: wrapped: "+backend.ErrNeedsRestart.Error()+")")
	if binary.LittleEndian.Uint32(host) != 0 {
		t.Error("the record was not cleared")
	}
	if err := explainFault(d, trap); err != trap {
		t.Errorf("a cleared record explained another error: %v", err)
	}
	// A launch that completed without a CUDA error: the failing thread ended, the record
	// is the error (takeFault after a synchronous launch, takeDeviceFault at a
	// synchronization), and reading it clears it.
	writeRecord := func(site, index uint64) {
		binary.LittleEndian.PutUint32(host[0:], gokernel.FaultIndex)
		binary.LittleEndian.PutUint32(host[4:], uint32(site))
		binary.LittleEndian.PutUint64(host[8:], index)
		binary.LittleEndian.PutUint64(host[16:], 10)
	}
	if err := takeFault(rec); err != nil {
		t.Errorf("an empty record: %v", err)
	}
	if err := takeFault(nil); err != nil {
		t.Errorf("no record: %v", err)
	}
	writeRecord(1, 12)
	err = takeFault(rec)
	if !errors.As(err, &pe) || pe.Msg != "index out of range [12] with length 10" || errors.Is(err, ErrNeedsRestart) {
		t.Errorf("takeFault: %v", err)
	}
	if err := takeFault(rec); err != nil || binary.LittleEndian.Uint32(host) != 0 {
		t.Errorf("takeFault did not clear the record: %v", err)
	}
	writeRecord(1, 13)
	if err := takeDeviceFault(Dev(0)); err != nil {
		t.Errorf("another device took the record: %v", err)
	}
	err = takeDeviceFault(d)
	if !errors.As(err, &pe) || pe.Msg != "index out of range [13] with length 10" {
		t.Errorf("takeDeviceFault: %v", err)
	}
	if err := takeDeviceFault(d); err != nil {
		t.Errorf("takeDeviceFault did not clear the record: %v", err)
	}
	// A module that can't set the variable: the launch can't go on unexplained.
	bad := &fakeModule{globals: map[string][]byte{}, fail: errors.New("no such symbol")}
	_, err = attachFaultRecord(gk, d, bad)
	wantErrContains(t, err, "fault record of faulty on device 1 (sim-GPU-1): no such symbol")
}
