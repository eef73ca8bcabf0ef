// Package install writes peerbook's Jupyter kernelspec (kernel.json and logos) where
// `jupyter kernelspec list` finds it, and removes it again.
package install

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"

	"github.com/peerbook/peerbook/internal/atomicfile"
)

// Logos copied into the kernelspec.
var (
	//go:embed logo-32x32.png
	Logo32 []byte
	//go:embed logo-64x64.png
	Logo64 []byte
	//go:embed logo-svg.svg
	LogoSVG []byte
)

// Defaults of the kernelspec.
const (
	DefaultName        = "peerbook"
	DefaultDisplayName = "Go (peerbook)"
)

// Scope says which Jupyter data directory gets the kernelspec.
type Scope int

// Scopes.
const (
	// User: the user's Jupyter data directory ($JUPYTER_DATA_DIR, or on Linux
	// $XDG_DATA_HOME/jupyter or ~/.local/share/jupyter).
	User Scope = iota
	// SysPrefix: sys.prefix of python3 (a virtual environment's Jupyter), /usr/local when
	// there is no python3.
	SysPrefix
	// Prefix: Options.Prefix, as with `jupyter kernelspec install --prefix`.
	Prefix
)

// Options says what to install where.
type Options struct {
	Scope       Scope
	Prefix      string // with Scope Prefix
	Name        string // kernel name: the folder; "" is DefaultName
	DisplayName string // "" is DefaultDisplayName
	// Executable is the peerbook binary kernel.json runs; "" is this process's executable.
	// It is made absolute.
	Executable string
}

// KernelSpec is the content of kernel.json.
type KernelSpec struct {
	Argv          []string          `json:"argv"`
	DisplayName   string            `json:"display_name"`
	Language      string            `json:"language"`
	InterruptMode string            `json:"interrupt_mode"`
	Env           map[string]string `json:"env,omitempty"`
	Metadata      map[string]any    `json:"metadata"`
}

// NewKernelSpec is the kernelspec that runs executable (an absolute path).
func NewKernelSpec(executable, displayName string) KernelSpec {
	return KernelSpec{
		Argv:          []string{executable, "kernel", "--connection-file", "{connection_file}"},
		DisplayName:   displayName,
		Language:      "go",
		InterruptMode: "message",
		Metadata:      map[string]any{"debugger": false},
	}
}

var validName = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

func (o *Options) fill() error {
	if o.Name == "" {
		o.Name = DefaultName
	}
	if !validName.MatchString(o.Name) {
		return fmt.Errorf("kernel name %q: use only letters, digits, '.', '_' and '-'", o.Name)
	}
	if o.DisplayName == "" {
		o.DisplayName = DefaultDisplayName
	}
	return nil
}

// KernelsDir is the "kernels" directory of the scope.
func KernelsDir(o Options) (string, error) {
	switch o.Scope {
	case User:
		d, err := userDataDir()
		if err != nil {
			return "", err
		}
		return filepath.Join(d, "kernels"), nil
	case SysPrefix:
		return filepath.Join(sysPrefix(), "share", "jupyter", "kernels"), nil
	case Prefix:
		if o.Prefix == "" {
			return "", errors.New("--prefix needs a directory")
		}
		p, err := filepath.Abs(o.Prefix)
		if err != nil {
			return "", fmt.Errorf("prefix %s: %w", o.Prefix, err)
		}
		return filepath.Join(p, "share", "jupyter", "kernels"), nil
	}
	return "", fmt.Errorf("unknown scope %d", o.Scope)
}

// Dir is the kernelspec directory Install writes.
func Dir(o Options) (string, error) {
	if err := o.fill(); err != nil {
		return "", err
	}
	d, err := KernelsDir(o)
	if err != nil {
		return "", err
	}
	return filepath.Join(d, o.Name), nil
}

// UserDataDir is Jupyter's per-user data directory, as jupyter_core computes it: where
// --user installs kernelspecs, and where Jupyter keeps its notebook-signing secret.
func UserDataDir() (string, error) { return userDataDir() }

// userDataDir is Jupyter's per-user data directory, as jupyter_core computes it.
func userDataDir() (string, error) {
	if d := os.Getenv("JUPYTER_DATA_DIR"); d != "" {
		return d, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("find the home directory: %w", err)
	}
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Jupyter"), nil
	case "windows":
		if d := os.Getenv("APPDATA"); d != "" {
			return filepath.Join(d, "jupyter"), nil
		}
		return filepath.Join(home, "AppData", "Roaming", "jupyter"), nil
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "jupyter"), nil
	}
	return filepath.Join(home, ".local", "share", "jupyter"), nil
}

// sysPrefix is python3's sys.prefix, or /usr/local.
func sysPrefix() string {
	out, err := exec.Command("python3", "-c", "import sys; print(sys.prefix)").Output()
	if p := strings.TrimSpace(string(out)); err == nil && p != "" {
		return p
	}
	return "/usr/local"
}

// Install writes kernel.json and the logos, replacing an earlier install of the same name,
// and returns the kernelspec directory.
func Install(o Options) (string, error) {
	dir, err := Dir(o)
	if err != nil {
		return "", err
	}
	o.fill()
	exe := o.Executable
	if exe == "" {
		if exe, err = os.Executable(); err != nil {
			return "", fmt.Errorf("find the peerbook executable: %w", err)
		}
	}
	if exe, err = filepath.Abs(exe); err != nil {
		return "", fmt.Errorf("executable path: %w", err)
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	if st, err := os.Stat(exe); err != nil || st.IsDir() {
		return "", fmt.Errorf("executable %s does not exist", exe)
	}
	spec, err := json.MarshalIndent(NewKernelSpec(exe, o.DisplayName), "", "  ")
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("create kernelspec directory: %w", err)
	}
	for name, data := range map[string][]byte{
		"kernel.json":    append(spec, '\n'),
		"logo-32x32.png": Logo32,
		"logo-64x64.png": Logo64,
		"logo-svg.svg":   LogoSVG,
	} {
		// Each file whole or not at all: a failed reinstall leaves a kernelspec that works.
		if err := atomicfile.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return "", fmt.Errorf("write kernelspec: %w", err)
		}
	}
	return dir, nil
}

// Uninstall removes the kernelspec directory and returns it. It refuses a directory whose
// kernel.json does not run peerbook.
func Uninstall(o Options) (string, error) {
	dir, err := Dir(o)
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(filepath.Join(dir, "kernel.json"))
	if errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("no kernelspec %q in %s", o.Name, filepath.Dir(dir))
	}
	if err != nil {
		return "", fmt.Errorf("read kernelspec: %w", err)
	}
	var spec KernelSpec
	if json.Unmarshal(data, &spec) != nil || len(spec.Argv) < 2 || spec.Argv[1] != "kernel" || spec.Language != "go" ||
		!bytes.Contains(data, []byte(`"interrupt_mode"`)) {
		return "", fmt.Errorf("%s is not a peerbook kernelspec: not removing it", dir)
	}
	if err := os.RemoveAll(dir); err != nil {
		return "", fmt.Errorf("remove kernelspec: %w", err)
	}
	return dir, nil
}
