package nccl

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/ebitengine/purego"
	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// fake is testdata/fakenccl.c built by gcc: nccl.h's prototypes, recording their arguments.
var fake struct {
	once sync.Once
	path string
	err  error
}

// fakeLib builds the fake NCCL once per test binary and returns its path; without gcc the
// test skips, saying so.
func fakeLib(t *testing.T) string {
	t.Helper()
	fake.once.Do(func() {
		cc, err := exec.LookPath("gcc")
		if err != nil {
			fake.err = err
			return
		}
		dir, err := os.MkdirTemp("", "fakenccl")
		if err != nil {
			fake.err = err
			return
		}
		fake.path = filepath.Join(dir, "libfakenccl.so")
		out, err := exec.Command(cc, "-shared", "-fPIC", "-O1", "-o", fake.path, filepath.Join("testdata", "fakenccl.c")).CombinedOutput()
		if err != nil {
			fake.err = errors.New(string(out))
		}
	})
	if fake.err != nil {
		t.Skipf("SKIP: no C compiler to build the stand-in NCCL with (%v)", fake.err)
	}
	return fake.path
}

// openFake opens the fake as the NCCL library.
func openFake(t *testing.T) *Lib {
	t.Helper()
	l, err := openFrom([]string{fakeLib(t)})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// cvar returns the address of the fake's global variable name.
func cvar[T any](t *testing.T, l *Lib, name string) *T {
	t.Helper()
	p, err := purego.Dlsym(l.handle, name)
	if err != nil {
		t.Fatal(err)
	}
	return (*T)(*(*unsafe.Pointer)(unsafe.Pointer(&p)))
}

func testID() UniqueID {
	var id UniqueID
	for i := range id {
		id[i] = byte(255 - i)
	}
	return id
}

// TestByValueMatchesTheCCompiler: an ncclUniqueId passed by value, packed as abi.go says for
// this machine, arrives whole at functions gcc compiled in the shapes of ncclCommInitRank and
// ncclCommInitRankConfig, and so do the arguments around it.
func TestByValueMatchesTheCCompiler(t *testing.T) {
	if runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64" {
		t.Skipf("SKIP: no by-value packing on %s", runtime.GOARCH)
	}
	l := openFake(t)
	id := testID()
	for _, c := range []struct {
		name   string
		params func(out *byte, cfg *int32) []param
		want   Result
		n      int
	}{
		{"take4", func(out *byte, cfg *int32) []param {
			return []param{{word: uintptr(unsafe.Pointer(out))}, {word: 3}, {block: id[:]}, {word: 2}}
		}, 42, 136},
		{"take5", func(out *byte, cfg *int32) []param {
			return []param{{word: uintptr(unsafe.Pointer(out))}, {word: 3}, {block: id[:]}, {word: 2}, {word: uintptr(unsafe.Pointer(cfg))}}
		}, 43, 140},
	} {
		fn, err := purego.Dlsym(l.handle, c.name)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]byte, 140)
		cfg := new(int32)
		*cfg = -77
		r, err := callByValue(fn, c.params(&out[0], cfg))
		if err != nil {
			t.Fatal(err)
		}
		want := append(append([]byte{}, id[:]...), 3, 0, 0, 0, 2, 0, 0, 0, 0xb3, 0xff, 0xff, 0xff)
		if r != c.want || !bytes.Equal(out[:c.n], want[:c.n]) {
			t.Errorf("%s returned %d, got\n%v\nwant\n%v", c.name, r, out[:c.n], want[:c.n])
		}
	}
}

