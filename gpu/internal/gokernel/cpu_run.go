package gokernel

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// Limits of a simulated launch (those of CUDA devices).
const (
	maxThreadsPerBlock = 1024
	maxDynamicShared   = 227 << 10
	maxCallDepth       = 200
)

// stopSignal unwinds a thread when its launch stops (interrupt, or another block failed).
type stopSignal struct{}

// thread is the state of one simulated thread.
type thread struct {
	idx    [4][3]int64 // ThreadIdx, BlockIdx, BlockDim, GridDim
	l      *launch
	blk    *block
	frames []*frame // call stack; frames[0] is the kernel's
	depth  int
	sb     storeBuffer
}

func newThread(l *launch, blk *block, fn *cpuFunc) *thread {
	th := &thread{l: l, blk: blk}
	th.idx[2] = l.blockDim
	th.idx[3] = l.gridDim
	fr := &frame{v: make([]uint64, fn.nv), s: make([]view, fn.ns), th: th}
	th.frames = []*frame{fr}
	return th
}

// enter returns the frame for a call of sf one level deeper.
func (th *thread) enter(sf *cpuFunc, pos string) *frame {
	th.depth++
	if th.depth >= maxCallDepth {
		panicAt(pos, fmt.Sprintf("device function calls nested more than %d deep", maxCallDepth))
	}
	for len(th.frames) <= th.depth {
		th.frames = append(th.frames, &frame{th: th})
	}
	fr := th.frames[th.depth]
	if len(fr.v) < sf.nv {
		fr.v = make([]uint64, sf.nv)
	}
	if len(fr.s) < sf.ns {
		fr.s = make([]view, sf.ns)
	}
	return fr
}

// block is a worker's block state: shared memory.
type block struct {
	shared []view
	mem    [][]uint64
}

// launch is one run of a kernel.
type launch struct {
	k                 *Kernel
	gridDim, blockDim [3]int64
	nblocks           int64
	threads           int // per block
	dynShared         int // bytes
	initV             []uint64
	initS             []view
	stop              atomic.Int32 // 1 interrupted, 2 failed
	delays            atomic.Int32 // unfenced drains that may still be delayed
	next              atomic.Int64 // next block to run

	errOnce sync.Once
	err     error
}

func (l *launch) fail(err error) {
	l.errOnce.Do(func() { l.err = err })
	l.stop.CompareAndSwap(0, 2)
}

// Run executes the kernel on the CPU: blocks in parallel on GOMAXPROCS workers, the threads
// of a block one after another (switching at barriers). Buffers are read and written through
// Arg.Memory.Host(). It returns an error wrapping ErrInterrupted soon after done is closed,
// and a *PanicError when a thread fails.
func (k *Kernel) Run(cfg backend.LaunchConfig, args []backend.Arg, done <-chan struct{}) error {
	l, err := k.newLaunch(cfg, args)
	if err != nil {
		return err
	}
	if l.nblocks == 0 {
		return nil
	}
	workers := int64(runtime.GOMAXPROCS(0))
	if workers > l.nblocks {
		workers = l.nblocks
	}
	finished := make(chan struct{})
	if done != nil {
		go func() {
			select {
			case <-done:
				l.stop.CompareAndSwap(0, 1)
			case <-finished:
			}
		}()
	}
	if workers == 1 {
		// One worker runs in the caller's goroutine: no start and wake-up to wait for, so
		// the kernel ends when its last thread does (what a timeline of it shows).
		l.work()
	} else {
		var wg sync.WaitGroup
		for w := int64(0); w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				l.work()
			}()
		}
		wg.Wait()
	}
	close(finished)
	if l.err != nil {
		return l.err
	}
	if l.stop.Load() == 1 {
		return fmt.Errorf("kernel %s: %w", k.name, ErrInterrupted)
	}
	return nil
}

