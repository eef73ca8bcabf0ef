// Package nccl binds NVIDIA's collective communication library (libnccl.so.2), loaded at run
// time with dlopen through github.com/ebitengine/purego like the CUDA driver: no cgo, no
// headers at build time. Package gpu uses it for its collectives (AllReduce, Broadcast) on
// CUDA devices of a rank session, where every rank can take part; elsewhere gpu's
// host-staged engine serves, saying why.
//
// Every symbol is looked up (dlsym) before use; a missing required one is an error naming
// it, so an old library can't kill the process. The names, values and layouts below are
// nccl.h's (NCCL 2.14 to 2.30): ncclResult_t, ncclDataType_t, ncclRedOp_t, ncclUniqueId (128
// bytes) and ncclConfig_t (its 2.14 form: size, magic, version, blocking; NCCL reads a
// config of an older version and fills in the rest with its defaults).
//
// A communicator is made with ncclCommInitRankScalable (NCCL 2.23+), which takes the unique
// id by pointer, and else with ncclCommInitRankConfig (2.14+), which takes it by value: a
// 128-byte aggregate that the C ABI passes in memory, packed here (abi.go). Communicators are
// non-blocking (config.blocking = 0): every call returns at once and Settle polls
// ncclCommGetAsyncError until the work is done, fails, or the caller gives up (then
// ncclCommAbort frees it), so that a rank that never joins can't hang the process.
package nccl

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unsafe"

	"github.com/ebitengine/purego"
)

// EnvLibrary names a libnccl file to try before the usual places.
const EnvLibrary = "PEERBOOK_LIBNCCL"

// Result is an ncclResult_t.
type Result int32

// The results of nccl.h.
const (
	Success            Result = 0
	UnhandledCudaError Result = 1
	SystemError        Result = 2
	InternalError      Result = 3
	InvalidArgument    Result = 4
	InvalidUsage       Result = 5
	RemoteError        Result = 6
	InProgress         Result = 7
	Timeout            Result = 8
)

var resultNames = [...]string{"ncclSuccess", "ncclUnhandledCudaError", "ncclSystemError", "ncclInternalError",
	"ncclInvalidArgument", "ncclInvalidUsage", "ncclRemoteError", "ncclInProgress", "ncclTimeout"}

// String names the result as nccl.h does ("ncclInvalidUsage").
func (r Result) String() string {
	if r >= 0 && int(r) < len(resultNames) {
		return resultNames[r]
	}
	return fmt.Sprintf("ncclResult_t(%d)", int32(r))
}

// Error is a failed NCCL call: the function, its result, NCCL's text for the result
// (ncclGetErrorString) and the last warning NCCL logged (ncclGetLastError: the cause, such
// as "Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 18000").
type Error struct {
	Func   string
	Result Result
	Text   string
	Detail string
}

