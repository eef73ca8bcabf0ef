package gpu

import (
	"errors"
	"math"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

func TestAllocWriteReadEveryDType(t *testing.T) {
	use(t, "sim:nvlink2")
	d := Dev(1)
	cases := []struct {
		dt   DType
		data any
		read func(b *Buffer) (any, error)
	}{
		{Int8, []int8{-128, 0, 127}, func(b *Buffer) (any, error) { return b.Int8s() }},
		{Int16, []int16{-32768, 1, 32767}, func(b *Buffer) (any, error) { return b.Int16s() }},
		{Int32, []int32{math.MinInt32, 2, math.MaxInt32}, func(b *Buffer) (any, error) { return b.Int32s() }},
		{Int64, []int64{math.MinInt64, 3, math.MaxInt64}, func(b *Buffer) (any, error) { return b.Int64s() }},
		{Int64, []int{-4, 5, 6}, func(b *Buffer) (any, error) { return b.Ints() }},
		{Uint8, []uint8{0, 7, 255}, func(b *Buffer) (any, error) { return b.Uint8s() }},
		{Uint16, []uint16{0, 8, 65535}, func(b *Buffer) (any, error) { return b.Uint16s() }},
		{Uint32, []uint32{0, 9, math.MaxUint32}, func(b *Buffer) (any, error) { return b.Uint32s() }},
		{Uint64, []uint64{0, 10, math.MaxUint64}, func(b *Buffer) (any, error) { return b.Uint64s() }},
		{Float16, []F16{ToF16(1.5), ToF16(-2), ToF16(65504)}, func(b *Buffer) (any, error) { return b.F16s() }},
		{BFloat16, []BF16{ToBF16(1.5), ToBF16(-2), ToBF16(3e38)}, func(b *Buffer) (any, error) { return b.BF16s() }},
		{Float32, []float32{1.5, float32(math.Inf(-1)), 3.25}, func(b *Buffer) (any, error) { return b.Float32s() }},
		{Float64, []float64{1.5, -2, math.Pi}, func(b *Buffer) (any, error) { return b.Float64s() }},
	}
	for _, c := range cases {
		b := must(d.Alloc(c.dt, 3))
		if b.Len() != 3 || b.DType() != c.dt || b.Bytes() != int64(3*c.dt.Size()) || b.Device() != d {
			t.Errorf("%s: buffer %v", c.dt, b)
		}
		zero := reflect.MakeSlice(reflect.TypeOf(c.data), 3, 3).Interface()
		if got := must(c.read(b)); !reflect.DeepEqual(got, zero) {
			t.Errorf("%s: fresh buffer holds %v", c.dt, got)
		}
		if err := b.Write(c.data); err != nil {
			t.Fatalf("%s: %v", c.dt, err)
		}
		if got := must(c.read(b)); !reflect.DeepEqual(got, c.data) {
			t.Errorf("%s: read %v, wrote %v", c.dt, got, c.data)
		}
		dst := reflect.MakeSlice(reflect.TypeOf(c.data), 2, 2)
		if err := b.ReadAt(1, dst.Interface()); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(dst.Index(1).Interface(), reflect.ValueOf(c.data).Index(2).Interface()) {
			t.Errorf("%s: ReadAt(1) = %v", c.dt, dst)
		}
		vals := must(b.Values())
		for i := range vals {
			want, _ := asNumber(reflect.ValueOf(c.data).Index(i).Interface())
			f := want.f
			if !want.isFloat {
				f = float64(want.i)
				if want.isUnsigned {
					f = float64(want.u)
				}
			}
			if vals[i] != f {
				t.Errorf("%s: Values()[%d] = %v, want %v", c.dt, i, vals[i], f)
			}
		}
		if v := must(b.At(2)); v != vals[2] {
			t.Errorf("%s: At(2) = %v", c.dt, v)
		}
		round := must(Host().AllocFrom(c.data))
		if round.DType() != c.dt || round.Len() != 3 {
			t.Errorf("%s: AllocFrom made %v", c.dt, round)
		}
	}
}

func TestDTypeMismatchAndBounds(t *testing.T) {
	use(t, "sim:nvlink2")
	b := must(Dev(0).Alloc(Float32, 4))
	wantErr(t, b.Write([]float64{1, 2}), "write: the buffer holds float32, got []float64 (want []float32)")
	wantErr(t, b.Read(make([]int32, 4)), "read: the buffer holds float32, got []int32 (want []float32)")
	wantErr(t, b.Write(3.5), "write: want a Go slice ([]float32 for this float32 buffer), got float64")
	wantErr(t, b.Write(make([]float32, 5)), "write: 5 elements at 0 don't fit in float32[4] on device 0 (sim-H200-0)")
	wantErr(t, b.WriteAt(3, make([]float32, 2)), "write: 2 elements at 3 don't fit in float32[4] on device 0 (sim-H200-0)")
	wantErr(t, b.WriteAt(-1, make([]float32, 1)), "write: 1 elements at -1 don't fit in float32[4] on device 0 (sim-H200-0)")
	_, err := b.Int32s()
	wantErr(t, err, "read []int32: the buffer holds float32, not int32 (use the Float32s accessor, or Values for float64s of any dtype)")
	h := must(Dev(0).Alloc(Float16, 2))
	wantErr(t, h.Write([]uint16{1, 2}), "write: the buffer holds float16, got []uint16 (want []gpu.F16)")
	_, err = b.At(4)
	wantErr(t, err, "at 4: index out of range [0, 4) of float32[4] on device 0 (sim-H200-0)")
	_, err = Dev(0).Alloc(Float32, 0)
	wantErr(t, err, "alloc: length 0; a buffer holds at least one element")
	_, err = Dev(0).Alloc(Invalid, 4)
	wantErr(t, err, "alloc: invalid dtype invalid (use gpu.Float32, gpu.Int32, ...)")
	_, err = Dev(0).AllocFrom([]string{"a"})
	wantErr(t, err, "alloc from: want a slice of a buffer element type ([]float32, []int32, ...), got []string")
	_, err = Dev(0).AllocFrom([]float32{})
	wantErr(t, err, "alloc from: the slice is empty; a buffer holds at least one element")
}

func TestOutOfMemoryAndSessionGoesOn(t *testing.T) {
	use(t, "sim:2")
	d := Dev(0)
	keep := must(d.Alloc(Uint8, 100<<20))
	_, err := d.Alloc(Float32, 300_000_000)
	var oom *OutOfMemoryError
	if !errors.As(err, &oom) || !errors.Is(err, backend.ErrOutOfMemory) {
		t.Fatalf("err %v", err)
	}
	wantErr(t, err, "alloc float32[300000000]: out of memory on device 0 (sim-GPU-0): asked 1.1 GiB (1200000000 bytes), 924 MiB (968884224 bytes) free of 1 GiB")
	if oom.Free != 1<<30-100<<20 || oom.Total != 1<<30 || oom.Asked != 1_200_000_000 {
		t.Errorf("%+v", oom)
	}
	_, err = d.Alloc(Float64, 1<<60)
	wantErr(t, err, "alloc: 1152921504606846976 elements of float64 is more than any device holds")
	small := must(d.Alloc(Float32, 1024))
	if err := small.Fill(1); err != nil {
		t.Errorf("alloc after OOM: %v", err)
	}
	keep.Free()
}

func TestFreeThenUse(t *testing.T) {
	use(t, "sim:nvlink2")
	d := Dev(0)
	before := must(d.FreeMemory())
	b := must(d.Alloc(Int32, 1000))
	view := must(b.Slice(10, 20))
	if got := must(d.FreeMemory()); before-got != 4000 {
		t.Errorf("alloc took %d bytes", before-got)
	}
	if err := b.Free(); err != nil {
		t.Fatal(err)
	}
	if got := must(d.FreeMemory()); got != before {
		t.Errorf("free gave back %d of 4000 bytes", got-(before-4000))
	}
	if !b.Freed() || !view.Freed() || !strings.HasSuffix(b.String(), ", freed") {
		t.Errorf("freed state: %v %v", b, view)
	}
	other := must(d.Alloc(Int32, 10))
	_, atErr := b.At(0)
	_, valErr := b.Values()
	_, sliceErr := b.Slice(0, 1)
	_, statsErr := b.Stats()
	for _, err := range []error{b.Write([]int32{1}), b.Read(make([]int32, 1)), view.Read(make([]int32, 1)),
		b.Fill(1), Copy(other, view), Copy(view, other), b.ShareWithPeers(), atErr, valErr, sliceErr, statsErr} {
		if !errors.Is(err, ErrFreed) {
			t.Errorf("use after free: %v", err)
		}
	}
	wantErr(t, b.Write([]int32{1}), "write int32[1000] on device 0 (sim-H200-0): memory was freed")
	wantErr(t, view.Free(), "free int32[10] on device 0 (sim-H200-0): memory was freed")
}

func TestUnreachableBuffersAreFreed(t *testing.T) {
	use(t, "sim:nvlink2")
	d := Dev(1)
	before := must(d.FreeMemory())
	func() {
		b := must(d.Alloc(Float32, 1<<20))
		b.Fill(2)
	}()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		runtime.GC()
		if must(d.FreeMemory()) == before {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("an unreachable 4 MiB buffer was not freed: %d bytes free, %d before", must(d.FreeMemory()), before)
}

func TestSliceAndReshape(t *testing.T) {
	use(t, "sim:nvlink2")
	b := must(Dev(0).AllocFrom([]int32{0, 1, 2, 3, 4, 5}))
	v := must(b.Slice(2, 5))
	if got := must(v.Int32s()); !reflect.DeepEqual(got, []int32{2, 3, 4}) {
		t.Errorf("view %v", got)
	}
	v.Fill(-1)
	if got := must(b.Int32s()); !reflect.DeepEqual(got, []int32{0, 1, -1, -1, -1, 5}) {
		t.Errorf("after filling the view %v", got)
	}
	_, err := b.Slice(4, 7)
	wantErr(t, err, "slice [4:7] of int32[6] on device 0 (sim-H200-0): want 0 <= from < to <= 6")
	if err := b.Reshape(2, 3); err != nil || !reflect.DeepEqual(b.Shape(), []int{2, 3}) {
		t.Errorf("reshape: %v %v", err, b.Shape())
	}
	wantErr(t, b.Reshape(4, 2), "reshape [4 2]: the dimensions multiply to 8, but int32[6] on device 0 (sim-H200-0) has 6 elements: their product must be 6")
	wantErr(t, b.Reshape(6, 1<<62, 4), "reshape [6 4611686018427387904 4]: the dimensions multiply to more than 6, but int32[6] on device 0 (sim-H200-0) has 6 elements: their product must be 6")
	wantErr(t, b.Reshape(5), "reshape [5]: the dimensions multiply to 5, but int32[6] on device 0 (sim-H200-0) has 6 elements: their product must be 6")
	wantErr(t, b.Reshape(0, 6), "reshape [0 6]: dimension 0 is not positive")
	if b.String() != "int32[2×3] on device 0 (sim-H200-0)" {
		t.Errorf("String() = %q", b.String())
	}
}

func TestFillConvertsWithRangeChecks(t *testing.T) {
	use(t, "sim:nvlink2")
	u := must(Dev(0).Alloc(Uint8, 3))
	wantErr(t, u.Fill(300), "fill uint8[3] on device 0 (sim-H200-0): 300 is out of range for uint8 [0, 255]")
	wantErr(t, u.Fill(-1), "fill uint8[3] on device 0 (sim-H200-0): -1 is out of range for uint8 [0, 255]")
	wantErr(t, u.Fill(2.5), "fill uint8[3] on device 0 (sim-H200-0): 2.5 is not an integer, and the parameter is uint8")
	wantErr(t, u.Fill("x"), "fill uint8[3] on device 0 (sim-H200-0): want a uint8 number, got string")
	if err := u.Fill(255.0); err != nil {
		t.Fatal(err)
	}
	if got := must(u.Uint8s()); !reflect.DeepEqual(got, []uint8{255, 255, 255}) {
		t.Errorf("uint8 fill %v", got)
	}
	h := must(Dev(0).Alloc(Float16, 5))
	wantErr(t, h.Fill(70000), "fill float16[5] on device 0 (sim-H200-0): 70000 is out of range for float16 (largest finite value 65504)")
	h.Fill(0.5)
	if got := must(h.Values()); !reflect.DeepEqual(got, []float64{0.5, 0.5, 0.5, 0.5, 0.5}) {
		t.Errorf("float16 fill %v", got)
	}
	i := must(Dev(1).Alloc(Int16, 7))
	i.Fill(-3)
	if got := must(i.Int16s()); !reflect.DeepEqual(got, []int16{-3, -3, -3, -3, -3, -3, -3}) {
		t.Errorf("int16 fill %v", got)
	}
	f := must(Host().Alloc(Float64, 2))
	f.Fill(math.Inf(1))
	if got := must(f.Float64s()); !math.IsInf(got[0], 1) {
		t.Errorf("float64 fill %v", got)
	}
}

func TestCopyEverywhere(t *testing.T) {
	use(t, "sim:pcie4")
	src := must(Dev(0).AllocFrom([]float32{1, 2, 3, 4}))
	places := []*Device{Dev(0), Dev(1), Dev(3), Host()}
	prev := src
	for _, d := range places {
		dst := must(d.Alloc(Float32, 4))
		if err := Copy(dst, prev); err != nil {
			t.Fatalf("copy to %v: %v", d, err)
		}
		if got := must(dst.Float32s()); !reflect.DeepEqual(got, []float32{1, 2, 3, 4}) {
			t.Errorf("on %v: %v", d, got)
		}
		prev = dst
	}
	long := must(Dev(2).Alloc(Float32, 6))
	if err := long.CopyFrom(must(src.Slice(1, 4))); err != nil {
		t.Fatal(err)
	}
	if got := must(long.Float32s()); !reflect.DeepEqual(got, []float32{2, 3, 4, 0, 0, 0}) {
		t.Errorf("copy of a view: %v", got)
	}
	wantErr(t, Copy(src, long), "copy float32[6] on device 2 (sim-L40S-2) to float32[4] on device 0 (sim-L40S-0): the destination is shorter than the source")
	wantErr(t, Copy(must(Dev(0).Alloc(Int32, 4)), src),
		"copy float32[4] on device 0 (sim-L40S-0) to int32[4] on device 0 (sim-L40S-0): the dtypes differ (copy moves elements as they are; convert with a kernel)")
	s := must(Dev(1).NewStream())
	dst := must(Dev(1).Alloc(Float32, 4))
	if err := CopyAsync(dst, src, s); err != nil {
		t.Fatal(err)
	}
	if err := s.Synchronize(); err != nil {
		t.Fatal(err)
	}
	if got := must(dst.Float32s()); !reflect.DeepEqual(got, []float32{1, 2, 3, 4}) {
		t.Errorf("async copy: %v", got)
	}
	old := src
	use(t, "sim:2")
	wantErr(t, Copy(must(Dev(0).Alloc(Float32, 4)), old),
		"copy: the buffers belong to different device sets (sim:pcie4 and sim:2); gpu.Use made the newer one")
	if got := must(old.Float32s()); got[3] != 4 {
		t.Errorf("a buffer of the earlier device set: %v", got)
	}
}
