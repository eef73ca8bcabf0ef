package cuda

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unsafe"

	"github.com/ebitengine/purego"
)

// library is a shared library opened with dlopen.
type library struct {
	name   string // the name it was opened by ("libcuda.so.1")
	path   string // the file it came from (from /proc/self/maps), "" where unknown
	handle uintptr
}

// openLibrary dlopens the first of candidates that loads. The error lists every attempt.
func openLibrary(what string, candidates []string) (*library, error) {
	var tried []string
	seen := map[string]bool{}
	for _, c := range candidates {
		if c == "" || seen[c] {
			continue
		}
		seen[c] = true
		h, err := purego.Dlopen(c, purego.RTLD_NOW|purego.RTLD_LOCAL)
		if err != nil {
			msg := err.Error()
			if !strings.Contains(msg, c) {
				msg = c + ": " + msg
			}
			tried = append(tried, msg)
			continue
		}
		lib := &library{name: c, handle: h}
		lib.path = loadedPath(c)
		return lib, nil
	}
	if len(tried) == 0 {
		return nil, fmt.Errorf("%s not found: no candidates", what)
	}
	names := make([]string, 0, len(seen))
	for _, c := range candidates {
		if c != "" && !slicesContains(names, c) {
			names = append(names, c)
		}
	}
	return nil, fmt.Errorf("%s not found (%s; tried %s)", what, tried[0], strings.Join(names, ", "))
}

func slicesContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// sym returns the address of name, or an error naming the library; it never calls anything.
func (l *library) sym(name string) (uintptr, error) {
	p, err := purego.Dlsym(l.handle, name)
	if err != nil || p == 0 {
		return 0, fmt.Errorf("%s lacks %s (too old?)", l.describe(), name)
	}
	return p, nil
}

// optionalSym is sym where a missing symbol is no error (0).
func (l *library) optionalSym(name string) uintptr {
	p, err := purego.Dlsym(l.handle, name)
	if err != nil {
		return 0
	}
	return p
}

func (l *library) describe() string {
	if l.path != "" && l.path != l.name {
		return fmt.Sprintf("%s (%s)", l.name, l.path)
	}
	return l.name
}

// loadedPath finds the file a loaded library came from, in /proc/self/maps.
func loadedPath(name string) string {
	if filepath.IsAbs(name) {
		if p, err := filepath.EvalSymlinks(name); err == nil {
			return p
		}
		return name
	}
	f, err := os.Open("/proc/self/maps")
	if err != nil {
		return ""
	}
	defer f.Close()
	base := filepath.Base(name)
	if i := strings.Index(base, ".so"); i >= 0 {
		base = base[:i]
	}
	prefix := base + ".so"
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 6 {
			continue
		}
		if p := fields[5]; strings.HasPrefix(filepath.Base(p), prefix) {
			return p
		}
	}
	return ""
}

// envFirst puts the value of an environment variable (a library path override) first.
func envFirst(env string, rest ...string) []string {
	if v := os.Getenv(env); v != "" {
		return append([]string{v}, rest...)
	}
	return rest
}

// cudaLibraryCandidates are the names and places tried for libcuda.
func cudaLibraryCandidates() []string {
	return envFirst("PEERBOOK_LIBCUDA",
		"libcuda.so.1", "libcuda.so",
		"/usr/lib/x86_64-linux-gnu/libcuda.so.1", "/usr/lib64/libcuda.so.1", "/usr/lib/aarch64-linux-gnu/libcuda.so.1",
		"/usr/lib/wsl/lib/libcuda.so.1")
}

// nvmlLibraryCandidates are the names and places tried for NVML.
func nvmlLibraryCandidates() []string {
	return envFirst("PEERBOOK_LIBNVML",
		"libnvidia-ml.so.1", "libnvidia-ml.so",
		"/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1", "/usr/lib64/libnvidia-ml.so.1", "/usr/lib/aarch64-linux-gnu/libnvidia-ml.so.1")
}

