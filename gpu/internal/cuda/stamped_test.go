package cuda

import (
	"errors"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
)

// fakeTraced gives k's module a traced variant as CompileCUDA would (cudasrc.Traced of the
// source, its own module and functions), without NVRTC.
func fakeTraced(t *testing.T, b *Backend, k *kernel, src string) {
	t.Helper()
	traced, err := cudasrc.Traced(src)
	if err != nil {
		t.Fatal(err)
	}
	ks, err := cudasrc.Kernels(traced)
	if err != nil || len(ks) != 1 {
		t.Fatalf("kernels of the traced %q: %v", traced, err)
	}
	name := ks[0].Signature.Name
	tm := &module{b: b, d: k.m.d, key: "fake-traced-" + name, img: &compiled{Image: []byte{1}, Lowered: map[string]string{name: name}},
		kernels: map[string]cudasrc.Kernel{name: ks[0]}, order: []string{name}, funcs: map[string]uintptr{}, src: traced}
	b.cache.mu.Lock()
	b.cache.modules[moduleKey{tm.key, k.m.d.index}] = tm
	b.cache.mu.Unlock()
	k.m.src = src
	k.m.traced = tm
}

// TestLaunchStampedRecordsNoEvent: a traced launch by device stamps (LaunchStamped) is one
// launch of the traced variant, with the user's arguments and then the stamp slot's address,
// and no cuEventRecord, on every launch path (launchPaths).
func TestLaunchStampedRecordsNoEvent(t *testing.T) {
	for _, tc := range launchPaths {
		t.Run(tc.name, func(t *testing.T) {
			pl := tc.setUp(t)
			b, f, k, args, cfg, h := pl.b, pl.f, pl.k, pl.args, pl.cfg, pl.h
			fakeTraced(t, b, k, fakeLaunchSrc)
			slot, err := b.Alloc(0, 64, backend.AllocOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if err := k.PrepareStamped(); err != nil {
				t.Fatal(err)
			}
			if err := k.Launch(cfg, args); err != nil {
				t.Fatal(err)
			}
			b.flushLaunches()
			var launches0, syncs0, records0 int
			f.set(func(f *fakeDriver) {
				launches0, syncs0, records0 = len(f.launches), f.syncs, len(f.records)
				f.paramCount = 6 // the traced variant's
			})
			if err := k.LaunchStamped(cfg, args, slot, 16); err != nil {
				t.Fatal(err)
			}
			b.flushLaunches()
			f.mu.Lock()
			launches := append([]fakeLaunch(nil), f.launches[launches0:]...)
			plain := f.launches[launches0-1]
			syncs, records := f.syncs-syncs0, len(f.records)-records0
			f.mu.Unlock()
			if len(launches) != 1 || records != 0 {
				t.Fatalf("%d launches and %d event records; want 1 and none", len(launches), records)
			}
			l := launches[0]
			if l.fn == plain.fn || l.fn == 0 {
				t.Errorf("function %#x; want the traced variant's, not the kernel's %#x", l.fn, plain.fn)
			}
			if l.stream != h || l.grid != plain.grid || l.block != plain.block || l.shared != plain.shared {
				t.Errorf("launch %+v; want the configuration of %+v on stream %#x", l, plain, h)
			}
			for i := range 5 {
				if l.params[i] != plain.params[i] {
					t.Errorf("parameter %d: %v; want the kernel's %v", i, l.params[i], plain.params[i])
				}
			}
			p, _ := slot.Pointer(0)
			if got := l.params[5][0]; got != uint64(p)+16 {
				t.Errorf("the slot parameter is %#x; want %#x", got, uint64(p)+16)
			}
			wantSyncs := 0
			if !tc.stream {
				wantSyncs = 1
			}
			if syncs != wantSyncs {
				t.Errorf("%d waits; want %d", syncs, wantSyncs)
			}
			// The traced variant is only launched with a slot; the kernel only without.
			if err := k.stamped.Launch(cfg, args); err == nil {
				t.Error("the traced variant launched without a slot")
			}
		})
	}
}

// TestLaunchStampedRefusals: what keeps the traced variant from standing in for the kernel
// is refused with ErrStampUnusable before anything is launched.
func TestLaunchStampedRefusals(t *testing.T) {
	b, f := newFakeBackend(t, 1, ctxFused)
	t.Cleanup(func() { b.Close() })
	f.set(func(f *fakeDriver) { f.paramCount = 6 })
	args, _, cfg := oneThreadOnAStream(t, b)
	cfg.Stream = nil
	slot, err := b.Alloc(0, 64, backend.AllocOptions{})
	if err != nil {
		t.Fatal(err)
	}
	unknown := fakeKernel(t, b, 0, fakeLaunchSrc) // no source to make the variant of
	k := fakeKernel(t, b, 0, `__global__ void k2(Peer<float> p, Slice<int> s, double* raw, int n, float a) {}`)
	fakeTraced(t, b, k, `__global__ void k2(Peer<float> p, Slice<int> s, double* raw, int n, float a) {}`)
	before, _, _, _ := f.snapshot()
	for _, tc := range []struct {
		name   string
		launch func() error
	}{
		{"still compiling (the first call starts the compile)", func() error { return k.LaunchStamped(cfg, args, slot, 0) }},
		{"no source", func() error {
			if err := unknown.PrepareStamped(); !errors.Is(err, backend.ErrStampUnusable) {
				t.Errorf("PrepareStamped without a source: %v; want ErrStampUnusable", err)
			}
			return unknown.LaunchStamped(cfg, args, slot, 0)
		}},
		{"slot past the end", func() error { return k.LaunchStamped(cfg, args, slot, 56) }},
		{"unaligned slot", func() error { return k.LaunchStamped(cfg, args, slot, 4) }},
		{"not CUDA memory", func() error { return k.LaunchStamped(cfg, args, nil, 0) }},
		{"shared memory", func() error {
			if err := k.PrepareStamped(); err != nil {
				return err
			}
			k.stamped.staticShared = k.staticShared + 16
			defer func() { k.stamped.staticShared = k.staticShared }()
			c := cfg
			c.SharedBytes = b.devices[0].sharedOptin - k.staticShared
			return k.LaunchStamped(c, args, slot, 0)
		}},
	} {
		if err := tc.launch(); !errors.Is(err, backend.ErrStampUnusable) {
			t.Errorf("%s: %v; want ErrStampUnusable", tc.name, err)
		}
	}
	if after, _, _, _ := f.snapshot(); len(after) != len(before) {
		t.Errorf("%d launches made by refused stamped launches; want none", len(after)-len(before))
	}
	if err := k.LaunchStamped(cfg, args, slot, 48); err != nil {
		t.Errorf("a usable slot: %v", err)
	}
}
