package gpu

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// paramString shows a parameter as a Go kernel declares it: "x []float32",
// "flag gpu.Peer[uint32]", "n int64".
func paramString(p backend.Param) string {
	switch p.Kind {
	case backend.ParamBuffer:
		return fmt.Sprintf("%s []%s", p.Name, p.DType)
	case backend.ParamPeer:
		return fmt.Sprintf("%s gpu.Peer[%s]", p.Name, p.DType)
	}
	return fmt.Sprintf("%s %s", p.Name, p.DType)
}

// signatureString shows a signature: "saxpy(n int64, a float32, x []float32, y []float32)".
func signatureString(sig backend.Signature) string {
	parts := make([]string, len(sig.Params))
	for i, p := range sig.Params {
		parts[i] = paramString(p)
	}
	return sig.Name + "(" + strings.Join(parts, ", ") + ")"
}

// ArgumentError is a launch argument that does not fit its parameter. The text is the same
// on every backend: the check happens before any backend sees the launch.
type ArgumentError struct {
	Kernel  string
	Index   int // 1-based
	Param   Param
	Problem string
}

func (e *ArgumentError) Error() string {
	return fmt.Sprintf("launch %s: argument %d (%s): %s", e.Kernel, e.Index, paramString(e.Param.backend()), e.Problem)
}

