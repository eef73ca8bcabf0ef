package gpu

import (
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

func TestSharingPerPreset(t *testing.T) {
	use(t, "sim:pcie4")
	b := must(Dev(0).Alloc(Float32, 8))
	if b.IsShared() {
		t.Error("a fresh buffer is shared")
	}
	err := b.ShareWithPeers()
	var pe *backend.PeerAccessError
	if !errors.As(err, &pe) || pe.Owner.Index != 0 || pe.Peer.Index != 3 {
		t.Fatalf("share on pcie4: %v", err)
	}
	wantErr(t, err, "share float32[8] on device 0 (sim-L40S-0): cannot share memory of device 0 (sim-L40S-0) with device 3 (sim-L40S-3): no peer access between them (link SYS); share it with fewer devices (ShareWith), or put it in host memory (gpu.Host().AllocShared)")
	if b.IsShared() {
		t.Error("a failed share left the buffer shared")
	}
	if err := b.ShareWith(Dev(1), Dev(2)); err != nil {
		t.Fatal(err)
	}
	if !b.IsShared() || len(b.SharedWith()) != 3 || b.SharedWith()[2] != Dev(2) || !strings.HasSuffix(b.String(), ", shared with GPU0, GPU1, GPU2") {
		t.Errorf("after ShareWith(1, 2): shared %v with %v: %s", b.IsShared(), b.SharedWith(), b)
	}
	wantErrContains(t, b.ShareWith(Dev(3)), "cannot share memory of device 0 (sim-L40S-0) with device 3 (sim-L40S-3)")
	// AllocShared where some GPUs can't reach the device: shared with those that can, and
	// a notice says which.
	var notice strings.Builder
	state.notice = &notice
	defer func() { state.notice = os.Stderr }()
	s3 := must(Dev(3).AllocShared(Int32, 4))
	if !s3.IsShared() || len(s3.SharedWith()) != 1 || s3.SharedWith()[0] != Dev(3) || !strings.HasSuffix(s3.String(), ", shared with GPU3") {
		t.Errorf("alloc shared on GPU3 of pcie4: %v: %s", s3.SharedWith(), s3)
	}
	if want := "alloc shared int32[4] on device 3 (sim-L40S-3): shared with GPU3 only (concurrent kernels on it can use it as a Peer buffer); GPU0, GPU1, GPU2 can't reach it (no P2P access)\n"; notice.String() != want {
		t.Errorf("notice %q, want %q", notice.String(), want)
	}
	notice.Reset()
	s0 := must(Dev(0).AllocShared(Int32, 4))
	if got := sharedWithLabel(s0.SharedWith()); got != "GPU0, GPU1, GPU2" || !strings.Contains(notice.String(), "GPU3 can't reach it (no P2P access)") {
		t.Errorf("alloc shared on GPU0 of pcie4: %s; notice %q", got, notice.String())
	}
	h := must(Host().AllocShared(Uint32, 4))
	if !h.IsShared() || len(h.SharedWith()) != 4 {
		t.Errorf("shared host buffer: %v", h.SharedWith())
	}
	hb := must(Host().Alloc(Uint32, 4))
	if hb.IsShared() {
		t.Error("an unshared host buffer reports shared")
	}
	if err := hb.ShareWithPeers(); err != nil || !hb.IsShared() {
		t.Errorf("sharing a host buffer: %v", err)
	}
	wantErr(t, b.ShareWith(), "share with: no devices")

	for _, spec := range []string{"sim:nvswitch8", "sim:nvlink2", "sim:3"} {
		use(t, spec)
		for _, d := range Devices() {
			s := must(d.AllocShared(Float32, 4))
			if !s.IsShared() || len(s.SharedWith()) != NumDevices() {
				t.Errorf("%s: buffer on %v shared with %v", spec, d, s.SharedWith())
			}
		}
	}
}

func TestHostAtomics(t *testing.T) {
	use(t, "sim:gh200") // host-native atomics: see TestHostAtomicsRefusedWithoutHostNativeAtomics for the others
	u := must(Host().AllocShared(Uint32, 4))
	if err := u.AtomicStore(1, 7); err != nil {
		t.Fatal(err)
	}
	if v := must(u.AtomicLoad(1)); v != 7 {
		t.Errorf("load %d", v)
	}
	if old := must(u.AtomicAdd(1, -8)); old != 7 {
		t.Errorf("add returned %d, want the old value 7", old)
	}
	if v := must(u.AtomicLoad(1)); v != 0xffffffff {
		t.Errorf("7-8 in uint32 = %d", v)
	}
	if ok := must(u.AtomicCAS(1, 0xffffffff, 3)); !ok {
		t.Error("CAS failed")
	}
	if ok := must(u.AtomicCAS(1, 0xffffffff, 4)); ok {
		t.Error("CAS with a stale value succeeded")
	}
	wantErr(t, u.AtomicStore(0, -1), "atomic store to uint32[4] on the host: -1 is out of range for uint32 [0, 4294967295]")
	_, err := u.AtomicLoad(4)
	wantErr(t, err, "atomic load: index 4 out of range [0, 4) of uint32[4] on the host")

	i := must(Host().Alloc(Int32, 1))
	i.AtomicStore(0, -5)
	if v := must(i.AtomicLoad(0)); v != -5 {
		t.Errorf("int32 load %d", v)
	}
	l := must(Host().AllocShared(Int64, 1))
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 1000; k++ {
				l.AtomicAdd(0, 3)
			}
		}()
	}
	wg.Wait()
	if v := must(l.AtomicLoad(0)); v != 24000 {
		t.Errorf("8×1000 concurrent adds of 3: %d", v)
	}

	dev := must(Dev(0).AllocShared(Uint32, 1))
	_, err = dev.AtomicLoad(0)
	wantErr(t, err, "atomic load: uint32[1] on device 0 (sim-GH200-0) is not in host memory; host atomics need a host buffer (gpu.Host().AllocShared)")
	f := must(Host().AllocShared(Float32, 1))
	_, err = f.AtomicAdd(0, 1)
	wantErr(t, err, "atomic add: float32[1] on the host holds float32; host atomics work on int32, uint32, int64 and uint64 buffers")

	go func() {
		time.Sleep(20 * time.Millisecond)
		u.AtomicStore(2, 9)
	}()
	if err := u.WaitValue(2, 9, 5*time.Second); err != nil {
		t.Error(err)
	}
	wantErr(t, u.WaitValue(3, 1, 10*time.Millisecond), "wait value: element 3 of uint32[4] on the host is 0, not 1, after 10ms")
	done := make(chan struct{})
	setInterrupt(done)
	defer setInterrupt(nil)
	time.AfterFunc(20*time.Millisecond, func() { close(done) })
	if err := u.WaitValue(3, 1, 0); !errors.Is(err, backend.ErrInterrupted) {
		t.Errorf("interrupted wait: %v", err)
	}
}