func (k *Kernel) newLaunch(cfg backend.LaunchConfig, args []backend.Arg) (*launch, error) {
	sk := k.cpu
	dims := func(what string, d backend.Dim3) ([3]int64, error) {
		if d.X < 1 || d.Y < 1 || d.Z < 1 {
			return [3]int64{}, fmt.Errorf("kernel %s: %s size (%d,%d,%d) must be at least 1 in every dimension",
				k.name, what, d.X, d.Y, d.Z)
		}
		return [3]int64{int64(d.X), int64(d.Y), int64(d.Z)}, nil
	}
	grid, err := dims("grid", cfg.Grid)
	if err != nil {
		return nil, err
	}
	blk, err := dims("block", cfg.Block)
	if err != nil {
		return nil, err
	}
	threads := blk[0] * blk[1] * blk[2]
	if threads > maxThreadsPerBlock {
		return nil, fmt.Errorf("kernel %s: %d threads per block; the limit is %d", k.name, threads, maxThreadsPerBlock)
	}
	if cfg.SharedBytes < 0 || cfg.SharedBytes > maxDynamicShared {
		return nil, fmt.Errorf("kernel %s: %d bytes of dynamic shared memory; the limit is %d", k.name, cfg.SharedBytes, maxDynamicShared)
	}
	if len(args) != len(sk.params) {
		return nil, fmt.Errorf("kernel %s takes %d arguments, got %d", k.name, len(sk.params), len(args))
	}
	l := &launch{k: k, gridDim: grid, blockDim: blk, threads: int(threads), dynShared: cfg.SharedBytes,
		nblocks: grid[0] * grid[1] * grid[2]}
	l.delays.Store(unfencedDelays)
	l.initV = make([]uint64, sk.fn.nv)
	l.initS = make([]view, sk.fn.ns)
	for i, kp := range sk.params {
		a, prm := args[i], k.sig.Params[i]
		if a.Param.Kind != prm.Kind || a.Param.DType != prm.DType {
			return nil, fmt.Errorf("kernel %s: argument %d (%s) is a %s, the parameter a %s",
				k.name, i, prm.Name, describeParam(a.Param), describeParam(prm))
		}
		if !kp.buffer {
			l.initV[kp.slot] = scalarBits(a.Scalar, kp.dtype)
			continue
		}
		v, err := bufferView(a, kp.dtype)
		if err != nil {
			return nil, fmt.Errorf("kernel %s: argument %d (%s): %w", k.name, i, prm.Name, err)
		}
		l.initS[kp.slot] = v
	}
	return l, nil
}

func describeParam(p backend.Param) string {
	switch p.Kind {
	case backend.ParamBuffer:
		return "[]" + p.DType.String() + " buffer"
	case backend.ParamPeer:
		return "Peer[" + p.DType.String() + "] buffer"
	}
	return p.DType.String() + " scalar"
}

// scalarBits converts a scalar argument's little-endian bits to the kernel's slot form.
func scalarBits(b uint64, d backend.DType) uint64 {
	switch d {
	case backend.Int8:
		return uint64(int64(int8(b)))
	case backend.Int16:
		return uint64(int64(int16(b)))
	case backend.Int32:
		return uint64(int64(int32(b)))
	case backend.Uint8:
		return b & 0xff
	case backend.Uint16, backend.Float16, backend.BFloat16:
		return b & 0xffff
	case backend.Uint32, backend.Float32:
		return b & 0xffffffff
	}
	return b
}

func bufferView(a backend.Arg, d backend.DType) (view, error) {
	if a.Memory == nil {
		return view{}, errors.New("no buffer memory")
	}
	host := a.Memory.Host()
	size := int64(d.Size())
	if a.Len < 0 || a.Offset < 0 || a.Offset+int64(a.Len)*size > int64(len(host)) {
		return view{}, fmt.Errorf("%d elements at byte offset %d don't fit in %d bytes of memory",
			a.Len, a.Offset, len(host))
	}
	if a.Len == 0 {
		return view{}, nil
	}
	p := unsafe.Pointer(&host[a.Offset])
	if uintptr(p)%uintptr(size) != 0 {
		return view{}, fmt.Errorf("buffer address is not aligned to its %d-byte elements", size)
	}
	return view{p: p, n: a.Len}, nil
}