func (e *Error) Error() string {
	s := fmt.Sprintf("%s: %s", e.Func, e.Result)
	if e.Text != "" {
		s += " (" + e.Text + ")"
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Lib is a loaded libnccl.
type Lib struct {
	handle  uintptr
	path    string // the file it came from, or the name it was opened by
	version int    // NCCL_VERSION_CODE: 22803 for 2.28.3

	getVersion, getUniqueID, getErrorString, getLastError               uintptr
	commInitRankScalable, commInitRankConfig, commInitRank              uintptr // the first two optional
	commGetAsyncError, commAbort, commDestroy, commCuDevice             uintptr
	commCount, commUserRank, allReduce, broadcast, groupStart, groupEnd uintptr
}

// candidates are the names and places tried for libnccl, best first.
func candidates() []string {
	var out []string
	if v := os.Getenv(EnvLibrary); v != "" {
		out = append(out, v)
	}
	out = append(out, "libnccl.so.2", "libnccl.so")
	var dirs []string
	for _, env := range []string{"NCCL_HOME", "CUDA_HOME", "CUDA_PATH"} {
		if v := os.Getenv(env); v != "" {
			dirs = append(dirs, filepath.Join(v, "lib64"), filepath.Join(v, "lib"))
		}
	}
	dirs = append(dirs, "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/local/cuda/lib64")
	for _, pat := range []string{"/usr/local/lib/python3*/dist-packages/nvidia/nccl/lib", "/usr/lib/python3*/dist-packages/nvidia/nccl/lib",
		"/usr/local/lib/python3*/site-packages/nvidia/nccl/lib", "/opt/conda/lib"} {
		found, _ := filepath.Glob(pat)
		sort.Sort(sort.Reverse(sort.StringSlice(found)))
		dirs = append(dirs, found...)
	}
	for _, d := range dirs {
		out = append(out, filepath.Join(d, "libnccl.so.2"))
	}
	return out
}

// Open loads libnccl (PEERBOOK_LIBNCCL first, then libnccl.so.2 where the loader finds it,
// then the usual directories and pip's nvidia-nccl package) and resolves its functions. It
// fails, naming what it tried, where there is none, and naming the function where the
// library is older than NCCL 2.14 lacks.
func Open() (*Lib, error) { return openFrom(candidates()) }

// openFrom opens the first of cands that loads.
func openFrom(cands []string) (*Lib, error) {
	var tried []string
	seen := map[string]bool{}
	for _, c := range cands {
		if seen[c] {
			continue
		}
		seen[c] = true
		if filepath.IsAbs(c) {
			if _, err := os.Stat(c); err != nil {
				continue
			}
		}
		h, err := purego.Dlopen(c, purego.RTLD_NOW|purego.RTLD_LOCAL)
		if err != nil {
			tried = append(tried, err.Error())
			continue
		}
		l := &Lib{handle: h, path: c}
		if err := l.resolve(); err != nil {
			return nil, fmt.Errorf("NCCL (%s): %w", c, err)
		}
		return l, nil
	}
	why := "not found"
	if len(tried) > 0 {
		why = tried[0]
	}
	return nil, fmt.Errorf("NCCL (libnccl.so.2) not available: %s (set %s to its path)", why, EnvLibrary)
}

func (l *Lib) resolve() error {
	var missing []string
	sym := func(fn *uintptr, name string, required bool) {
		p, err := purego.Dlsym(l.handle, name)
		if err != nil || p == 0 {
			if required {
				missing = append(missing, name)
			}
			return
		}
		*fn = p
	}
	sym(&l.getVersion, "ncclGetVersion", true)
	sym(&l.getUniqueID, "ncclGetUniqueId", true)
	sym(&l.getErrorString, "ncclGetErrorString", true)
	sym(&l.getLastError, "ncclGetLastError", false)
	sym(&l.commInitRankScalable, "ncclCommInitRankScalable", false)
	sym(&l.commInitRankConfig, "ncclCommInitRankConfig", true)
	sym(&l.commInitRank, "ncclCommInitRank", true)
	sym(&l.commGetAsyncError, "ncclCommGetAsyncError", true)
	sym(&l.commAbort, "ncclCommAbort", true)
	sym(&l.commDestroy, "ncclCommDestroy", true)
	sym(&l.commCuDevice, "ncclCommCuDevice", true)
	sym(&l.commCount, "ncclCommCount", true)
	sym(&l.commUserRank, "ncclCommUserRank", true)
	sym(&l.allReduce, "ncclAllReduce", true)
	sym(&l.broadcast, "ncclBroadcast", true)
	sym(&l.groupStart, "ncclGroupStart", true)
	sym(&l.groupEnd, "ncclGroupEnd", true)
	if len(missing) > 0 {
		return fmt.Errorf("the library lacks %s: peerbook needs NCCL 2.14 or later", strings.Join(missing, ", "))
	}
	var v int32
	if r := call(l.getVersion, uintptr(unsafe.Pointer(&v))); r != Success {
		return l.err("ncclGetVersion", r)
	}
	l.version = int(v)
	return nil
}

// Path is the library file (or the name it was opened by).
func (l *Lib) Path() string { return l.path }

// Version is NCCL's version code (22803 for 2.28.3).
func (l *Lib) Version() int { return l.version }

// VersionString writes the version as "2.28.3".
func (l *Lib) VersionString() string { return VersionString(l.version) }

// VersionString writes an NCCL version code as "2.28.3" (codes below 2900 are the old
// scheme: X*1000 + Y*100 + Z).
func VersionString(code int) string {
	if code < 2900 {
		return fmt.Sprintf("%d.%d.%d", code/1000, code%1000/100, code%100)
	}
	return fmt.Sprintf("%d.%d.%d", code/10000, code%10000/100, code%100)
}

// err makes the error of fn's result r, with NCCL's text and its last warning.
func (l *Lib) err(fn string, r Result) error {
	e := &Error{Func: fn, Result: r}
	if l.getErrorString != 0 {
		e.Text = goString(callPtr(l.getErrorString, uintptr(uint32(r))))
	}
	if l.getLastError != 0 && r != InProgress {
		e.Detail = strings.TrimSpace(goString(callPtr(l.getLastError, 0)))
	}
	return e
}

// ErrNoID is wrapped by errors of a unique id of the wrong size.
var ErrNoID = errors.New("not an NCCL unique id")

// UniqueID is an ncclUniqueId: what rank 0 makes and every rank passes to InitRank.
type UniqueID [128]byte

// UniqueID makes a communicator's unique id (ncclGetUniqueId, on rank 0): it holds the
// address where rank 0's bootstrap listens.
func (l *Lib) UniqueID() (UniqueID, error) {
	var id UniqueID
	if r := call(l.getUniqueID, uintptr(unsafe.Pointer(&id[0]))); r != Success {
		return id, l.err("ncclGetUniqueId", r)
	}
	return id, nil
}

// ParseUniqueID reads a unique id from its bytes.
func ParseUniqueID(b []byte) (UniqueID, error) {
	var id UniqueID
	if len(b) != len(id) {
		return id, fmt.Errorf("%w: %d bytes, want %d", ErrNoID, len(b), len(id))
	}
	copy(id[:], b)
	return id, nil
}

// call calls the C function fn that returns an ncclResult_t.
//
//go:uintptrescapes
func call(fn uintptr, args ...uintptr) Result {
	r, _, _ := purego.SyscallN(fn, args...)
	return Result(int32(uint32(r)))
}

// callPtr calls the C function fn that returns a pointer.
//
//go:uintptrescapes
func callPtr(fn uintptr, args ...uintptr) uintptr {
	r, _, _ := purego.SyscallN(fn, args...)
	return r
}

// goString copies the NUL-terminated C string at p ("" for NULL).
func goString(p uintptr) string {
	if p == 0 {
		return ""
	}
	ptr := *(*unsafe.Pointer)(unsafe.Pointer(&p))
	n := 0
	for n < 4096 && *(*byte)(unsafe.Add(ptr, n)) != 0 {
		n++
	}
	return string(unsafe.Slice((*byte)(ptr), n))
}