// checkArgs checks every argument against sig for a launch on dev, and converts them. It
// returns the allocations the buffers belong to only when keep is set.
func checkArgs(sig backend.Signature, dev *Device, args []any, keep bool) ([]backend.Arg, []*allocation, error) {
	if len(args) != len(sig.Params) {
		return nil, nil, fmt.Errorf("launch %s: wants %d argument%s (%s), got %d",
			sig.Name, len(sig.Params), plural(len(sig.Params)), strings.TrimSuffix(strings.TrimPrefix(signatureString(sig), sig.Name+"("), ")"), len(args))
	}
	out := make([]backend.Arg, len(args))
	var kept []*allocation
	for i, p := range sig.Params {
		bad := func(format string, a ...any) error {
			return &ArgumentError{Kernel: sig.Name, Index: i + 1, Param: paramOf(p), Problem: fmt.Sprintf(format, a...)}
		}
		v := args[i]
		if p.Kind == backend.ParamScalar {
			bits, err := scalarBits(v, dtypeOf(p.DType))
			if err != nil {
				return nil, nil, bad("%s", err.Error())
			}
			out[i] = backend.Arg{Param: p, Scalar: bits}
			continue
		}
		b, ok := v.(*Buffer)
		if !ok || b == nil || b.a == nil {
			what := "a " + p.DType.String() + " buffer (*gpu.Buffer)"
			if p.Kind == backend.ParamPeer {
				what = "a shared " + p.DType.String() + " buffer (*gpu.Buffer)"
			}
			got := typeName(v)
			if ok {
				got = "a nil *gpu.Buffer"
			} else if isNilPointer(v) {
				got = "a nil " + got
			}
			return nil, nil, bad("want %s, got %s", what, got)
		}
		if b.a.m != dev.m {
			return nil, nil, bad("the buffer belongs to another device set (%s), which gpu.Use replaced", b.a.m.spec)
		}
		b.a.mu.Lock()
		mem, freed, reachable := b.a.mem, b.a.freed, dev.info.Index < len(b.a.peers) && b.a.peers[dev.info.Index]
		b.a.mu.Unlock()
		if freed {
			return nil, nil, bad("the buffer %s was freed", b.describe())
		}
		if b.dtype != dtypeOf(p.DType) {
			return nil, nil, bad("the buffer holds %s, the parameter takes %s", b.dtype, p.DType)
		}
		if p.Kind == backend.ParamPeer {
			if !b.a.isShared() {
				return nil, nil, bad("a Peer parameter takes a shared buffer, and %s is not shared: share it first (buf.ShareWithPeers()), or allocate it with AllocShared",
					b.describe())
			}
			if !reachable {
				return nil, nil, bad("%s is not shared with %s, where the kernel runs: share it with that device too (buf.ShareWith)",
					b.describe(), dev.label())
			}
		} else if !reachable {
			if b.a.dev.IsHost() {
				return nil, nil, bad("%s is not shared, and kernels reach host memory only when it is: share it (buf.ShareWithPeers()), or allocate it with gpu.Host().AllocShared",
					b.describe())
			}
			if b.a.isShared() {
				return nil, nil, bad("%s is not shared with %s, where the kernel runs: share it with that device too (buf.ShareWith)",
					b.describe(), dev.label())
			}
			return nil, nil, bad("%s is not shared, and the kernel runs on %s: copy it to that device, or share it (buf.ShareWithPeers())",
				b.describe(), dev.label())
		}
		out[i] = backend.Arg{Param: p, Memory: mem, Offset: b.off, Len: b.n}
		if keep {
			kept = append(kept, b.a)
		}
	}
	return out, kept, nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func isNilPointer(v any) bool {
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}

// toDim3 reads a grid or block size: an int, a gpu.Dim3 (zero components count as 1), or
// a []int of 1 to 3 sizes.
func toDim3(v any, what string) (Dim3, error) {
	wrong := func(detail string) (Dim3, error) {
		return Dim3{}, fmt.Errorf("%s: %s; want a positive int or gpu.Dim3{X: x, Y: y, Z: z}", what, detail)
	}
	var d Dim3
	switch x := v.(type) {
	case Dim3:
		d = x
	case *Dim3:
		if x == nil {
			return wrong("nil *gpu.Dim3")
		}
		d = *x
	case Index3:
		d = Dim3{X: x.X, Y: x.Y, Z: x.Z}
	case []int:
		if len(x) < 1 || len(x) > 3 {
			return wrong(fmt.Sprintf("%d sizes", len(x)))
		}
		d = Dim3{X: x[0], Y: 1, Z: 1}
		if len(x) > 1 {
			d.Y = x[1]
		}
		if len(x) > 2 {
			d.Z = x[2]
		}
		if d.X < 1 || d.Y < 1 || d.Z < 1 {
			return wrong(fmt.Sprintf("%v has a size below 1", x))
		}
		return d, nil
	default:
		n, ok := asNumber(v)
		if !ok || n.isFloat {
			return wrong("got " + typeName(v))
		}
		if n.isUnsigned {
			if n.u < 1 || n.u > 1<<31-1 {
				return wrong(fmt.Sprintf("%d is not a size", n.u))
			}
			return Dim3{X: int(n.u), Y: 1, Z: 1}, nil
		}
		if n.i < 1 {
			return wrong(fmt.Sprintf("%d is not a size", n.i))
		}
		return Dim3{X: int(n.i), Y: 1, Z: 1}, nil
	}
	if d.X < 0 || d.Y < 0 || d.Z < 0 {
		return wrong(fmt.Sprintf("(%d,%d,%d) has a negative size", d.X, d.Y, d.Z))
	}
	if d.X == 0 {
		d.X = 1
	}
	if d.Y == 0 {
		d.Y = 1
	}
	if d.Z == 0 {
		d.Z = 1
	}
	return d, nil
}

// checkConfig checks grid, block and dynamic shared memory against CUDA's limits and the
// device's.
func checkConfig(name string, dev *Device, grid, block Dim3, shared int) error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("launch %s: %s", name, fmt.Sprintf(format, a...))
	}
	if grid.X > 1<<31-1 || grid.Y > 65535 || grid.Z > 65535 {
		return bad("grid (%d,%d,%d) is too large: at most (2147483647,65535,65535)", grid.X, grid.Y, grid.Z)
	}
	maxThreads := dev.info.MaxThreadsPerBlock
	if maxThreads <= 0 {
		maxThreads = 1024
	}
	if block.X > 1024 || block.Y > 1024 || block.Z > 64 {
		return bad("block (%d,%d,%d) is too large: at most (1024,1024,64)", block.X, block.Y, block.Z)
	}
	if t := block.X * block.Y * block.Z; t > maxThreads {
		return bad("block (%d,%d,%d) has %d threads; %s runs at most %d per block",
			block.X, block.Y, block.Z, t, dev.label(), maxThreads)
	}
	if shared < 0 {
		return bad("%d bytes of dynamic shared memory", shared)
	}
	if limit := dev.info.MaxSharedPerBlock; limit > 0 && shared > limit {
		return bad("%d bytes of dynamic shared memory; %s allows at most %d per block", shared, dev.label(), limit)
	}
	return nil
}