// work runs blocks until none is left or the launch stops.
func (l *launch) work() {
	sk := l.k.cpu
	blk := &block{}
	for _, s := range sk.shared {
		n := s.elems
		if n < 0 {
			n = l.dynShared / s.elemSize
		}
		mem := make([]uint64, (n*s.elemSize+7)/8)
		blk.mem = append(blk.mem, mem)
		var p unsafe.Pointer
		if len(mem) > 0 {
			p = unsafe.Pointer(&mem[0])
		}
		blk.shared = append(blk.shared, view{p: p, n: n})
	}
	var threads []*thread
	if sk.barrier {
		threads = make([]*thread, l.threads)
		for i := range threads {
			threads[i] = newThread(l, blk, sk.fn)
		}
	} else {
		threads = []*thread{newThread(l, blk, sk.fn)}
	}
	pcs := make([]int, len(threads))
	for l.stop.Load() == 0 {
		b := l.next.Add(1) - 1
		if b >= l.nblocks {
			return
		}
		bid := [3]int64{b % l.gridDim[0], b / l.gridDim[0] % l.gridDim[1], b / (l.gridDim[0] * l.gridDim[1])}
		for _, m := range blk.mem {
			clear(m)
		}
		if !l.runBlock(bid, threads, pcs) {
			return
		}
		// Let other work run between blocks, as a GPU runs a copy or another stream's
		// kernel beside this one: with every P busy with this kernel's workers, a copy on
		// another stream would otherwise wait for a preemption (10 ms) or the kernel's end.
		runtime.Gosched()
	}
}

// runBlock runs the threads of one block; it reports false when the launch failed.
func (l *launch) runBlock(bid [3]int64, threads []*thread, pcs []int) (ok bool) {
	sk := l.k.cpu
	code := sk.fn.code
	var cur *thread
	defer func() {
		if r := recover(); r != nil {
			ok = false
			l.recovered(r, cur)
		}
	}()
	bx, by := l.blockDim[0], l.blockDim[1]
	if !sk.barrier {
		th := threads[0]
		fr := th.frames[0]
		th.idx[1] = bid
		cur = th
		for t := 0; t < l.threads; t++ {
			th.idx[0] = [3]int64{int64(t) % bx, int64(t) / bx % by, int64(t) / (bx * by)}
			th.depth = 0
			copy(fr.v, l.initV)
			copy(fr.s, l.initS)
			for pc := 0; pc < len(code); {
				pc = code[pc](fr)
			}
			if len(th.sb.e) > 0 {
				th.drainUnfenced()
			}
		}
		return true
	}
	for t, th := range threads {
		th.idx[0] = [3]int64{int64(t) % bx, int64(t) / bx % by, int64(t) / (bx * by)}
		th.idx[1] = bid
		th.depth = 0
		fr := th.frames[0]
		copy(fr.v, l.initV)
		copy(fr.s, l.initS)
		pcs[t] = 0
	}
	for live := len(threads); live > 0; {
		for t, th := range threads {
			pc := pcs[t]
			if pc < 0 {
				continue
			}
			cur = th
			fr := th.frames[0]
			for pc >= 0 && pc < len(code) {
				pc = code[pc](fr)
			}
			if pc < 0 {
				pcs[t] = ^pc // at a barrier
				continue
			}
			pcs[t] = -1
			live--
			if len(th.sb.e) > 0 {
				th.drainUnfenced()
			}
		}
		if l.stop.Load() != 0 {
			panic(stopSignal{})
		}
	}
	return true
}

func (l *launch) recovered(r any, th *thread) {
	if _, ok := r.(stopSignal); ok {
		return
	}
	pe := &PanicError{Kernel: l.k.name}
	if th != nil {
		for i := 0; i < 3; i++ {
			pe.Block[i] = int(th.idx[1][i])
			pe.Thread[i] = int(th.idx[0][i])
		}
	}
	switch r := r.(type) {
	case *kernelPanic:
		pe.Pos, pe.Msg = r.pos, r.msg
	case error:
		pe.Pos, pe.Msg = l.k.Pos(), "internal error: "+r.Error()
	default:
		pe.Pos, pe.Msg = l.k.Pos(), fmt.Sprint("internal error: ", r)
	}
	l.fail(pe)
}
