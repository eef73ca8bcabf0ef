package main

import (
	"bytes"
	"errors"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/gpu"
)

// The evaluator as released has no third-party packages built in: %go get says the pin
// waits for an import, %go mod says so and lists the modules it was built with.
func TestGoMagicWithoutModules(t *testing.T) {
	if _, err := goMagic("get gonum.org/v1/gonum@v0.16.0"); err == nil || !strings.Contains(err.Error(), "no cell imports a third-party package yet") {
		t.Errorf("%%go get: %v", err)
	}
	out, err := goMagic("mod")
	if err != nil || !strings.Contains(out, "no third-party packages") || !strings.Contains(out, "modules this evaluator was built with:\n") {
		t.Errorf("%%go mod: %q, %v", out, err)
	}
	if _, err := goMagic("tidy"); err == nil || !strings.Contains(err.Error(), "want %go get") {
		t.Errorf("%%go tidy: %v", err)
	}
}

// With packages built in, %go mod lists the modules as go version -m does (replacements
// too), and %go get checks a pinned version against the one built.
func TestGoMagicWithModules(t *testing.T) {
	mods := builtModules(&debug.BuildInfo{Deps: []*debug.Module{
		{Path: "b.example/y", Version: "v0.1.0"},
		{Path: "a.example/x", Version: "v1.2.3", Replace: &debug.Module{Path: "/src/x", Version: "(devel)"}},
		{Path: "c.example/z", Version: "v1.0.0", Replace: &debug.Module{Path: "d.example/z", Version: "v1.0.1"}},
	}})
	built := []string{"b.example/y/pkg"}
	out, err := goMagicOf("mod", mods, built)
	if want := "third-party packages built in: b.example/y/pkg\nmodules this evaluator was built with:\n  a.example/x v1.2.3 => /src/x\n  b.example/y v0.1.0\n  c.example/z v1.0.0 => d.example/z v1.0.1\n"; err != nil || out != want {
		t.Errorf("%%go mod: %q, %v; want %q", out, err, want)
	}
	if out, err := goMagicOf("get b.example/y@v0.1.0", mods, built); err != nil || out != "b.example/y v0.1.0\n" {
		t.Errorf("%%go get of the version built: %q, %v", out, err)
	}
	if _, err := goMagicOf("get b.example/y@v0.2.0", mods, built); err == nil || !strings.Contains(err.Error(), "built with b.example/y v0.1.0") {
		t.Errorf("%%go get of another version: %v", err)
	}
	if _, err := goMagicOf("get e.example/z@v1.0.0", mods, built); err == nil || !strings.Contains(err.Error(), "not built with e.example/z") {
		t.Errorf("%%go get of a module not built: %v", err)
	}
}

func TestVersionReport(t *testing.T) {
	bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/peerbook/peerbook", Version: "v1.4.0"}, Settings: []debug.BuildSetting{
		{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
	}}
	got := versionReport(bi, gpu.CUDALibraries{DriverVersion: 13000, Driver: "libcuda.so.1 (/usr/lib/libcuda.so.580)", NVRTC: "13.0, libnvrtc.so.13"}, []string{"gonum.org/v1/gonum/mat"})
	for _, want := range []string{
		"peerbook-evaluator v1.4.0 (go", "source:      git revision 0123456789abcdef0123456789abcdef01234567\n",
		"CUDA driver: supports CUDA 13.0, libcuda.so.1 (/usr/lib/libcuda.so.580)\n", "NVRTC:       13.0, libnvrtc.so.13\n",
		"built in:    gonum.org/v1/gonum/mat\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q:\n%s", want, got)
		}
	}
	got = versionReport(bi, gpu.CUDALibraries{DriverErr: errors.New("libcuda.so.1 not found"), NVRTCErr: errors.New("libnvrtc.so not found")}, nil)
	for _, want := range []string{"CUDA driver: none (libcuda.so.1 not found)", "NVRTC:       none (libnvrtc.so not found)"} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q:\n%s", want, got)
		}
	}
}

// A command line the evaluator does not take is refused with its usage, not served.
func TestCommandLine(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"evaluator"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "Usage: peerbook-evaluator") {
		t.Errorf("an argument: exit %d, stderr %q", code, stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"--version"}, &stdout, &stderr); code != 0 || !strings.HasPrefix(stdout.String(), "peerbook-evaluator ") || !strings.Contains(stdout.String(), "\nCUDA driver: ") {
		t.Errorf("--version: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}
