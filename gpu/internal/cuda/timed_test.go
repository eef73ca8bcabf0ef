package cuda

import (
	"errors"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// twoEvents makes a start and an end event on device 0 of b.
func twoEvents(t *testing.T, b *Backend) (backend.Event, backend.Event) {
	t.Helper()
	e0, err := b.NewEvent(0)
	if err != nil {
		t.Fatal(err)
	}
	e1, err := b.NewEvent(0)
	if err != nil {
		t.Fatal(err)
	}
	return e0, e1
}

// launchPath is a way a launch reaches the driver: the context mode, queued or direct, on a
// stream or on the backend's own (then with its wait in the same crossing, as Launch).
type launchPath struct {
	name           string
	mode           ctxMode
	queued, stream bool
}

// launchPaths are the paths the traced launches (LaunchTimed, LaunchStamped) are checked on.
var launchPaths = []launchPath{
	{"queued on a stream", ctxFused, true, true},
	{"direct on a stream", ctxFused, false, true},
	{"without a stream", ctxFused, true, false},
	{"purego without a stream", ctxSet, false, false},
	{"purego queued", ctxSet, true, true},
}

// pathLaunch is a fake backend on one launch path, a kernel of fakeLaunchSrc on it, and a
// one-thread launch of that kernel: its arguments, its configuration, and the handle of the
// stream it runs on.
type pathLaunch struct {
	b    *Backend
	f    *fakeDriver
	k    *kernel
	args []backend.Arg
	cfg  backend.LaunchConfig
	h    uintptr
}

// setUp makes p's backend, kernel and launch.
func (p launchPath) setUp(t *testing.T) pathLaunch {
	t.Helper()
	b, f := newFakeBackend(t, 1, p.mode)
	if p.queued {
		b.queue = newLaunchQueue(b)
		b.queue.start.Do(func() {}) // no goroutine: flush submits
	}
	t.Cleanup(func() { b.Close() })
	f.set(func(f *fakeDriver) { f.paramCount = 5 })
	k := fakeKernel(t, b, 0, fakeLaunchSrc)
	args, st, cfg := oneThreadOnAStream(t, b)
	h := st.(*stream).handle
	if !p.stream {
		cfg.Stream, h = nil, b.devices[0].stream.Load()
	}
	return pathLaunch{b: b, f: f, k: k, args: args, cfg: cfg, h: h}
}

// TestLaunchTimedOneCrossing: a traced launch (LaunchTimed) makes its two event records in
// the launch's own crossing into C: one context check (cuCtxGetCurrent, once per crossing
// in the fused mode), the start record, the launch and the end record, on the launch's
// stream, in that order, on every launch path. Through purego (ctxSet) the calls are the
// same.
func TestLaunchTimedOneCrossing(t *testing.T) {
	for _, tc := range launchPaths {
		t.Run(tc.name, func(t *testing.T) {
			pl := tc.setUp(t)
			b, f, k, args, cfg, h := pl.b, pl.f, pl.k, pl.args, pl.cfg, pl.h
			e0, e1 := twoEvents(t, b)
			if err := k.Launch(cfg, args); err != nil { // the function's look-up, first
				t.Fatal(err)
			}
			b.flushLaunches()
			var launches0, gets0, sets0, syncs0, records0 int
			f.set(func(f *fakeDriver) {
				launches0, gets0, sets0, syncs0, records0 = len(f.launches), f.gets, f.sets, f.syncs, len(f.records)
			})
			if err := k.LaunchTimed(cfg, args, e0, e1); err != nil {
				t.Fatal(err)
			}
			b.flushLaunches()
			f.mu.Lock()
			launches, gets, sets, syncs := len(f.launches)-launches0, f.gets-gets0, f.sets-sets0, f.syncs-syncs0
			records := append([]fakeRecord(nil), f.records[records0:]...)
			f.mu.Unlock()
			if launches != 1 || len(records) != 2 {
				t.Fatalf("%d launches and %d records; want 1 and 2", launches, len(records))
			}
			for i, e := range []backend.Event{e0, e1} {
				r := records[i]
				if r.event != e.(*event).handle || r.stream != h || r.afterLaunches != launches0+i {
					t.Errorf("record %d: %+v; want event %#x on stream %#x after %d launches", i, r, e.(*event).handle, h, launches0+i)
				}
			}
			crossings := gets
			if tc.mode == ctxSet {
				crossings = sets // purego: one context set per call sequence, no read
			}
			if crossings != 1 {
				t.Errorf("%d context checks (gets %d, sets %d); want 1: the records are in the launch's crossing", crossings, gets, sets)
			}
			wantSyncs := 0
			if !tc.stream {
				wantSyncs = 1
			}
			if syncs != wantSyncs {
				t.Errorf("%d waits; want %d", syncs, wantSyncs)
			}
			// Both events count as recorded: they can be waited for.
			for _, e := range []backend.Event{e0, e1} {
				if !e.(*event).recorded {
					t.Errorf("event %#x not marked recorded", e.(*event).handle)
				}
			}
		})
	}
}

// TestLaunchTimedRefusesUnusableEvents: events LaunchTimed can't record (destroyed, one
// event for both ends, another backend's, from before a device reset) are refused with ErrEventUnusable before anything
// is launched.
func TestLaunchTimedRefusesUnusableEvents(t *testing.T) {
	pl := launchPath{mode: ctxFused}.setUp(t) // direct, without a stream
	b, f, k, args, cfg := pl.b, pl.f, pl.k, pl.args, pl.cfg
	e0, e1 := twoEvents(t, b)
	gone, _ := twoEvents(t, b)
	if err := gone.Destroy(); err != nil {
		t.Fatal(err)
	}
	before, _, _, _ := f.snapshot()
	for name, evs := range map[string][2]backend.Event{
		"destroyed": {e0, gone}, "the same twice": {e0, e0}, "not CUDA": {e0, fakeEvent{}},
	} {
		err := k.LaunchTimed(cfg, args, evs[0], evs[1])
		if !errors.Is(err, backend.ErrEventUnusable) {
			t.Errorf("%s: %v; want ErrEventUnusable", name, err)
		}
	}
	if after, _, _, _ := f.snapshot(); len(after) != len(before) {
		t.Errorf("%d launches made with unusable events; want none", len(after)-len(before))
	}
	if err := k.LaunchTimed(cfg, args, e0, e1); err != nil {
		t.Errorf("usable events: %v", err)
	}
	// Events from before a device reset died with their context.
	b.devices[0].gen.Add(1)
	before, _, _, _ = f.snapshot()
	if err := k.LaunchTimed(cfg, args, e0, e1); !errors.Is(err, backend.ErrEventUnusable) || !strings.Contains(err.Error(), "reset") {
		t.Errorf("events from before a reset: %v; want ErrEventUnusable naming the reset", err)
	}
	if err := e0.Record(nil); !errors.Is(err, backend.ErrEventUnusable) {
		t.Errorf("recording an event from before a reset: %v; want ErrEventUnusable", err)
	}
	if after, _, _, _ := f.snapshot(); len(after) != len(before) {
		t.Errorf("a launch was made with events from before a reset")
	}
}

// fakeEvent is an Event of no backend.
type fakeEvent struct{ backend.Event }

// TestLaunchTimedRecordFails: a start record the driver refuses stops the launch (not
// made, the error names the record); a refused end record is the launch's error, the
// launch made.
func TestLaunchTimedRecordFails(t *testing.T) {
	pl := launchPath{mode: ctxFused}.setUp(t) // direct, without a stream
	b, f, k, args, cfg := pl.b, pl.f, pl.k, pl.args, pl.cfg
	e0, e1 := twoEvents(t, b)
	if err := k.Launch(cfg, args); err != nil {
		t.Fatal(err)
	}
	before, _, _, _ := f.snapshot()
	f.set(func(f *fakeDriver) { f.recordResult = 1 }) // CUDA_ERROR_INVALID_VALUE
	err := k.LaunchTimed(cfg, args, e0, e1)
	f.set(func(f *fakeDriver) { f.recordResult = 0 })
	if err == nil || !strings.Contains(err.Error(), "not made: start event") || !strings.Contains(err.Error(), "cuEventRecord") {
		t.Errorf("refused start record: %v", err)
	}
	if after, _, _, _ := f.snapshot(); len(after) != len(before) {
		t.Errorf("the launch was made after its start record failed")
	}
}
