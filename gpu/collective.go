package gpu

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/half"
	"github.com/peerbook/peerbook/internal/ranks"
)

// ReduceOp is how AllReduce combines the ranks' elements.
type ReduceOp int

// The reductions of AllReduce, NCCL's ncclSum, ncclProd, ncclMin and ncclMax.
const (
	ReduceSum ReduceOp = iota
	ReduceProd
	ReduceMin
	ReduceMax
)

// String names the reduction ("sum").
func (op ReduceOp) String() string {
	switch op {
	case ReduceSum:
		return "sum"
	case ReduceProd:
		return "prod"
	case ReduceMin:
		return "min"
	case ReduceMax:
		return "max"
	}
	return fmt.Sprintf("ReduceOp(%d)", int(op))
}

// collDesc is what a rank says of its call to a collective: the call, and its engine
// (engine.go: "" before the ranks chose one, "nccl" or "host-staged"), why that is the
// host-staged one, and why this rank's buffer can't go to NCCL (Skip).
type collDesc struct {
	Call      string `json:"call"` // "float32[256], sum"
	Problem   string `json:"problem,omitempty"`
	Engine    string `json:"engine,omitempty"`
	EngineWhy string `json:"engine_why,omitempty"`
	Skip      string `json:"skip,omitempty"`
}

