package nccl

import (
	"errors"
	"fmt"
	"time"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// DataType is an ncclDataType_t.
type DataType int32

// The data types of nccl.h that peerbook's dtypes map to. NCCL has no 16-bit integers.
const (
	Int8     DataType = 0
	Uint8    DataType = 1
	Int32    DataType = 2
	Uint32   DataType = 3
	Int64    DataType = 4
	Uint64   DataType = 5
	Float16  DataType = 6
	Float32  DataType = 7
	Float64  DataType = 8
	BFloat16 DataType = 9
)

// DataTypeOf returns the NCCL type of a buffer's dtype, or why NCCL can't carry it.
func DataTypeOf(dt backend.DType) (DataType, error) {
	switch dt {
	case backend.Int8:
		return Int8, nil
	case backend.Uint8:
		return Uint8, nil
	case backend.Int32:
		return Int32, nil
	case backend.Uint32:
		return Uint32, nil
	case backend.Int64:
		return Int64, nil
	case backend.Uint64:
		return Uint64, nil
	case backend.Float16:
		return Float16, nil
	case backend.Float32:
		return Float32, nil
	case backend.Float64:
		return Float64, nil
	case backend.BFloat16:
		return BFloat16, nil
	case backend.Int16, backend.Uint16:
		return 0, fmt.Errorf("NCCL has no 16-bit integer type (%s)", dt)
	}
	return 0, fmt.Errorf("NCCL has no type for %s", dt)
}

// RedOp is an ncclRedOp_t.
type RedOp int32

// The reductions of nccl.h (note the order: max before min).
const (
	Sum  RedOp = 0
	Prod RedOp = 1
	Max  RedOp = 2
	Min  RedOp = 3
)

// config is ncclConfig_t in its NCCL 2.14 form (ncclConfig_v21400). NCCL reads size bytes
// of it and gives the fields a later version added their defaults.
type config struct {
	size     uint64 // size_t
	magic    uint32
	version  uint32
	blocking int32
	_        int32
}

const (
	configMagic   = 0xcafebeef // NCCL_API_MAGIC
	configVersion = 21400      // NCCL_VERSION(2, 14, 0)
)

func nonBlocking() *config {
	c := &config{magic: configMagic, version: configVersion, blocking: 0}
	c.size = uint64(unsafe.Sizeof(*c))
	return c
}

// InitVia chooses the function InitRank makes a communicator with.
type InitVia int

// The ways to make a communicator: the best the library has, or one of them (tests).
const (
	InitAuto     InitVia = iota // ncclCommInitRankScalable where present, else ncclCommInitRankConfig
	InitScalable                // ncclCommInitRankScalable: the id by pointer (NCCL 2.23+)
	InitByValue                 // ncclCommInitRankConfig: the id by value (abi.go)
)

// Comm is a communicator: one rank's part of it.
type Comm struct {
	l      *Lib
	handle uintptr
	cfg    *config // kept on the heap: its address goes to C as a word (callByValue)
	Via    string  // the function that made it
}

// InitRank starts making rank's communicator of nranks with the unique id rank 0 made, on
// the CUDA device current on the calling thread (its context current there: the
// CUDA runtime in NCCL takes it). The communicator is non-blocking: InitRank returns at
// once and Settle waits for it. A call NCCL refuses at once is an *Error.
func (l *Lib) InitRank(nranks, rank int, id UniqueID, via InitVia) (*Comm, error) {
	if nranks < 1 || rank < 0 || rank >= nranks {
		return nil, fmt.Errorf("nccl: rank %d of %d", rank, nranks)
	}
	if via == InitAuto {
		via = InitByValue
		if l.commInitRankScalable != 0 {
			via = InitScalable
		}
	}
	c := &Comm{l: l, cfg: nonBlocking()}
	cfg := c.cfg
	var r Result
	switch via {
	case InitScalable:
		if l.commInitRankScalable == 0 {
			return nil, fmt.Errorf("nccl: %s lacks ncclCommInitRankScalable (NCCL %s; it came in 2.23)", l.path, l.VersionString())
		}
		c.Via = "ncclCommInitRankScalable"
		r = call(l.commInitRankScalable, uintptr(unsafe.Pointer(&c.handle)), uintptr(nranks), uintptr(rank), 1,
			uintptr(unsafe.Pointer(&id[0])), uintptr(unsafe.Pointer(cfg)))
	case InitByValue:
		c.Via = "ncclCommInitRankConfig"
		var err error
		r, err = callByValue(l.commInitRankConfig, []param{
			{word: uintptr(unsafe.Pointer(&c.handle))}, {word: uintptr(nranks)}, {block: id[:]},
			{word: uintptr(rank)}, {word: uintptr(unsafe.Pointer(cfg))}})
		if err != nil {
			return nil, fmt.Errorf("nccl: ncclCommInitRankConfig: %w", err)
		}
	default:
		return nil, fmt.Errorf("nccl: unknown init %d", via)
	}
	if r != Success && r != InProgress {
		err := l.err(c.Via, r)
		if c.handle != 0 {
			call(l.commAbort, c.handle)
		}
		return nil, err
	}
	if c.handle == 0 {
		return nil, fmt.Errorf("nccl: %s returned %s and no communicator", c.Via, r)
	}
	return c, nil
}

// ErrGaveUp is wrapped by Settle's error when the deadline passed or the wait was stopped.
var ErrGaveUp = errors.New("gave up waiting")

// Settle waits for the communicator's last call (its making, or a collective's enqueueing)
// to finish, polling ncclCommGetAsyncError; it gives up at deadline or when stop closes
// (an error wrapping ErrGaveUp: the caller should Abort). NCCL's own error is an *Error.
func (c *Comm) Settle(what string, deadline time.Time, stop <-chan struct{}) error {
	var sleep time.Duration
	for i := 0; ; i++ {
		var state Result
		if r := call(c.l.commGetAsyncError, c.handle, uintptr(unsafe.Pointer(&state))); r != Success {
			return c.l.err("ncclCommGetAsyncError", r)
		}
		switch state {
		case Success:
			return nil
		case InProgress:
		default:
			return c.l.err(what, state)
		}
		select {
		case <-stop:
			return fmt.Errorf("%s: %w: stopped", what, ErrGaveUp)
		default:
		}
		if !deadline.IsZero() && time.Now().After(deadline) {
			return fmt.Errorf("%s: %w: still in progress after the deadline", what, ErrGaveUp)
		}
		if i > 100 {
			sleep = min(sleep+50*time.Microsecond, 2*time.Millisecond)
			time.Sleep(sleep)
		}
	}
}

// CuDevice is the CUDA device ordinal the communicator works on (ncclCommCuDevice).
func (c *Comm) CuDevice() (int, error) {
	var d int32
	if r := call(c.l.commCuDevice, c.handle, uintptr(unsafe.Pointer(&d))); r != Success {
		return 0, c.l.err("ncclCommCuDevice", r)
	}
	return int(d), nil
}

// Ranks is the communicator's rank and number of ranks (ncclCommUserRank, ncclCommCount).
func (c *Comm) Ranks() (rank, count int, err error) {
	var r, n int32
	if res := call(c.l.commUserRank, c.handle, uintptr(unsafe.Pointer(&r))); res != Success {
		return 0, 0, c.l.err("ncclCommUserRank", res)
	}
	if res := call(c.l.commCount, c.handle, uintptr(unsafe.Pointer(&n))); res != Success {
		return 0, 0, c.l.err("ncclCommCount", res)
	}
	return int(r), int(n), nil
}

// AllReduce enqueues ncclAllReduce of count elements from send into recv (device pointers;
// equal for in place) on stream (a CUstream; the device's context current). Settle, then
// wait for the stream.
func (c *Comm) AllReduce(send, recv uintptr, count int, dt DataType, op RedOp, stream uintptr) error {
	r := call(c.l.allReduce, send, recv, uintptr(count), uintptr(dt), uintptr(op), c.handle, stream)
	if r != Success && r != InProgress {
		return c.l.err("ncclAllReduce", r)
	}
	return nil
}

// Broadcast enqueues ncclBroadcast of count elements from root's send into every rank's
// recv, as AllReduce does.
func (c *Comm) Broadcast(send, recv uintptr, count int, dt DataType, root int, stream uintptr) error {
	r := call(c.l.broadcast, send, recv, uintptr(count), uintptr(dt), uintptr(root), c.handle, stream)
	if r != Success && r != InProgress {
		return c.l.err("ncclBroadcast", r)
	}
	return nil
}

// Abort frees the communicator without waiting for its work (ncclCommAbort): after a
// failure, when giving up, and when it is no longer wanted. The Comm must not be used after.
func (c *Comm) Abort() error {
	if c == nil || c.handle == 0 {
		return nil
	}
	r := call(c.l.commAbort, c.handle)
	c.handle = 0
	if r != Success {
		return c.l.err("ncclCommAbort", r)
	}
	return nil
}
