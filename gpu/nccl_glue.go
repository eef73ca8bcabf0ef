package gpu

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/nccl"
)

// NCCL on the CUDA backend (package gpu/internal/nccl): the engine of the collectives where
// every rank can use it (engine.go).

// EnvNCCLInit chooses the function that makes communicators: "scalable"
// (ncclCommInitRankScalable, the unique id by pointer) or "by-value"
// (ncclCommInitRankConfig, the id passed by value); unset, the first the library has.
const EnvNCCLInit = "PEERBOOK_NCCL_INIT"

// ncclInitTimeout bounds the making of a communicator: a rank that never joins (its process
// stopped before NCCL) makes the others give up and fall back instead of waiting forever.
var ncclInitTimeout = 60 * time.Second

var ncclLoaded struct {
	once sync.Once
	lib  *nccl.Lib
	err  error
}

// openNCCL loads libnccl once per process.
func openNCCL() (ncclLib, error) {
	ncclLoaded.once.Do(func() { ncclLoaded.lib, ncclLoaded.err = nccl.Open() })
	if ncclLoaded.err != nil {
		return nil, ncclLoaded.err
	}
	return realNCCL{ncclLoaded.lib}, nil
}

// nativeStreams reports whether NCCL can work on m's devices: their backend lends its
// contexts and streams (CUDA).
func nativeStreams(m *machine) bool {
	_, ok := m.b.(backend.NativeStreamer)
	return ok
}

// cellInterrupt is the running cell's interrupt channel (nil outside a cell).
func cellInterrupt() <-chan struct{} {
	state.mu.Lock()
	defer state.mu.Unlock()
	return state.interrupt
}

type realNCCL struct{ l *nccl.Lib }

func (r realNCCL) version() string { return r.l.VersionString() }

func (r realNCCL) uniqueID() ([]byte, error) {
	id, err := r.l.UniqueID()
	if err != nil {
		return nil, err
	}
	return id[:], nil
}

// initVia reads EnvNCCLInit.
func initVia() (nccl.InitVia, error) {
	switch v := strings.ToLower(os.Getenv(EnvNCCLInit)); v {
	case "":
		return nccl.InitAuto, nil
	case "scalable":
		return nccl.InitScalable, nil
	case "by-value":
		return nccl.InitByValue, nil
	default:
		return 0, fmt.Errorf("%s=%q: want scalable or by-value", EnvNCCLInit, v)
	}
}

// initRank makes this rank's communicator on dev, in dev's context (the CUDA runtime inside
// NCCL takes the device of the context current on the calling thread), and checks that NCCL
// took the rank's device.
func (r realNCCL) initRank(dev *Device, nranks, rank int, idBytes []byte) (ncclComm, error) {
	id, err := nccl.ParseUniqueID(idBytes)
	if err != nil {
		return nil, err
	}
	via, err := initVia()
	if err != nil {
		return nil, err
	}
	ns, ok := dev.m.b.(backend.NativeStreamer)
	if !ok {
		return nil, fmt.Errorf("the %s backend can't host NCCL", dev.m.b.Name())
	}
	var comm *nccl.Comm
	err = ns.OnStream(dev.info.Index, func(ordinal int, _ uintptr) error {
		c, err := r.l.InitRank(nranks, rank, id, via)
		if err != nil {
			return err
		}
		if err := c.Settle(c.Via, time.Now().Add(ncclInitTimeout), cellInterrupt()); err != nil {
			c.Abort()
			return err
		}
		if got, err := c.CuDevice(); err != nil || got != ordinal {
			c.Abort()
			if err != nil {
				return err
			}
			return fmt.Errorf("NCCL took CUDA device %d, not the rank's device %d", got, ordinal)
		}
		comm = c
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &realComm{c: comm, dev: dev, ns: ns}, nil
}

// realComm is a communicator on a rank's GPU.
type realComm struct {
	c   *nccl.Comm
	dev *Device
	ns  backend.NativeStreamer
}

// ncclOps are gpu's reductions as NCCL's.
var ncclOps = map[ReduceOp]nccl.RedOp{ReduceSum: nccl.Sum, ReduceProd: nccl.Prod, ReduceMin: nccl.Min, ReduceMax: nccl.Max}

// on runs enqueue (given the buffer's device address, its NCCL type and the stream) on the
// device's stream, waits for NCCL to take it (Settle) and for the stream.
func (c *realComm) on(what string, buf *Buffer, enqueue func(ptr uintptr, dt nccl.DataType, stream uintptr) error) error {
	mem, err := buf.live(what)
	if err != nil {
		return err
	}
	dt, err := nccl.DataTypeOf(buf.dtype.backend())
	if err != nil {
		return err
	}
	ptr, err := mem.Pointer(c.dev.info.Index)
	if err != nil {
		return err
	}
	ptr += uintptr(buf.off)
	return c.ns.OnStream(c.dev.info.Index, func(_ int, stream uintptr) error {
		if err := enqueue(ptr, dt, stream); err != nil {
			return err
		}
		return c.c.Settle(what, time.Time{}, cellInterrupt())
	})
}

func (c *realComm) allReduce(buf *Buffer, op ReduceOp) error {
	rop, ok := ncclOps[op]
	if !ok {
		return fmt.Errorf("no NCCL reduction for %v", op)
	}
	return c.on("ncclAllReduce", buf, func(ptr uintptr, dt nccl.DataType, stream uintptr) error {
		return c.c.AllReduce(ptr, ptr, buf.n, dt, rop, stream)
	})
}

func (c *realComm) broadcast(buf *Buffer, root int) error {
	return c.on("ncclBroadcast", buf, func(ptr uintptr, dt nccl.DataType, stream uintptr) error {
		return c.c.Broadcast(ptr, ptr, buf.n, dt, root, stream)
	})
}

func (c *realComm) abort() {
	if err := c.c.Abort(); err != nil && !errors.Is(err, nccl.ErrGaveUp) {
		noticeOnce("abort: "+err.Error(), "peerbook: freeing the NCCL communicator: "+err.Error())
	}
}
