package sim

import (
	"bytes"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

func newSim(t *testing.T, name string) *Backend {
	t.Helper()
	b, err := New(name)
	if err != nil {
		t.Fatalf("New(%q): %v", name, err)
	}
	return b
}

func TestPresets(t *testing.T) {
	cases := []struct {
		name  string
		n     int
		model string
		link  string // label of the link 0 -> 1
	}{
		{"", 2, "sim-GPU-0", "NV18"},
		{"3", 3, "sim-GPU-0", "NV18"},
		{"nvswitch8", 8, "sim-H200-0", "NV18"},
		{"pcie4", 4, "sim-L40S-0", "PIX"},
		{"nvlink2", 2, "sim-H200-0", "NV18"},
		{"gh200", 2, "sim-GH200-0", "NV18"},
	}
	for _, c := range cases {
		b := newSim(t, c.name)
		devs := b.Devices()
		if len(devs) != c.n {
			t.Errorf("%q: %d devices, want %d", c.name, len(devs), c.n)
			continue
		}
		for i, d := range devs {
			if d.Index != i || !d.Simulated || d.Backend != "sim" || d.MemoryBytes == 0 || d.MaxThreadsPerBlock != 1024 {
				t.Errorf("%q: device %d: %+v", c.name, i, d)
			}
		}
		if devs[0].Name != c.model {
			t.Errorf("%q: device 0 is %q, want %q", c.name, devs[0].Name, c.model)
		}
		topo, err := b.Topology()
		if err != nil {
			t.Fatal(err)
		}
		if got := topo.Links[0][1].Label(); got != c.link {
			t.Errorf("%q: link 0-1 is %s, want %s", c.name, got, c.link)
		}
		if topo.Links[1][1].Label() != "X" {
			t.Errorf("%q: self link is %s", c.name, topo.Links[1][1].Label())
		}
	}
	for _, bad := range []string{"0", "65", "dgx", "-2"} {
		if _, err := New(bad); err == nil {
			t.Errorf("New(%q) succeeded", bad)
		}
	}
	b := newSim(t, "pcie4")
	topo, _ := b.Topology()
	if topo.Links[0][3].P2PAccess || topo.Links[0][3].Kind != backend.LinkSYS || !topo.Links[0][2].P2PAccess ||
		topo.Links[0][2].Kind != backend.LinkPHB {
		t.Errorf("pcie4 links: 0-3 %+v, 0-2 %+v", topo.Links[0][3], topo.Links[0][2])
	}
}

func TestAllocAlignedZeroedAccounted(t *testing.T) {
	b := newSim(t, "nvlink2")
	free0, total, err := b.MemInfo(0)
	if err != nil || free0 != total || total != DefaultDeviceMemory {
		t.Fatalf("MemInfo(0) = %d, %d, %v", free0, total, err)
	}
	var mems []backend.Memory
	for _, size := range []int64{1, 3, 1000, 4096, 1 << 20} {
		m, err := b.Alloc(0, size, backend.AllocOptions{})
		if err != nil {
			t.Fatal(err)
		}
		h := m.Host()
		if int64(len(h)) != size || m.Size() != size {
			t.Fatalf("size %d: host %d bytes", size, len(h))
		}
		if p := uintptr(unsafe.Pointer(&h[0])); p%Alignment != 0 {
			t.Errorf("size %d: address %#x not aligned", size, p)
		}
		if !bytes.Equal(h, make([]byte, size)) {
			t.Errorf("size %d: not zeroed", size)
		}
		mems = append(mems, m)
	}
	free1, _, _ := b.MemInfo(0)
	if free0-free1 != 1+3+1000+4096+1<<20 {
		t.Errorf("used %d bytes", free0-free1)
	}
	for _, m := range mems {
		if err := m.Free(); err != nil {
			t.Fatal(err)
		}
	}
	if free2, _, _ := b.MemInfo(0); free2 != free0 {
		t.Errorf("after free: %d free, want %d", free2, free0)
	}
	if err := mems[0].Free(); !errors.Is(err, backend.ErrFreed) {
		t.Errorf("double free: %v", err)
	}
	if err := b.Write(mems[0], 0, []byte{1}); !errors.Is(err, backend.ErrFreed) {
		t.Errorf("write after free: %v", err)
	}
	if mems[0].Host() != nil {
		t.Error("Host() of freed memory is not nil")
	}
	if _, err := b.Alloc(2, 8, backend.AllocOptions{}); err == nil || !strings.Contains(err.Error(), "no device 2") {
		t.Errorf("alloc on device 2: %v", err)
	}
	if _, err := b.Alloc(0, 0, backend.AllocOptions{}); err == nil {
		t.Error("alloc of 0 bytes succeeded")
	}
}

func TestOutOfMemory(t *testing.T) {
	p, _ := LookupPreset("2")
	p.Devices[1].MemoryBytes = 1 << 20
	b, err := NewPreset(p)
	if err != nil {
		t.Fatal(err)
	}
	m, err := b.Alloc(1, 600<<10, backend.AllocOptions{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.Alloc(1, 600<<10, backend.AllocOptions{})
	if !errors.Is(err, backend.ErrOutOfMemory) {
		t.Fatalf("second alloc: %v", err)
	}
	want := "alloc on device 1 (sim-GPU-1): out of memory: asked 614400 bytes, 434176 free of 1048576"
	if err.Error() != want {
		t.Errorf("error %q\nwant  %q", err, want)
	}
	m.Free()
	if _, err := b.Alloc(1, 600<<10, backend.AllocOptions{}); err != nil {
		t.Errorf("alloc after free: %v", err)
	}
}

func TestShareFollowsLinks(t *testing.T) {
	b := newSim(t, "pcie4")
	m, _ := b.Alloc(0, 64, backend.AllocOptions{})
	if _, err := m.Pointer(1); err == nil {
		t.Error("unshared memory of device 0 reachable from device 1")
	}
	err := b.Share(m)
	var pe *backend.PeerAccessError
	if !errors.As(err, &pe) || pe.Owner.Index != 0 || pe.Peer.Index != 3 {
		t.Fatalf("Share on pcie4: %v", err)
	}
	want := "cannot share memory of device 0 (sim-L40S-0) with device 3 (sim-L40S-3): no peer access between them (link SYS)"
	if err.Error() != want {
		t.Errorf("error %q\nwant  %q", err, want)
	}
	if m.Shared() {
		t.Error("failed Share left the memory shared")
	}
	if err := b.ShareWith(m, []int{1, 2}); err != nil {
		t.Fatal(err)
	}
	for dev, ok := range map[int]bool{0: true, 1: true, 2: true, 3: false} {
		if _, err := m.Pointer(dev); (err == nil) != ok {
			t.Errorf("Pointer(%d) after ShareWith(1,2): %v", dev, err)
		}
	}
	if m.Shared() {
		t.Error("memory shared with 1 and 2 reports shared with all")
	}
	if _, err := b.Alloc(3, 64, backend.AllocOptions{Shared: true}); !errors.As(err, &pe) || pe.Owner.Index != 3 {
		t.Errorf("shared alloc on device 3: %v", err)
	}
	if free, total, _ := b.MemInfo(3); free != total {
		t.Errorf("failed shared alloc kept %d bytes", total-free)
	}
	h, err := b.Alloc(backend.HostDevice, 64, backend.AllocOptions{Shared: true})
	if err != nil {
		t.Fatalf("shared host alloc: %v", err)
	}
	for dev := 0; dev < 4; dev++ {
		if _, err := h.Pointer(dev); err != nil {
			t.Errorf("host memory from device %d: %v", dev, err)
		}
	}
	n := newSim(t, "nvswitch8")
	sm, err := n.Alloc(5, 64, backend.AllocOptions{Shared: true})
	if err != nil || !sm.Shared() {
		t.Fatalf("nvswitch8 shared alloc: %v", err)
	}
}

func TestCopyReadWriteFill(t *testing.T) {
	b := newSim(t, "nvlink2")
	a, _ := b.Alloc(0, 16, backend.AllocOptions{})
	c, _ := b.Alloc(1, 16, backend.AllocOptions{})
	h, _ := b.Alloc(backend.HostDevice, 16, backend.AllocOptions{})
	if err := b.Write(a, 4, []byte{1, 2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	if err := b.Copy(c, 0, a, 0, 16, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.Copy(h, 8, c, 4, 4, nil); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 16)
	if err := b.Read(h, 0, got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, []byte{0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 0, 0, 0, 0}) {
		t.Errorf("host after copies: %v", got)
	}
	if err := b.Fill(a, 2, 12, []byte{7, 8, 9}); err != nil {
		t.Fatal(err)
	}
	b.Read(a, 0, got)
	if !bytes.Equal(got, []byte{0, 0, 7, 8, 9, 7, 8, 9, 7, 8, 9, 7, 8, 9, 0, 0}) {
		t.Errorf("after fill: %v", got)
	}
	if err := b.Fill(a, 0, 5, []byte{1, 2}); err == nil {
		t.Error("fill with a partial pattern succeeded")
	}
	if err := b.Read(a, 10, got); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("read past the end: %v", err)
	}
	if err := b.Copy(a, 0, c, 8, 16, nil); err == nil {
		t.Error("copy past the source end succeeded")
	}
}

// funcKernel is a GoKernel written directly in Go, for tests.
type funcKernel struct {
	sig backend.Signature
	run func(cfg backend.LaunchConfig, args []backend.Arg, done <-chan struct{}) error
}

func (k *funcKernel) Signature() backend.Signature { return k.sig }
func (k *funcKernel) Run(cfg backend.LaunchConfig, args []backend.Arg, done <-chan struct{}) error {
	return k.run(cfg, args, done)
}

func u32(a backend.Arg, i int) *uint32 {
	return (*uint32)(unsafe.Pointer(&a.Memory.Host()[a.Offset+int64(4*i)]))
}

// handoff kernels: the producer writes data then sets the flag; the consumer spins on the
// flag, then copies the data.
func handoffKernels() (producer, consumer *funcKernel) {
	peer := backend.Param{Name: "flag", Kind: backend.ParamPeer, DType: backend.Uint32}
	data := backend.Param{Name: "data", Kind: backend.ParamPeer, DType: backend.Uint32}
	out := backend.Param{Name: "out", Kind: backend.ParamBuffer, DType: backend.Uint32}
	producer = &funcKernel{sig: backend.Signature{Name: "producer", Params: []backend.Param{data, peer}},
		run: func(cfg backend.LaunchConfig, args []backend.Arg, done <-chan struct{}) error {
			for i := 0; i < args[0].Len; i++ {
				atomic.StoreUint32(u32(args[0], i), uint32(i*i+1))
			}
			atomic.StoreUint32(u32(args[1], 0), 1)
			return nil
		}}
	consumer = &funcKernel{sig: backend.Signature{Name: "consumer", Params: []backend.Param{data, peer, out}},
		run: func(cfg backend.LaunchConfig, args []backend.Arg, done <-chan struct{}) error {
			for atomic.LoadUint32(u32(args[1], 0)) == 0 {
				select {
				case <-done:
					return backend.ErrInterrupted
				default:
				}
			}
			for i := 0; i < args[0].Len; i++ {
				*u32(args[2], i) = atomic.LoadUint32(u32(args[0], i))
			}
			return nil
		}}
	return producer, consumer
}

func TestConcurrentHandoffAcrossDevices(t *testing.T) {
	b := newSim(t, "nvlink2")
	pk, ck := handoffKernels()
	prod, _ := b.LoadGoKernel(pk)
	cons, _ := b.LoadGoKernel(ck)
	const n = 64
	data, _ := b.Alloc(0, 4*n, backend.AllocOptions{Shared: true})
	flag, _ := b.Alloc(backend.HostDevice, 4, backend.AllocOptions{Shared: true})
	out, _ := b.Alloc(1, 4*n, backend.AllocOptions{})
	s1, _ := b.NewStream(1)
	for round := 0; round < 20; round++ {
		b.Fill(flag, 0, 4, []byte{0, 0, 0, 0})
		b.Fill(out, 0, 4*n, []byte{0, 0, 0, 0})
		// The consumer starts first, on device 1's stream, and spins until the producer,
		// launched synchronously on device 0, sets the flag.
		args := []backend.Arg{
			{Param: ck.sig.Params[0], Memory: data, Len: n},
			{Param: ck.sig.Params[1], Memory: flag, Len: 1},
			{Param: ck.sig.Params[2], Memory: out, Len: n},
		}
		if err := cons.Launch(backend.LaunchConfig{Device: 1, Stream: s1}, args); err != nil {
			t.Fatal(err)
		}
		if err := prod.Launch(backend.LaunchConfig{Device: 0}, args[:2]); err != nil {
			t.Fatal(err)
		}
		if err := s1.Synchronize(); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < n; i++ {
			if got := *u32(args[2], i); got != uint32(i*i+1) {
				t.Fatalf("round %d: out[%d] = %d", round, i, got)
			}
		}
	}
}

func TestLaunchChecksReach(t *testing.T) {
	b := newSim(t, "pcie4")
	_, ck := handoffKernels()
	cons, _ := b.LoadGoKernel(ck)
	data, _ := b.Alloc(0, 16, backend.AllocOptions{})
	args := []backend.Arg{{Param: ck.sig.Params[0], Memory: data, Len: 4}}
	err := cons.Launch(backend.LaunchConfig{Device: 1}, args)
	if err == nil || !strings.Contains(err.Error(), "memory of device 0 (sim-L40S-0) is not shared with device 1 (sim-L40S-1)") {
		t.Errorf("launch with unreachable memory: %v", err)
	}
	args[0].Len = 5
	if err := cons.Launch(backend.LaunchConfig{Device: 0}, args); err == nil || !strings.Contains(err.Error(), "overrun") {
		t.Errorf("launch with a length past the end: %v", err)
	}
}

func TestStreamsOrderedAndReportErrors(t *testing.T) {
	b := newSim(t, "2")
	s, _ := b.NewStream(0)
	var order []int
	for i := 0; i < 100; i++ {
		i := i
		s.(*stream).enqueue(func() error { order = append(order, i); return nil })
	}
	boom := &funcKernel{sig: backend.Signature{Name: "boom"},
		run: func(backend.LaunchConfig, []backend.Arg, <-chan struct{}) error { panic("index out of range [9]") }}
	k, _ := b.LoadGoKernel(boom)
	if err := k.Launch(backend.LaunchConfig{Device: 0, Stream: s}, nil); err != nil {
		t.Fatal(err)
	}
	err := b.Synchronize(0)
	if err == nil || !strings.Contains(err.Error(), "kernel boom on device 0 (sim-GPU-0): panic: index out of range [9]") {
		t.Errorf("synchronize after a panicking kernel: %v", err)
	}
	if err := s.Synchronize(); err != nil {
		t.Errorf("the error was reported twice: %v", err)
	}
	for i, v := range order {
		if v != i {
			t.Fatalf("order %v", order)
		}
	}
	if len(order) != 100 {
		t.Fatalf("%d tasks ran", len(order))
	}
	if err := k.Launch(backend.LaunchConfig{Device: 1, Stream: s}, nil); err == nil {
		t.Error("launch on device 1 with device 0's stream succeeded")
	}
	if err := s.Destroy(); err != nil {
		t.Fatal(err)
	}
	if err := k.Launch(backend.LaunchConfig{Device: 0, Stream: s}, nil); err == nil {
		t.Error("launch on a destroyed stream succeeded")
	}
}

func TestEventsTime(t *testing.T) {
	b := newSim(t, "2")
	s, _ := b.NewStream(1)
	e0, _ := b.NewEvent(1)
	e1, _ := b.NewEvent(1)
	if _, err := e0.Elapsed(e1); err == nil || !strings.Contains(err.Error(), "never recorded") {
		t.Errorf("elapsed of unrecorded events: %v", err)
	}
	release := make(chan struct{})
	if err := e0.Record(s); err != nil {
		t.Fatal(err)
	}
	s.(*stream).enqueue(func() error { <-release; time.Sleep(20 * time.Millisecond); return nil })
	if err := e1.Record(s); err != nil {
		t.Fatal(err)
	}
	if _, err := e0.Elapsed(e1); err == nil || !strings.Contains(err.Error(), "not complete") {
		t.Errorf("elapsed before completion: %v", err)
	}
	close(release)
	if err := e1.Synchronize(); err != nil {
		t.Fatal(err)
	}
	d, err := e0.Elapsed(e1)
	if err != nil || d < 20*time.Millisecond {
		t.Errorf("elapsed %v, %v; want at least 20ms", d, err)
	}
	other, _ := b.NewEvent(0)
	if err := other.Record(s); err == nil {
		t.Error("recording device 0's event on device 1's stream succeeded")
	}
}

func TestInterruptStopsSpinningKernel(t *testing.T) {
	b := newSim(t, "2")
	_, ck := handoffKernels()
	cons, _ := b.LoadGoKernel(ck)
	data, _ := b.Alloc(0, 16, backend.AllocOptions{Shared: true})
	flag, _ := b.Alloc(0, 4, backend.AllocOptions{Shared: true})
	out, _ := b.Alloc(0, 16, backend.AllocOptions{})
	args := []backend.Arg{{Param: ck.sig.Params[0], Memory: data, Len: 4},
		{Param: ck.sig.Params[1], Memory: flag, Len: 1}, {Param: ck.sig.Params[2], Memory: out, Len: 4}}
	s, _ := b.NewStream(0)
	done := make(chan struct{})
	b.SetInterrupt(done)
	// Nobody sets the flag: the stream's kernel spins until the interrupt.
	if err := cons.Launch(backend.LaunchConfig{Device: 0, Stream: s}, args); err != nil {
		t.Fatal(err)
	}
	time.AfterFunc(30*time.Millisecond, func() { close(done) })
	err := cons.Launch(backend.LaunchConfig{Device: 0}, args)
	if !errors.Is(err, backend.ErrInterrupted) {
		t.Errorf("synchronous launch: %v", err)
	}
	if err := s.Synchronize(); !errors.Is(err, backend.ErrInterrupted) {
		t.Errorf("stream kernel: %v", err)
	}
	// A new cell: kernels run again.
	b.SetInterrupt(make(chan struct{}))
	atomic.StoreUint32((*uint32)(unsafe.Pointer(&flag.Host()[0])), 1)
	if err := cons.Launch(backend.LaunchConfig{Device: 0}, args); err != nil {
		t.Errorf("launch after the interrupt: %v", err)
	}
	b.SetInterrupt(nil)
}

func TestWaitGivesUpOnKernelsThatIgnoreInterrupts(t *testing.T) {
	defer func(g time.Duration) { interruptGrace = g }(interruptGrace)
	interruptGrace = 50 * time.Millisecond
	b := newSim(t, "2")
	release := make(chan struct{})
	stubborn := &funcKernel{sig: backend.Signature{Name: "stubborn"},
		run: func(backend.LaunchConfig, []backend.Arg, <-chan struct{}) error { <-release; return nil }}
	k, _ := b.LoadGoKernel(stubborn)
	s, _ := b.NewStream(0)
	done := make(chan struct{})
	b.SetInterrupt(done)
	defer b.SetInterrupt(nil)
	if err := k.Launch(backend.LaunchConfig{Device: 0, Stream: s}, nil); err != nil {
		t.Fatal(err)
	}
	close(done)
	if err := s.Synchronize(); !errors.Is(err, backend.ErrInterrupted) {
		t.Errorf("synchronize: %v", err)
	}
	close(release)
}

// TestSynchronousWorkStartsAfterEarlierStreamWork: work without a stream (here an event
// recorded without one) starts after the streams took the work queued on them before it,
// as a GPU starts kernels in the order they were submitted: a stream's event recorded
// before it is reached no later.
func TestSynchronousWorkStartsAfterEarlierStreamWork(t *testing.T) {
	b, err := New("2")
	if err != nil {
		t.Fatal(err)
	}
	s, err := b.NewStream(1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 200 {
		onStream, _ := b.NewEvent(1)
		now, _ := b.NewEvent(0)
		if err := onStream.Record(s); err != nil {
			t.Fatal(err)
		}
		release := make(chan struct{})
		s.(*stream).enqueue(func() error { <-release; return nil }) // a kernel still running
		if err := now.Record(nil); err != nil {
			t.Fatal(err)
		}
		close(release)
		if err := s.Synchronize(); err != nil {
			t.Fatal(err)
		}
		d, err := onStream.Elapsed(now)
		if err != nil {
			t.Fatal(err)
		}
		if d < 0 {
			t.Fatalf("round %d: the event recorded without a stream was reached %v before the stream's earlier one", i, -d)
		}
	}
}
