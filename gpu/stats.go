package gpu

import (
	"fmt"
	"runtime"
	"sync"
	"unsafe"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// Stats summarizes a buffer's values: Count, NaN and Inf elements, and Min, Max, Mean and Std
// (population standard deviation) over the finite ones (NaN where there are none).
type Stats struct {
	Count    int64 // elements
	Min, Max float64
	Mean     float64
	Std      float64
	NaN      int64 // elements that are NaN
	Inf      int64 // elements that are +Inf or -Inf
}

// Finite returns the number of elements that are neither NaN nor infinite.
func (s Stats) Finite() int64 { return s.Count - s.NaN - s.Inf }

// Merge returns the statistics of the union of two disjoint parts summarised by s and o
// (statistics of several buffers, or of a buffer's slices, combined).
func (s Stats) Merge(o Stats) Stats { return statsOf(s.display().Merge(o.display())) }

// reduceChunk is how many elements a reduction converts at a time.
const reduceChunk = 1 << 16

// chunkBytes bounds what is read at a time from memory the host can't address.
const chunkBytes = 16 << 20

// Stats computes the buffer's statistics where it lives: in place for host-addressable
// memory (every simulated buffer, host buffers), with a kernel on CUDA devices for large
// buffers, in bounded chunks otherwise.
func (b *Buffer) Stats() (Stats, error) {
	if s, handled, err := b.statsOnDevice(); handled { // cuda_glue.go
		return statsOf(s), err
	}
	r, err := b.reduce([]int{b.n})
	if err != nil {
		return Stats{}, err
	}
	return statsOf(r.Stats()), nil
}

// reduce runs the buffer's elements, as float64s, through a display.Reduction of shape.
func (b *Buffer) reduce(shape []int) (*display.Reduction, error) {
	mem, err := b.live("stats")
	if err != nil {
		return nil, err
	}
	r, err := display.NewReduction(shape)
	if err != nil {
		return nil, fmt.Errorf("stats of %s: %w", b.describe(), err)
	}
	vals := make([]float64, min(b.n, reduceChunk))
	visit := func(raw []byte, first int) error {
		count := len(raw) / b.dtype.Size()
		for start := 0; start < count; start += reduceChunk {
			k := min(reduceChunk, count-start)
			convert(vals[:k], raw[start*b.dtype.Size():], b.dtype)
			if err := r.Add(int64(first+start), vals[:k]); err != nil {
				return err
			}
		}
		return nil
	}
	if host := mem.Host(); host != nil {
		raw := host[b.off : b.off+b.Bytes()]
		if parts := min(runtime.GOMAXPROCS(0), b.n/parallelReduceMin); parts > 1 {
			err = b.reduceParallel(r, raw, shape, parts)
		} else {
			err = visit(raw, 0)
		}
	} else {
		err = b.forEachChunk(mem, visit)
	}
	if err != nil {
		return nil, fmt.Errorf("stats of %s: %w", b.describe(), err)
	}
	return r, nil
}

// parallelReduceMin is the fewest elements per goroutine worth reducing in parallel.
const parallelReduceMin = 1 << 20

// reduceParallel reduces host-addressable raw in parts ranges at once, each into a
// Reduction of its own, and merges them into r.
func (b *Buffer) reduceParallel(r *display.Reduction, raw []byte, shape []int, parts int) error {
	size := b.dtype.Size()
	per := (b.n + parts - 1) / parts
	results := make([]*display.Reduction, parts)
	errs := make([]error, parts)
	var wg sync.WaitGroup
	for p := range parts {
		first, last := p*per, min(b.n, (p+1)*per)
		if first >= last {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			part, err := display.NewReduction(shape)
			if err != nil {
				errs[p] = err
				return
			}
			vals := make([]float64, min(last-first, reduceChunk))
			for start := first; start < last; start += reduceChunk {
				k := min(reduceChunk, last-start)
				convert(vals[:k], raw[start*size:], b.dtype)
				if err := part.Add(int64(start), vals[:k]); err != nil {
					errs[p] = err
					return
				}
			}
			results[p] = part
		}()
	}
	wg.Wait()
	for p, part := range results {
		if errs[p] != nil {
			return errs[p]
		}
		if part != nil {
			if err := r.Merge(part); err != nil {
				return err
			}
		}
	}
	return nil
}

// convert sets dst[i] to element i of raw (elements of dt), as float64: one loop per
// common dtype (no per-element switch), valueAt for the others.
func convert(dst []float64, raw []byte, dt DType) {
	if len(dst) == 0 {
		return
	}
	p := unsafe.Pointer(unsafe.SliceData(raw))
	switch dt {
	case Float32:
		for i, v := range unsafe.Slice((*float32)(p), len(dst)) {
			dst[i] = float64(v)
		}
	case Float64:
		copy(dst, unsafe.Slice((*float64)(p), len(dst)))
	case Int32:
		for i, v := range unsafe.Slice((*int32)(p), len(dst)) {
			dst[i] = float64(v)
		}
	default:
		for i := range dst {
			dst[i] = valueAt(raw, dt, i)
		}
	}
}

// forEachChunk reads the buffer in bounded chunks (memory the host can't address).
func (b *Buffer) forEachChunk(mem backend.Memory, visit func(raw []byte, first int) error) error {
	size := b.dtype.Size()
	per := max(1, chunkBytes/size)
	buf := make([]byte, min(b.n, per)*size)
	for first := 0; first < b.n; first += per {
		count := min(per, b.n-first)
		raw := buf[:count*size]
		if err := b.a.m.b.Read(mem, b.off+int64(first)*int64(size), raw); err != nil {
			return err
		}
		if err := visit(raw, first); err != nil {
			return err
		}
	}
	return nil
}