// agree gathers every rank's call to the collective op and fails, on every rank alike,
// where they differ or one of them is wrong. A rank that calls another collective (or
// none: it died) makes the World's AllGather fail, naming both.
func agree(ctx context.Context, w ranks.World, op string, mine collDesc) ([]collDesc, error) {
	raw, _ := json.Marshal(mine)
	all, err := w.AllGather(ctx, "gpu."+op, raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	descs := make([]collDesc, len(all))
	for r, x := range all {
		if err := json.Unmarshal(x, &descs[r]); err != nil {
			return nil, fmt.Errorf("%s: rank %d sent %q: %w", op, r, x, err)
		}
	}
	for r, x := range descs {
		if x.Problem != "" {
			return nil, fmt.Errorf("%s: rank %d: %s", op, r, x.Problem)
		}
	}
	groups := map[string][]int{}
	for r, x := range descs {
		groups["called it with "+x.Call] = append(groups["called it with "+x.Call], r)
	}
	if len(groups) > 1 {
		return nil, fmt.Errorf("%s: the ranks' calls differ: %s; every rank must make the same call", op, differences(groups))
	}
	return descs, nil
}

// Barrier waits for the work queued on this rank's devices, then for every rank to reach
// the barrier: after it, what any rank's kernels wrote before it is visible to every rank.
// Outside a rank session it only waits for the devices.
func Barrier() error {
	if err := Synchronize(); err != nil {
		return fmt.Errorf("barrier: %w", err)
	}
	w := currentWorld()
	if w == nil {
		return nil
	}
	if _, err := w.AllGather(context.Background(), "gpu.Barrier", nil); err != nil {
		return fmt.Errorf("barrier: %w", err)
	}
	return nil
}

// AllReduce is a collective: every rank calls it with a buffer of the same dtype and length
// and the same op, and every rank's buffer ends up holding, element by element, the
// reduction of all of them, combined in rank order (so every rank gets the same bits).
// A call that differs between ranks fails on every rank, naming the difference.
func AllReduce(buf *Buffer, op ReduceOp) error {
	return collective("AllReduce", buf, fmt.Sprintf(", %v", op), func() string {
		if op < ReduceSum || op > ReduceMax {
			return fmt.Sprintf("unknown reduction %v (want gpu.ReduceSum, ReduceProd, ReduceMin or ReduceMax)", op)
		}
		return ""
	}, func(st *staging) error { return st.allReduce(buf, op) },
		func(c ncclComm) error { return c.allReduce(buf, op) })
}

// Broadcast is a collective: every rank calls it with a buffer of the same dtype and length
// and the same root, and every rank's buffer ends up holding the root's.
func Broadcast(buf *Buffer, root int) error {
	return collective("Broadcast", buf, fmt.Sprintf(", root %d", root), func() string {
		if root < 0 || root >= Ranks() {
			return fmt.Sprintf("root %d is not a rank (ranks are 0..%d)", root, Ranks()-1)
		}
		return ""
	}, func(st *staging) error { return st.broadcast(buf, root) },
		func(c ncclComm) error { return c.broadcast(buf, root) })
}

// collective checks the call, agrees on it and on its engine with the other ranks, and runs
// it: on NCCL where every rank's engine is NCCL and every rank's buffer can go there, else
// on the host-staged engine (saying why once, on GPUs).
func collective(op string, buf *Buffer, args string, check func() string, run func(*staging) error, onNCCL func(ncclComm) error) error {
	desc := collDesc{}
	if _, err := buf.live(op); err != nil {
		desc.Problem = err.Error()
	} else {
		desc.Call = fmt.Sprintf("%s[%d]%s", buf.dtype, buf.n, args)
		desc.Problem = check()
	}
	w := currentWorld()
	if w == nil {
		if desc.Problem != "" {
			return fmt.Errorf("%s: %s", op, desc.Problem)
		}
		return nil // one rank: its buffer already holds the result
	}
	ctx := context.Background()
	var m *machine
	if desc.Problem == "" {
		m = buf.a.m
		desc.Engine, desc.EngineWhy = engineState(w, m)
		desc.Skip = ncclSkip(buf)
	}
	descs, err := agree(ctx, w, op, desc)
	if err != nil {
		return err
	}
	if err := buf.a.dev.Synchronize(); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	e, err := settleEngine(ctx, w, m, descs)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	skip := map[string][]int{}
	for r, d := range descs {
		if d.Skip != "" {
			skip[d.Skip] = append(skip[d.Skip], r)
		}
	}
	if e.comm != nil && len(skip) == 0 {
		if err := onNCCL(e.comm); err != nil {
			// The ranks learn of it at the next call's agreement (engineState) and fall back.
			e.drop()
			e.why = "its NCCL communicator failed: " + err.Error()
			return fmt.Errorf("%s %s on NCCL: %w", op, desc.Call, err)
		}
		return nil
	}
	st, err := stagingFor(ctx, w, buf.Bytes())
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if !m.simulated() || ncclTakesSim { // simulated devices: the host-staged engine is theirs
		if e.comm != nil {
			why := reasons(skip)
			noticeOnce(why, fmt.Sprintf("peerbook: %s of %s goes through host shared memory (the host-staged engine), not NCCL: %s", op, desc.Call, why))
		} else {
			noticeOnce(e.why, fmt.Sprintf("peerbook: %s and the other collectives go through host shared memory (the host-staged engine: a copy to the host, a reduction there, a copy back), not NCCL: %s", op, e.why))
		}
	}
	if err := run(st); err != nil {
		return fmt.Errorf("%s %s: %w", op, desc.Call, err)
	}
	return nil
}

// staging is host shared memory of every rank, where the collectives meet: each rank writes
// its part to its own, and reads the others' after a barrier (the host-staged engine: on
// simulated devices, and on CUDA where NCCL can't serve).
type staging struct {
	w   ranks.World
	sym *Symmetric
}

// stagingFor returns staging of at least size bytes per rank (a collective: every rank asks
// for the same size, which the agreement before made sure of).
func stagingFor(ctx context.Context, w ranks.World, size int64) (*staging, error) {
	world.mu.Lock()
	st := world.staging
	world.mu.Unlock()
	if st != nil && st.w == w && int64(st.sym.Len()) >= size {
		return st, nil
	}
	n := int(max(size, 1<<16))
	if st != nil && st.w == w {
		n = max(n, 2*st.sym.Len())
	}
	m, err := current()
	if err != nil {
		return nil, err
	}
	sym, err := m.host.AllocSymmetric(Uint8, n)
	if err != nil {
		return nil, fmt.Errorf("staging memory: %w", err)
	}
	if st != nil {
		st.sym.Free()
	}
	st = &staging{w: w, sym: sym}
	world.mu.Lock()
	world.staging = st
	world.mu.Unlock()
	return st, nil
}

// part returns rank r's staging bytes.
func (st *staging) part(r int, n int64) ([]byte, error) {
	b := st.sym.Rank(r)
	mem, err := b.live("staging")
	if err != nil {
		return nil, err
	}
	h := mem.Host()
	if h == nil || int64(len(h)) < n {
		return nil, errors.New("staging memory is not host-addressable")
	}
	return h[:n], nil
}

func (st *staging) barrier(tag string) error {
	_, err := st.w.AllGather(context.Background(), tag, nil)
	return err
}

func (st *staging) allReduce(buf *Buffer, op ReduceOp) error {
	n := buf.Bytes()
	mine, err := st.part(st.w.Rank(), n)
	if err != nil {
		return err
	}
	if err := buf.Read(bytesAs(mine, buf.dtype)); err != nil {
		return err
	}
	if err := st.barrier("gpu.AllReduce (staged)"); err != nil {
		return err
	}
	acc := make([]byte, n)
	for r := 0; r < st.w.Size(); r++ {
		part, err := st.part(r, n)
		if err != nil {
			return err
		}
		if r == 0 {
			copy(acc, part)
			continue
		}
		reduceInto(acc, part, buf.dtype, op)
	}
	// Nobody rewrites its part until every rank has read them all.
	if err := st.barrier("gpu.AllReduce (read)"); err != nil {
		return err
	}
	return buf.Write(bytesAs(acc, buf.dtype))
}

func (st *staging) broadcast(buf *Buffer, root int) error {
	n := buf.Bytes()
	if st.w.Rank() == root {
		mine, err := st.part(root, n)
		if err != nil {
			return err
		}
		if err := buf.Read(bytesAs(mine, buf.dtype)); err != nil {
			return err
		}
	}
	if err := st.barrier("gpu.Broadcast (staged)"); err != nil {
		return err
	}
	if st.w.Rank() != root {
		part, err := st.part(root, n)
		if err != nil {
			return err
		}
		got := append([]byte(nil), part...)
		if err := buf.Write(bytesAs(got, buf.dtype)); err != nil {
			return err
		}
	}
	return st.barrier("gpu.Broadcast (read)")
}

// bytesAs views raw as a Go slice of dt's element type, for Buffer.Read and Write.
func bytesAs(raw []byte, dt DType) any {
	n := len(raw) / dt.Size()
	switch dt {
	case Int8:
		return viewAs[int8](raw, n)
	case Int16:
		return viewAs[int16](raw, n)
	case Int32:
		return viewAs[int32](raw, n)
	case Int64:
		return viewAs[int64](raw, n)
	case Uint8:
		return raw
	case Uint16:
		return viewAs[uint16](raw, n)
	case Uint32:
		return viewAs[uint32](raw, n)
	case Uint64:
		return viewAs[uint64](raw, n)
	case Float16:
		return viewAs[F16](raw, n)
	case BFloat16:
		return viewAs[BF16](raw, n)
	case Float32:
		return viewAs[float32](raw, n)
	case Float64:
		return viewAs[float64](raw, n)
	}
	return nil
}

// reduceInto combines src into acc, element by element, in dt's arithmetic (integers wrap
// around; float16 and bfloat16 round to their type after each step, as on a GPU).
func reduceInto(acc, src []byte, dt DType, op ReduceOp) {
	size := dt.Size()
	for off := 0; off+size <= len(acc); off += size {
		a, s := acc[off:off+size], src[off:off+size]
		switch {
		case dt.IsFloat():
			x, y := floatAt(a, dt), floatAt(s, dt)
			putFloat(a, dt, combineFloat(x, y, op))
		case dt.IsSigned():
			x, y := signedAt(a), signedAt(s)
			putUint(a, uint64(combineInt(x, y, op)))
		default:
			x, y := unsignedAt(a), unsignedAt(s)
			putUint(a, combineUint(x, y, op))
		}
	}
}

func combineFloat(x, y float64, op ReduceOp) float64 {
	switch op {
	case ReduceProd:
		return x * y
	case ReduceMin:
		return math.Min(x, y)
	case ReduceMax:
		return math.Max(x, y)
	}
	return x + y
}

func combineInt(x, y int64, op ReduceOp) int64 {
	switch op {
	case ReduceProd:
		return x * y
	case ReduceMin:
		return min(x, y)
	case ReduceMax:
		return max(x, y)
	}
	return x + y
}

func combineUint(x, y uint64, op ReduceOp) uint64 {
	switch op {
	case ReduceProd:
		return x * y
	case ReduceMin:
		return min(x, y)
	case ReduceMax:
		return max(x, y)
	}
	return x + y
}

func floatAt(b []byte, dt DType) float64 {
	switch dt {
	case Float16:
		return float64(half.F16ToF32(binary.LittleEndian.Uint16(b)))
	case BFloat16:
		return float64(half.BF16ToF32(binary.LittleEndian.Uint16(b)))
	case Float32:
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(b)))
	}
	return math.Float64frombits(binary.LittleEndian.Uint64(b))
}

