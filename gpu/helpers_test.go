package gpu

import (
	"strings"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// use switches to the simulated devices spec names for one test.
func use(t *testing.T, spec string) {
	t.Helper()
	if err := Use(spec); err != nil {
		t.Fatalf("Use(%q): %v", spec, err)
	}
}

// must returns v, panicking (which fails the test) when err is not nil.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// wantErr checks that err's text is exactly want.
func wantErr(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil {
		t.Errorf("no error, want %q", want)
		return
	}
	if err.Error() != want {
		t.Errorf("error:\n  got  %q\n  want %q", err.Error(), want)
	}
}

// wantErrContains checks that err's text contains every part.
func wantErrContains(t *testing.T, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Errorf("no error, want one containing %q", parts)
		return
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q lacks %q", err.Error(), p)
		}
	}
}

// testKernel is a Go kernel written in Go, standing in for a gokernel.Kernel.
type testKernel struct {
	sig backend.Signature
	run func(cfg backend.LaunchConfig, args []backend.Arg, done <-chan struct{}) error
}

func (k *testKernel) Name() string                 { return k.sig.Name }
func (k *testKernel) Signature() backend.Signature { return k.sig }
func (k *testKernel) CUDA() (string, error)        { return "// " + k.sig.Name + "\n", nil }

// AtomicParams says the test kernels update no parameter with read-modify-write atomics (they
// hand off with loads and stores).
func (k *testKernel) AtomicParams() []bool { return make([]bool, len(k.sig.Params)) }
func (k *testKernel) Run(cfg backend.LaunchConfig, args []backend.Arg, done <-chan struct{}) error {
	if k.run == nil {
		return nil
	}
	return k.run(cfg, args, done)
}

// defineTest registers a test kernel as DefineGo would and returns it.
func defineTest(name string, params []backend.Param, run func(cfg backend.LaunchConfig, args []backend.Arg, done <-chan struct{}) error) *Kernel {
	tk := &testKernel{sig: backend.Signature{Name: name, Params: params}, run: run}
	k := newKernel(tk.sig, tk, nil)
	register(k)
	return k
}

func buf(name string, dt DType) backend.Param {
	return backend.Param{Name: name, Kind: backend.ParamBuffer, DType: dt.backend()}
}

func peer(name string, dt DType) backend.Param {
	return backend.Param{Name: name, Kind: backend.ParamPeer, DType: dt.backend()}
}

func scalar(name string, dt DType) backend.Param {
	return backend.Param{Name: name, Kind: backend.ParamScalar, DType: dt.backend()}
}

type (
	backendConfig = backend.LaunchConfig
	backendArg    = backend.Arg
	backendParam  = backend.Param
	backendSig    = backend.Signature
)

// lookupKernel returns the kernel defined last under name (nil: none).
func lookupKernel(name string) *Kernel {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	return registry.kernels[name]
}
