package gpuctl

import (
	"errors"
	"testing"

	"github.com/peerbook/peerbook/internal/ranks"
)

// reset forgets what was registered, for one test.
func reset(t *testing.T) {
	t.Helper()
	registered.Store(nil)
	t.Cleanup(func() { registered.Store(nil) })
}

// wantPanic fails unless f panics.
func wantPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s did not panic", what)
		}
	}()
	f()
}

// TestWithoutGPUNothingIsDriven: in a process without package gpu the functions do
// nothing and nothing is poisoned.
func TestWithoutGPUNothingIsDriven(t *testing.T) {
	reset(t)
	if Registered() {
		t.Fatal("registered before Register")
	}
	SetInterrupt(make(chan struct{}))
	SetWorld(nil)
	if err := Poisoned(); err != nil {
		t.Errorf("Poisoned = %v, want nil", err)
	}
}

// TestCallsReachWhatWasRegistered: each function calls the registered one with its
// arguments, and returns its result.
func TestCallsReachWhatWasRegistered(t *testing.T) {
	reset(t)
	var gotDone <-chan struct{}
	var gotWorld ranks.World
	worldSet := false
	broken := errors.New("broken")
	Register(Controls{
		SetInterrupt: func(done <-chan struct{}) { gotDone = done },
		SetWorld:     func(w ranks.World) { gotWorld, worldSet = w, true },
		Poisoned:     func() error { return broken },
	})
	if !Registered() {
		t.Fatal("not registered")
	}
	done := make(chan struct{})
	SetInterrupt(done)
	if gotDone != done {
		t.Error("SetInterrupt did not pass the channel")
	}
	SetWorld(nil)
	if !worldSet || gotWorld != nil {
		t.Error("SetWorld did not pass the World")
	}
	if err := Poisoned(); err != broken {
		t.Errorf("Poisoned = %v, want %v", err, broken)
	}
}

// TestRegisterRefusesMistakes: a missing function or a second registration panics.
func TestRegisterRefusesMistakes(t *testing.T) {
	reset(t)
	full := Controls{SetInterrupt: func(<-chan struct{}) {}, SetWorld: func(ranks.World) {}, Poisoned: func() error { return nil }}
	missing := full
	missing.Poisoned = nil
	wantPanic(t, "Register with a missing function", func() { Register(missing) })
	if Registered() {
		t.Error("a refused registration was kept")
	}
	Register(full)
	wantPanic(t, "a second Register", func() { Register(full) })
}