// putFloat stores v rounded to dt (float32 sums round at each step, as float32 adds do).
func putFloat(b []byte, dt DType, v float64) {
	switch dt {
	case Float16:
		binary.LittleEndian.PutUint16(b, half.F32ToF16(float32(v)))
	case BFloat16:
		binary.LittleEndian.PutUint16(b, half.F32ToBF16(float32(v)))
	case Float32:
		binary.LittleEndian.PutUint32(b, math.Float32bits(float32(v)))
	default:
		binary.LittleEndian.PutUint64(b, math.Float64bits(v))
	}
}

// signedAt reads a little-endian signed integer of len(b) bytes.
func signedAt(b []byte) int64 {
	u := unsignedAt(b)
	shift := 64 - 8*uint(len(b))
	return int64(u<<shift) >> shift
}

func unsignedAt(b []byte) uint64 {
	var u uint64
	for i := len(b) - 1; i >= 0; i-- {
		u = u<<8 | uint64(b[i])
	}
	return u
}

// putUint stores the low len(b) bytes of u, little-endian (wrapping around).
func putUint(b []byte, u uint64) {
	for i := range b {
		b[i] = byte(u >> (8 * i))
	}
}

// viewAs views n elements of T at raw's start (raw is 8-byte aligned: a Go allocation or a
// mapping).
func viewAs[T any](raw []byte, n int) []T {
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&raw[0])), n)
}
