package cuda

import (
	"errors"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// TestOnStreamRunsInTheDevicesContextAfterQueuedWork: fn runs with the device's context
// current on its thread, after the launches queued before OnStream were submitted, gets the
// device's ordinal and the backend's stream, and OnStream waits for that stream after it.
func TestOnStreamRunsInTheDevicesContextAfterQueuedWork(t *testing.T) {
	b, f, k := queuedFakeBackend(t, true)
	args, _, cfg := oneThreadOnAStream(t, b)
	for i := 0; i < 2; i++ {
		if err := k.Launch(cfg, args); err != nil {
			t.Fatal(err)
		}
	}
	d := b.devices[0]
	d.ordinal = 5
	_, _, _, syncsBefore := f.snapshot()
	var ran bool
	err := b.OnStream(0, func(ordinal int, stream uintptr) error {
		ran = true
		launches, _, _, syncs := f.snapshot()
		f.mu.Lock()
		cur := f.current[threadID()]
		f.mu.Unlock()
		if cur != d.ctx.Load() {
			t.Errorf("context current in fn: %#x, want the device's %#x", cur, d.ctx.Load())
		}
		if ordinal != 5 || stream != d.stream.Load() || stream == 0 {
			t.Errorf("fn got ordinal %d stream %#x, want 5 and %#x", ordinal, stream, d.stream.Load())
		}
		if len(launches) != 2 {
			t.Errorf("%d launches submitted before fn, want the 2 queued", len(launches))
		}
		if syncs != syncsBefore {
			t.Errorf("the stream was waited for before fn")
		}
		return nil
	})
	if err != nil || !ran {
		t.Fatal(err, ran)
	}
	if _, _, _, syncs := f.snapshot(); syncs != syncsBefore+1 {
		t.Errorf("%d waits after fn, want 1", syncs-syncsBefore)
	}

	// fn's error comes back, and nothing is waited for.
	boom := errors.New("boom")
	if err := b.OnStream(0, func(int, uintptr) error { return boom }); !errors.Is(err, boom) {
		t.Errorf("fn's error: %v", err)
	}
	if _, _, _, syncs := f.snapshot(); syncs != syncsBefore+1 {
		t.Errorf("waited after a failed fn")
	}
	if err := b.OnStream(3, func(int, uintptr) error { return nil }); err == nil || !strings.Contains(err.Error(), "no CUDA device 3") {
		t.Errorf("device 3: %v", err)
	}
	d.ownCtx.Store(true)
	defer d.ownCtx.Store(false)
	if err := b.OnStream(0, func(int, uintptr) error { t.Error("fn ran in a context of our own"); return nil }); err == nil ||
		!strings.Contains(err.Error(), "context of peerbook's own") {
		t.Errorf("own context: %v", err)
	}
	var _ backend.NativeStreamer = b
}
