package cuda

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"unsafe"

	"github.com/ebitengine/purego"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
)

// nvrtcAPI is NVRTC (libnvrtc.so), resolved symbol by symbol.
type nvrtcAPI struct {
	lib          *library
	builtins     string // the libnvrtc-builtins we loaded beside it ("" where NVRTC finds its own)
	major, minor int
	archs        []int // supported sm_XX as XX, ascending; nil where NVRTC can't tell

	version, errorString, create, destroy, compile              uintptr
	logSize, log, cubinSize, cubin, ptxSize, ptx                uintptr
	addNameExpr, loweredName, numSupportedArchs, supportedArchs uintptr
}

func loadNVRTC() (*nvrtcAPI, error) {
	lib, err := openLibrary("NVRTC (libnvrtc.so)", nvrtcLibraryCandidates())
	if err != nil {
		return nil, err
	}
	n := &nvrtcAPI{lib: lib}
	err = resolve(lib, []symbolSpec{
		{fn: &n.version, names: []string{"nvrtcVersion"}},
		{fn: &n.errorString, names: []string{"nvrtcGetErrorString"}},
		{fn: &n.create, names: []string{"nvrtcCreateProgram"}},
		{fn: &n.destroy, names: []string{"nvrtcDestroyProgram"}},
		{fn: &n.compile, names: []string{"nvrtcCompileProgram"}},
		{fn: &n.logSize, names: []string{"nvrtcGetProgramLogSize"}},
		{fn: &n.log, names: []string{"nvrtcGetProgramLog"}},
		{fn: &n.ptxSize, names: []string{"nvrtcGetPTXSize"}},
		{fn: &n.ptx, names: []string{"nvrtcGetPTX"}},
		{fn: &n.addNameExpr, names: []string{"nvrtcAddNameExpression"}},
		{fn: &n.loweredName, names: []string{"nvrtcGetLoweredName"}},
		{fn: &n.cubinSize, names: []string{"nvrtcGetCUBINSize"}, optional: true},
		{fn: &n.cubin, names: []string{"nvrtcGetCUBIN"}, optional: true},
		{fn: &n.numSupportedArchs, names: []string{"nvrtcGetNumSupportedArchs"}, optional: true},
		{fn: &n.supportedArchs, names: []string{"nvrtcGetSupportedArchs"}, optional: true},
	})
	if err != nil {
		return nil, err
	}
	var major, minor int32
	if r := ccall(n.version, uintptr(unsafe.Pointer(&major)), uintptr(unsafe.Pointer(&minor))); r != 0 {
		return nil, fmt.Errorf("nvrtcVersion: %s", n.errorText(r))
	}
	n.major, n.minor = int(major), int(minor)
	n.builtins = preloadBuiltins(lib, n.major, n.minor)
	if n.numSupportedArchs != 0 && n.supportedArchs != 0 {
		var count int32
		if ccall(n.numSupportedArchs, uintptr(unsafe.Pointer(&count))) == 0 && count > 0 && count < 1000 {
			archs := make([]int32, count)
			if ccall(n.supportedArchs, cptr(archs)) == 0 {
				for _, a := range archs {
					n.archs = append(n.archs, int(a))
				}
				sort.Ints(n.archs)
			}
		}
	}
	return n, nil
}

// preloadBuiltins loads libnvrtc-builtins from the directory NVRTC came from, so that
// NVRTC's own dlopen of it (by soname) finds it even where that directory is not on the
// loader's path (/usr/local/cuda/lib64 without LD_LIBRARY_PATH). Best effort.
func preloadBuiltins(lib *library, major, minor int) string {
	path := lib.path
	if path == "" && filepath.IsAbs(lib.name) {
		path = lib.name
	}
	if path == "" {
		return ""
	}
	dir := filepath.Dir(path)
	want := filepath.Join(dir, fmt.Sprintf("libnvrtc-builtins.so.%d.%d", major, minor))
	candidates := []string{want}
	found, _ := filepath.Glob(filepath.Join(dir, "libnvrtc-builtins.so*"))
	sort.Sort(sort.Reverse(sort.StringSlice(found)))
	candidates = append(candidates, found...)
	for _, c := range candidates {
		if _, err := os.Stat(c); err != nil {
			continue
		}
		if _, err := purego.Dlopen(c, purego.RTLD_NOW|purego.RTLD_GLOBAL); err == nil {
			return c
		}
	}
	return ""
}

func (n *nvrtcAPI) errorText(r cuResult) string {
	if s := goString(ccallPtr(n.errorString, uintptr(r))); s != "" {
		return s
	}
	return fmt.Sprintf("nvrtcResult %d", int(r))
}