// TestPackArgsForEachABI: the words SyscallN gets on x86-64 (6 registers, then the id's 16
// eightbytes on the stack) and on AArch64 (a pointer to a copy, in its place), on any machine.
func TestPackArgsForEachABI(t *testing.T) {
	id := testID()
	params := []param{{word: 0x1000}, {word: 4}, {block: id[:]}, {word: 1}, {word: 0x2000}}
	args, keep, err := packArgs("amd64", params)
	if err != nil || keep != nil {
		t.Fatal(err, keep)
	}
	want := []uintptr{0x1000, 4, 1, 0x2000, 0, 0}
	for i := 0; i < 16; i++ {
		var w uintptr
		for b := 7; b >= 0; b-- {
			w = w<<8 | uintptr(id[8*i+b])
		}
		want = append(want, w)
	}
	if len(args) != len(want) {
		t.Fatalf("amd64: %d words, want %d", len(args), len(want))
	}
	for i := range want {
		if args[i] != want[i] {
			t.Errorf("amd64 word %d: %#x, want %#x", i, args[i], want[i])
		}
	}
	args, keep, err = packArgs("arm64", params)
	if err != nil || len(args) != 5 || len(keep) != 1 {
		t.Fatalf("arm64: %v, %d words, %d copies", err, len(args), len(keep))
	}
	if args[0] != 0x1000 || args[1] != 4 || args[3] != 1 || args[4] != 0x2000 || args[2] != uintptr(unsafe.Pointer(&keep[0][0])) {
		t.Errorf("arm64 words %#x", args)
	}
	if !bytes.Equal(keep[0], id[:]) {
		t.Errorf("arm64 copy differs from the id")
	}
	if _, _, err := packArgs("riscv64", params); err == nil || !strings.Contains(err.Error(), "not implemented on riscv64") {
		t.Errorf("riscv64: %v", err)
	}
	many := []param{{word: 1}, {word: 2}, {word: 3}, {word: 4}, {word: 5}, {word: 6}, {word: 7}, {block: id[:]}, {word: 8}}
	if args, _, _ := packArgs("amd64", many); len(args) != 6+1+16+1 || args[6] != 7 || args[6+1+16] != 8 {
		t.Errorf("amd64 with words past the registers: %v", args)
	}
}

