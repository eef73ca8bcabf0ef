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
// waits for an import, %go mod says so and lists the modules it was built with as
// peerbook's own.
func TestGoMagicWithoutModules(t *testing.T) {
	if _, err := goMagic("get gonum.org/v1/gonum@v0.16.0"); err == nil || !strings.Contains(err.Error(), "no cell imports a third-party package yet") {
		t.Errorf("%%go get: %v", err)
	}
	out, err := goMagic("mod")
	if err != nil || !strings.Contains(out, "The notebook's modules: none") || !strings.Contains(out, "\n  github.com/ebitengine/purego ") {
		t.Errorf("%%go mod: %q, %v", out, err)
	}
	if _, err := goMagic("tidy"); err == nil || !strings.Contains(err.Error(), "want %go get") {
		t.Errorf("%%go tidy: %v", err)
	}
	reqs := requirements("module m\n\nrequire a.example/x v1.2.3 // indirect\nrequire (\n\tb.example/y v0.1.0\n\tc.example/z v2.0.0+incompatible // indirect\n)\n")
	if len(reqs) != 3 || reqs["a.example/x"] != "v1.2.3" || reqs["b.example/y"] != "v0.1.0" || reqs["c.example/z"] != "v2.0.0+incompatible" {
		t.Errorf("requirements: %v", reqs)
	}
}

// %go mod lists the notebook's modules first (those providing the packages built in, with
// them), then what they need, then peerbook's own, apart.
func TestGoModListsTheNotebooksModulesFirst(t *testing.T) {
	mods := builtModules(&debug.BuildInfo{Deps: []*debug.Module{
		{Path: "github.com/samber/lo", Version: "v1.53.0"}, {Path: "golang.org/x/text", Version: "v0.28.0"},
		{Path: "github.com/ebitengine/purego", Version: "v0.11.3"}, {Path: "github.com/gammazero/deque", Version: "v1.0.0"},
		{Path: "example.com/dep", Version: "v0.1.0", Replace: &debug.Module{Path: "/src/dep", Version: "(devel)"}},
		{Path: "gonum.org/v1/gonum", Version: "v0.16.0"},
	}})
	own := map[string]string{"golang.org/x/text": "v0.28.0", "github.com/ebitengine/purego": "v0.11.3", "gonum.org/v1/gonum": "v0.15.0"}
	got := goMod(mods, own, []string{"github.com/gammazero/deque", "github.com/samber/lo", "gonum.org/v1/gonum/stat"})
	want := `The notebook's modules (their packages that cells import are built into this evaluator):
  github.com/gammazero/deque v1.0.0 (github.com/gammazero/deque)
  github.com/samber/lo v1.53.0 (github.com/samber/lo)
  gonum.org/v1/gonum v0.16.0 (gonum.org/v1/gonum/stat) [peerbook requires v0.15.0: minimal version selection took the higher]
What they need:
  example.com/dep v0.1.0

peerbook's own modules (the evaluator's: the interpreter, plots, the GPU bindings...):
  github.com/ebitengine/purego v0.11.3
  golang.org/x/text v0.28.0
`
	if got != want {
		t.Errorf("%%go mod printed\n%s\nwant\n%s", got, want)
	}
	built := []string{"github.com/samber/lo"}
	if out, err := goMagicOf("get github.com/samber/lo@v1.53.0", mods, own, built); err != nil || out != "github.com/samber/lo v1.53.0\n" {
		t.Errorf("%%go get of the version built: %q, %v", out, err)
	}
	if _, err := goMagicOf("get github.com/samber/lo@v1.54.0", mods, own, built); err == nil || !strings.Contains(err.Error(), "built with github.com/samber/lo v1.53.0") {
		t.Errorf("%%go get of another version: %v", err)
	}
	if _, err := goMagicOf("get e.example/z@v1.0.0", mods, own, built); err == nil || !strings.Contains(err.Error(), "not built with e.example/z") {
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
