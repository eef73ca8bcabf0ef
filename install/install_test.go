package install

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestLogosAreCurrent(t *testing.T) {
	for size, data := range map[int][]byte{32: Logo32, 64: Logo64} {
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("logo %d: %v", size, err)
		}
		if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
			t.Errorf("logo %d is %v", size, b)
		}
		var want bytes.Buffer
		png.Encode(&want, DrawLogo(size))
		if !bytes.Equal(want.Bytes(), data) {
			t.Errorf("logo-%dx%d.png is stale: run go run ./install/logogen", size, size)
		}
	}
	if err := xml.Unmarshal(LogoSVG, new(struct{})); err != nil || !bytes.Contains(LogoSVG, []byte("<svg")) {
		t.Errorf("logo-svg.svg is not SVG: %v", err)
	}
	// The corners are transparent, the centre of a peer white, the background blue.
	img := DrawLogo(64)
	if img.NRGBAAt(0, 0).A != 0 || img.NRGBAAt(32, 15) != logoWhite || img.NRGBAAt(32, 58) != logoBlue {
		t.Errorf("logo pixels %v %v %v", img.NRGBAAt(0, 0), img.NRGBAAt(32, 15), img.NRGBAAt(32, 58))
	}
}

func fakeExecutable(t *testing.T) string {
	exe := filepath.Join(t.TempDir(), "peerbook")
	os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o755)
	return exe
}

func TestInstallPrefixAndUninstall(t *testing.T) {
	prefix := t.TempDir()
	exe := fakeExecutable(t)
	dir, err := Install(Options{Scope: Prefix, Prefix: prefix, Executable: exe})
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(prefix, "share", "jupyter", "kernels", "peerbook"); dir != want {
		t.Errorf("dir %s, want %s", dir, want)
	}
	data, err := os.ReadFile(filepath.Join(dir, "kernel.json"))
	if err != nil {
		t.Fatal(err)
	}
	var spec KernelSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		t.Fatal(err)
	}
	if len(spec.Argv) != 4 || spec.Argv[0] != exe || spec.Argv[1] != "kernel" || spec.Argv[3] != "{connection_file}" ||
		spec.DisplayName != "Go (peerbook)" || spec.Language != "go" || spec.InterruptMode != "message" {
		t.Errorf("kernel.json = %s", data)
	}
	for _, f := range []string{"logo-32x32.png", "logo-64x64.png", "logo-svg.svg"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	if _, err := Uninstall(Options{Scope: Prefix, Prefix: prefix}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("kernelspec still there: %v", err)
	}
	if _, err := Uninstall(Options{Scope: Prefix, Prefix: prefix}); err == nil || !strings.Contains(err.Error(), "no kernelspec") {
		t.Errorf("second uninstall: %v", err)
	}
}

func TestUserScopeNameAndDisplayName(t *testing.T) {
	data := t.TempDir()
	t.Setenv("JUPYTER_DATA_DIR", data)
	dir, err := Install(Options{Name: "pb-test", DisplayName: "Go test", Executable: fakeExecutable(t)})
	if err != nil {
		t.Fatal(err)
	}
	if dir != filepath.Join(data, "kernels", "pb-test") {
		t.Errorf("dir = %s", dir)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "kernel.json"))
	if !strings.Contains(string(b), `"display_name": "Go test"`) {
		t.Errorf("kernel.json = %s", b)
	}
	t.Setenv("JUPYTER_DATA_DIR", "")
	t.Setenv("XDG_DATA_HOME", "/xdg")
	if d, _ := KernelsDir(Options{}); d != "/xdg/jupyter/kernels" {
		t.Errorf("XDG kernels dir = %s", d)
	}
}

func TestInstallRejectsBadInput(t *testing.T) {
	for _, o := range []Options{
		{Scope: Prefix, Prefix: t.TempDir(), Name: "bad/name", Executable: fakeExecutable(t)},
		{Scope: Prefix, Prefix: "", Executable: fakeExecutable(t)},
		{Scope: Prefix, Prefix: t.TempDir(), Executable: "/nonexistent/peerbook"},
	} {
		if _, err := Install(o); err == nil {
			t.Errorf("Install(%+v) succeeded", o)
		}
	}
	// Uninstall leaves a folder that is not a peerbook kernelspec alone.
	prefix := t.TempDir()
	other := filepath.Join(prefix, "share", "jupyter", "kernels", "peerbook")
	os.MkdirAll(other, 0o755)
	os.WriteFile(filepath.Join(other, "kernel.json"), []byte(`{"argv":["python3","-m","ipykernel"],"language":"python"}`), 0o644)
	if _, err := Uninstall(Options{Scope: Prefix, Prefix: prefix}); err == nil {
		t.Error("removed a foreign kernelspec")
	}
}

// TestJupyterFindsIt asks jupyter_client's KernelSpecManager, where one is installed.
func TestJupyterFindsIt(t *testing.T) {
	py := "/usr/bin/python3"
	if exec.Command(py, "-c", "import jupyter_client").Run() != nil {
		t.Skip("jupyter_client is not installed for /usr/bin/python3")
	}
	prefix := t.TempDir()
	dir, err := Install(Options{Scope: Prefix, Prefix: prefix, Name: "peerbook-find", Executable: fakeExecutable(t)})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "-c", `from jupyter_client.kernelspec import KernelSpecManager
import json; print(json.dumps(KernelSpecManager().find_kernel_specs()))`)
	cmd.Env = append(os.Environ(), "JUPYTER_PATH="+filepath.Join(prefix, "share", "jupyter"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	var found map[string]string
	json.Unmarshal(out, &found)
	if found["peerbook-find"] != dir {
		t.Errorf("jupyter finds %v, want peerbook-find at %s", found, dir)
	}
}