// target picks what to compile for a device of compute capability cc (90 for 9.0): its own
// sm_XX cubin where NVRTC knows it, else PTX for the newest older architecture NVRTC knows
// (the driver compiles it for the device).
func (n *nvrtcAPI) target(cc int) (arch string, cubin bool, err error) {
	if len(n.archs) == 0 {
		return fmt.Sprintf("sm_%d", cc), n.cubin != 0, nil
	}
	best := -1
	for _, a := range n.archs {
		if a == cc && n.cubin != 0 {
			return fmt.Sprintf("sm_%d", cc), true, nil
		}
		if a <= cc {
			best = a
		}
	}
	if best < 0 {
		return "", false, fmt.Errorf("NVRTC %d.%d can't compile for sm_%d (it supports sm_%d..sm_%d)",
			n.major, n.minor, cc, n.archs[0], n.archs[len(n.archs)-1])
	}
	return fmt.Sprintf("compute_%d", best), false, nil
}

// compiled is what a compilation produced.
type compiled struct {
	Image   []byte            // cubin, or PTX with a trailing NUL
	PTX     bool              // Image is PTX
	Lowered map[string]string // kernel name -> symbol
	Log     string            // warnings, mapped to the cell's lines
	Options []string
}

// compileProgram compiles prog with options; kernels name what must be lowered.
func (n *nvrtcAPI) compileProgram(prog cudasrc.Program, kernels []cudasrc.Kernel, options []string, cubin bool) (*compiled, error) {
	src := cString(prog.Source)
	name := cString(prog.ProgramName())
	var p uintptr
	if r := ccall(n.create, uintptr(unsafe.Pointer(&p)), cptr(src), cptr(name), 0, 0, 0); r != 0 {
		return nil, fmt.Errorf("nvrtcCreateProgram: %s", n.errorText(r))
	}
	defer func() { ccall(n.destroy, uintptr(unsafe.Pointer(&p))) }()
	exprs := map[string][]byte{}
	for _, k := range kernels {
		if k.ExternC {
			continue
		}
		e := cString(k.NameExpr)
		exprs[k.Signature.Name] = e
		if r := ccall(n.addNameExpr, p, cptr(e)); r != 0 {
			return nil, fmt.Errorf("nvrtcAddNameExpression(%s): %s", k.NameExpr, n.errorText(r))
		}
	}
	opts := make([][]byte, len(options))
	optPtrs := make([]uintptr, len(options))
	for i, o := range options {
		opts[i] = cString(o)
		optPtrs[i] = cptr(opts[i])
	}
	r := ccall(n.compile, p, uintptr(len(optPtrs)), cptr(optPtrs))
	runtime.KeepAlive(opts)
	runtime.KeepAlive(optPtrs)
	log := n.programLog(p)
	if r == nvrtcErrorCompilation || r == nvrtcErrorInvalidOption {
		if strings.TrimSpace(log) == "" {
			log = "error: " + n.errorText(r)
		}
		return nil, prog.NewCompileError(log)
	}
	if r != 0 {
		hint := ""
		if r == nvrtcErrorBuiltinOperation {
			hint = " (NVRTC could not load libnvrtc-builtins: put its directory on LD_LIBRARY_PATH)"
		}
		return nil, fmt.Errorf("nvrtcCompileProgram: %s%s\n%s", n.errorText(r), hint, prog.MapLog(log))
	}
	out := &compiled{Lowered: map[string]string{}, Log: cudasrc.CleanLog(prog.MapLog(log)), Options: options}
	var size uintptr
	if cubin {
		if r := ccall(n.cubinSize, p, uintptr(unsafe.Pointer(&size))); r != 0 {
			return nil, fmt.Errorf("nvrtcGetCUBINSize: %s", n.errorText(r))
		}
		out.Image = make([]byte, size)
		if r := ccall(n.cubin, p, cptr(out.Image)); r != 0 {
			return nil, fmt.Errorf("nvrtcGetCUBIN: %s", n.errorText(r))
		}
	} else {
		if r := ccall(n.ptxSize, p, uintptr(unsafe.Pointer(&size))); r != 0 {
			return nil, fmt.Errorf("nvrtcGetPTXSize: %s", n.errorText(r))
		}
		out.Image = make([]byte, size+1)
		if r := ccall(n.ptx, p, cptr(out.Image)); r != 0 {
			return nil, fmt.Errorf("nvrtcGetPTX: %s", n.errorText(r))
		}
		out.PTX = true
	}
	for _, k := range kernels {
		if k.ExternC {
			out.Lowered[k.Signature.Name] = k.Signature.Name
			continue
		}
		var lp uintptr
		if r := ccall(n.loweredName, p, cptr(exprs[k.Signature.Name]), uintptr(unsafe.Pointer(&lp))); r != 0 {
			return nil, fmt.Errorf("nvrtcGetLoweredName(%s): %s", k.NameExpr, n.errorText(r))
		}
		out.Lowered[k.Signature.Name] = goString(lp)
	}
	runtime.KeepAlive(exprs)
	runtime.KeepAlive(src)
	runtime.KeepAlive(name)
	return out, nil
}

func (n *nvrtcAPI) programLog(p uintptr) string {
	var size uintptr
	if ccall(n.logSize, p, uintptr(unsafe.Pointer(&size))) != 0 || size <= 1 {
		return ""
	}
	buf := cbuf(int(size))
	if ccall(n.log, p, cptr(buf)) != 0 {
		return ""
	}
	return strings.TrimRight(string(buf), "\x00")
}