// cudaHomes are the CUDA toolkit directories to look in, best first.
func cudaHomes() []string {
	var homes []string
	for _, env := range []string{"CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"} {
		if v := os.Getenv(env); v != "" {
			homes = append(homes, v)
		}
	}
	homes = append(homes, "/usr/local/cuda")
	versioned, _ := filepath.Glob("/usr/local/cuda-*")
	sort.Sort(sort.Reverse(sort.StringSlice(versioned)))
	homes = append(homes, versioned...)
	return append(homes, "/opt/cuda", "/usr")
}

// nvrtcLibraryCandidates are the names and places tried for NVRTC: the plain names the
// loader resolves, then the toolkit directories, versioned names newest first.
func nvrtcLibraryCandidates() []string {
	names := []string{"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2"}
	out := envFirst("PEERBOOK_LIBNVRTC", names...)
	var dirs []string
	for _, h := range cudaHomes() {
		dirs = append(dirs, filepath.Join(h, "lib64"), filepath.Join(h, "lib"),
			filepath.Join(h, "targets", "x86_64-linux", "lib"), filepath.Join(h, "targets", "sbsa-linux", "lib"))
	}
	pip, _ := filepath.Glob("/usr/local/lib/python3*/dist-packages/nvidia/cu*/lib")
	pip2, _ := filepath.Glob("/usr/local/lib/python3*/dist-packages/nvidia/cuda_nvrtc/lib")
	dirs = append(dirs, pip...)
	dirs = append(dirs, pip2...)
	for _, d := range dirs {
		found, _ := filepath.Glob(filepath.Join(d, "libnvrtc.so*"))
		var libs []string
		for _, f := range found {
			if !strings.Contains(filepath.Base(f), "builtins") && !strings.HasSuffix(f, ".alt.so") {
				libs = append(libs, f)
			}
		}
		sort.Sort(sort.Reverse(sort.StringSlice(libs)))
		out = append(out, libs...)
	}
	return out
}

// cudaIncludeDir finds the CUDA headers NVRTC may need (cuda_fp16.h): next to the NVRTC
// library first, then the toolkit directories. "" where there are none.
func cudaIncludeDir(nvrtcPath string) string {
	var dirs []string
	if nvrtcPath != "" {
		d := filepath.Dir(nvrtcPath)
		dirs = append(dirs, filepath.Join(d, "..", "include"), filepath.Join(d, "..", "..", "include"))
	}
	for _, h := range cudaHomes() {
		dirs = append(dirs, filepath.Join(h, "include"), filepath.Join(h, "targets", "x86_64-linux", "include"))
	}
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "cuda_fp16.h")); err == nil {
			return filepath.Clean(d)
		}
	}
	return ""
}

// cString returns s as a NUL-terminated byte slice for C, on the heap (see cbuf).
//
//go:noinline
func cString(s string) []byte {
	b := make([]byte, len(s)+1)
	copy(b, s)
	return b
}

// cbuf returns n zeroed bytes on the heap for C to fill. A buffer on a goroutine stack
// could move while C writes it (a stack grows by copying), and cptr hides the pointer from
// the compiler; memory that a non-inlined function returns is always on the heap.
//
//go:noinline
func cbuf(n int) []byte { return make([]byte, n) }

// goString copies the NUL-terminated C string at p (nil: "").
func goString(p uintptr) string {
	if p == 0 {
		return ""
	}
	ptr := uintptrToPointer(p)
	n := 0
	for *(*byte)(unsafe.Add(ptr, n)) != 0 {
		n++
		if n > 1<<20 {
			break
		}
	}
	return string(unsafe.Slice((*byte)(ptr), n))
}

// uintptrToPointer converts an address that C gave us (memory Go does not manage).
func uintptrToPointer(p uintptr) unsafe.Pointer {
	return *(*unsafe.Pointer)(unsafe.Pointer(&p))
}

// errNoLibrary marks errors of a missing library (no driver, no NVRTC).
var errNoLibrary = errors.New("library not available")