// TestInitRankPassesWhatNCCLExpects: both ways of making a communicator hand NCCL the rank,
// the number of ranks, the id and a non-blocking config of the 2.14 form; Settle polls
// until NCCL says it is done.
func TestInitRankPassesWhatNCCLExpects(t *testing.T) {
	l := openFake(t)
	if l.VersionString() != "2.28.3" || l.Path() != fakeLib(t) {
		t.Errorf("version %s from %s", l.VersionString(), l.Path())
	}
	id := testID()
	*cvar[int32](t, l, "pending_polls") = 150
	for _, c := range []struct {
		via     InitVia
		recVia  int32
		name    string
		wantNID int32
	}{{InitAuto, 1, "ncclCommInitRankScalable", 1}, {InitScalable, 1, "ncclCommInitRankScalable", 1}, {InitByValue, 2, "ncclCommInitRankConfig", 1}} {
		comm, err := l.InitRank(4, 3, id, c.via)
		if err != nil {
			t.Fatal(err)
		}
		if comm.Via != c.name || *cvar[int32](t, l, "rec_via") != c.recVia {
			t.Errorf("via %v: made by %s (%d)", c.via, comm.Via, *cvar[int32](t, l, "rec_via"))
		}
		if n, r, nid := *cvar[int32](t, l, "rec_nranks"), *cvar[int32](t, l, "rec_rank"), *cvar[int32](t, l, "rec_nid"); n != 4 || r != 3 || nid != c.wantNID {
			t.Errorf("%s got nranks %d rank %d nId %d", c.name, n, r, nid)
		}
		if got := *cvar[[128]byte](t, l, "rec_id"); got != id {
			t.Errorf("%s got another id", c.name)
		}
		if size, magic, version, blocking := *cvar[uint64](t, l, "rec_size"), *cvar[uint32](t, l, "rec_magic"),
			*cvar[uint32](t, l, "rec_version"), *cvar[int32](t, l, "rec_blocking"); size != 24 || magic != 0xcafebeef || version != 21400 || blocking != 0 {
			t.Errorf("%s got config size %d magic %#x version %d blocking %d", c.name, size, magic, version, blocking)
		}
		if err := comm.Settle("init", time.Now().Add(time.Minute), nil); err != nil {
			t.Fatal(err)
		}
		if dev, err := comm.CuDevice(); dev != 3 || err != nil {
			t.Errorf("CuDevice %d %v", dev, err)
		}
		if r, n, err := comm.Ranks(); r != 3 || n != 4 || err != nil {
			t.Errorf("Ranks %d %d %v", r, n, err)
		}
		if err := comm.Abort(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := l.InitRank(2, 2, id, InitAuto); err == nil {
		t.Error("rank 2 of 2 was accepted")
	}
}

// TestCollectivesPassTheirArgumentsInOrder: ncclAllReduce and ncclBroadcast get the
// buffers, count, type, reduction or root, communicator and stream where nccl.h puts them.
func TestCollectivesPassTheirArgumentsInOrder(t *testing.T) {
	l := openFake(t)
	*cvar[int32](t, l, "pending_polls") = 0
	comm, err := l.InitRank(2, 0, testID(), InitAuto)
	if err != nil {
		t.Fatal(err)
	}
	defer comm.Abort()
	handle := comm.handle
	if err := comm.AllReduce(0x1000, 0x2000, 77, Float32, Min, 0xabc); err != nil {
		t.Fatal(err)
	}
	check := func(what string, root int32) {
		if s, r, n, dt, st, c := *cvar[uintptr](t, l, "rec_send"), *cvar[uintptr](t, l, "rec_recv"), *cvar[uint64](t, l, "rec_count"),
			*cvar[int32](t, l, "rec_dtype"), *cvar[uintptr](t, l, "rec_stream"), *cvar[uintptr](t, l, "rec_comm"); s != 0x1000 || r != 0x2000 || n != 77 || dt != 7 || st != 0xabc || c != handle {
			t.Errorf("%s got send %#x recv %#x count %d dtype %d stream %#x comm %#x", what, s, r, n, dt, st, c)
		}
		if root >= 0 && *cvar[int32](t, l, "rec_root") != root {
			t.Errorf("%s got root %d", what, *cvar[int32](t, l, "rec_root"))
		}
	}
	check("ncclAllReduce", -1)
	if op := *cvar[int32](t, l, "rec_op"); op != 3 {
		t.Errorf("ncclAllReduce got op %d, want ncclMin (3)", op)
	}
	if err := comm.Broadcast(0x1000, 0x2000, 77, Float32, 1, 0xabc); err != nil {
		t.Fatal(err)
	}
	check("ncclBroadcast", 1)
}

// TestSettleReportsNCCLsCause: a communicator NCCL refuses (two ranks on one GPU) is an
// *Error with the result, NCCL's text and the warning it logged; a wait that is stopped
// gives up, wrapping ErrGaveUp.
func TestSettleReportsNCCLsCause(t *testing.T) {
	l := openFake(t)
	*cvar[int32](t, l, "fail_init") = 1
	*cvar[int32](t, l, "pending_polls") = 3
	defer func() { *cvar[int32](t, l, "fail_init") = 0 }()
	comm, err := l.InitRank(2, 1, testID(), InitAuto)
	if err != nil {
		t.Fatal(err)
	}
	err = comm.Settle("ncclCommInitRankScalable", time.Now().Add(time.Minute), nil)
	var ne *Error
	if !errors.As(err, &ne) || ne.Result != InvalidUsage {
		t.Fatalf("Settle: %v", err)
	}
	want := "ncclCommInitRankScalable: ncclInvalidUsage (invalid usage (run with NCCL_DEBUG=WARN for details)): Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 18000"
	if err.Error() != want {
		t.Errorf("error %q\nwant  %q", err, want)
	}
	before := *cvar[int32](t, l, "aborted")
	comm.Abort()
	if *cvar[int32](t, l, "aborted") != before+1 {
		t.Error("Abort did not reach ncclCommAbort")
	}

	*cvar[int32](t, l, "fail_init") = 0
	*cvar[int32](t, l, "pending_polls") = 1 << 30
	comm, err = l.InitRank(2, 1, testID(), InitAuto)
	if err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	close(stop)
	if err := comm.Settle("init", time.Time{}, stop); !errors.Is(err, ErrGaveUp) {
		t.Errorf("stopped Settle: %v", err)
	}
	if err := comm.Settle("init", time.Now().Add(-time.Second), nil); !errors.Is(err, ErrGaveUp) {
		t.Errorf("Settle past its deadline: %v", err)
	}
	comm.Abort()
	*cvar[int32](t, l, "pending_polls") = 0
	comm, _ = l.InitRank(2, 1, testID(), InitAuto)
	comm.Abort() // the fake's pending count back to 0 for the other tests
}

// TestOpenSaysWhatIsMissing: no library is an error naming what to set; a library without
// NCCL's functions (libc) is an error naming them and the version needed.
func TestOpenSaysWhatIsMissing(t *testing.T) {
	notLib := filepath.Join(t.TempDir(), "libnccl.so.2")
	os.WriteFile(notLib, []byte("not a library"), 0o644)
	_, err := openFrom([]string{notLib, "/nonexistent/libnccl.so.2"})
	if err == nil || !strings.Contains(err.Error(), "NCCL (libnccl.so.2) not available") || !strings.Contains(err.Error(), EnvLibrary) {
		t.Errorf("not a library: %v", err)
	}
	_, err = openFrom([]string{"libc.so.6"})
	if err == nil || !strings.Contains(err.Error(), "lacks ncclGetVersion, ncclGetUniqueId") || !strings.Contains(err.Error(), "NCCL 2.14 or later") {
		t.Errorf("libc: %v", err)
	}
}

func TestDataTypesAndReductionsAreNCCLs(t *testing.T) {
	// nccl.h: ncclInt8 0, ncclUint8 1, ncclInt32 2, ncclUint32 3, ncclInt64 4, ncclUint64 5,
	// ncclFloat16 6, ncclFloat32 7, ncclFloat64 8, ncclBfloat16 9.
	want := map[backend.DType]DataType{backend.Int8: 0, backend.Uint8: 1, backend.Int32: 2, backend.Uint32: 3, backend.Int64: 4,
		backend.Uint64: 5, backend.Float16: 6, backend.Float32: 7, backend.Float64: 8, backend.BFloat16: 9}
	for dt, w := range want {
		if got, err := DataTypeOf(dt); got != w || err != nil {
			t.Errorf("%v: %d %v, want %d", dt, got, err, w)
		}
	}
	for _, dt := range []backend.DType{backend.Int16, backend.Uint16} {
		if _, err := DataTypeOf(dt); err == nil || !strings.Contains(err.Error(), "no 16-bit integer type") {
			t.Errorf("%v: %v", dt, err)
		}
	}
	if Sum != 0 || Prod != 1 || Max != 2 || Min != 3 {
		t.Errorf("reductions %d %d %d %d, want nccl.h's 0 1 2 3 (sum prod max min)", Sum, Prod, Max, Min)
	}
}

func TestVersionAndResultNames(t *testing.T) {
	for code, want := range map[int]string{22803: "2.28.3", 21403: "2.14.3", 2704: "2.7.4", 23004: "2.30.4"} {
		if got := VersionString(code); got != want {
			t.Errorf("VersionString(%d) = %s, want %s", code, got, want)
		}
	}
	if InvalidUsage.String() != "ncclInvalidUsage" || Timeout.String() != "ncclTimeout" || Result(42).String() != "ncclResult_t(42)" {
		t.Errorf("names: %v %v %v", InvalidUsage, Timeout, Result(42))
	}
	if _, err := ParseUniqueID(make([]byte, 12)); !errors.Is(err, ErrNoID) {
		t.Errorf("ParseUniqueID of 12 bytes: %v", err)
	}
}
