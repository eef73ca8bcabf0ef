package display

import (
	"fmt"
	"math"
)

// Reduction accumulates, from chunks of a buffer's elements, everything a BufferView shows:
// the statistics, and either every value (at most MaxTableValues elements), or EnvelopeBins
// bins (1-D), or a grid of at most GridSize x GridSize cells (2 or more dimensions). A large
// buffer is read once, a chunk at a time, and never held whole as []float64.
//
// Add is not safe for concurrent use; to reduce in parallel, give each goroutine its own
// Reduction of the same shape, over disjoint chunks, and Merge them.
type Reduction struct {
	n          int64 // elements
	rows, cols int64 // the buffer as a matrix (1 x n for 1-D)
	matrix     bool  // 2 or more dimensions
	stats      Stats

	values []float64 // small buffers: every element
	filled []bool

	binMin, binMax, binSum []float64 // large 1-D buffers
	binCnt                 []int64

	gridRows, gridCols int64 // large matrices
	cellSum            []float64
	cellCnt            []int64
}

// NewReduction returns an empty reduction of a buffer of the given shape (row-major;
// one dimension for 1-D). A shape with a negative dimension is an error.
func NewReduction(shape []int) (*Reduction, error) {
	r := &Reduction{n: 1}
	for i, d := range shape {
		if d < 0 {
			return nil, fmt.Errorf("display.NewReduction: dimension %d of shape %v is negative", i, shape)
		}
		r.n *= int64(d)
	}
	if len(shape) == 0 {
		r.n = 0
	}
	r.rows, r.cols = 1, r.n
	if len(shape) >= 2 {
		r.matrix = true
		r.cols = int64(shape[len(shape)-1])
		if r.cols > 0 {
			r.rows = r.n / r.cols
		}
	}
	r.stats = Stats{Min: math.NaN(), Max: math.NaN(), Mean: math.NaN(), Std: math.NaN()}
	switch {
	case r.n <= MaxTableValues:
		r.values = make([]float64, r.n)
		r.filled = make([]bool, r.n)
	case r.matrix:
		r.gridRows, r.gridCols = min(r.rows, GridSize), min(r.cols, GridSize)
		r.cellSum = make([]float64, r.gridRows*r.gridCols)
		r.cellCnt = make([]int64, r.gridRows*r.gridCols)
	default:
		b := int64(EnvelopeBins)
		r.binMin, r.binMax = filledFloats(b, math.Inf(1)), filledFloats(b, math.Inf(-1))
		r.binSum, r.binCnt = make([]float64, b), make([]int64, b)
	}
	return r, nil
}

func filledFloats(n int64, v float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// Add adds the elements values[0:], which are the buffer's elements offset, offset+1, ...
// A chunk reaching outside the buffer is an error.
func (r *Reduction) Add(offset int64, values []float64) error {
	end := offset + int64(len(values))
	if offset < 0 || end > r.n {
		return fmt.Errorf("display.Reduction.Add: elements [%d, %d) are outside the buffer's %d", offset, end, r.n)
	}
	if len(values) == 0 {
		return nil
	}
	r.stats = r.stats.Merge(chunkStats(values))
	switch {
	case r.values != nil:
		copy(r.values[offset:], values)
		for i := offset; i < end; i++ {
			r.filled[i] = true
		}
	case r.binSum != nil:
		r.addBins(offset, values)
	default:
		r.addCells(offset, values)
	}
	return nil
}

// sumMinMax returns the sum, min and max of vs, with four accumulators so that the
// additions overlap. With a NaN or infinite element the sum is NaN or infinite.
func sumMinMax(vs []float64) (sum, mn, mx float64) {
	var s0, s1, s2, s3 float64
	mn0, mn1 := math.Inf(1), math.Inf(1)
	mx0, mx1 := math.Inf(-1), math.Inf(-1)
	i := 0
	for ; i+4 <= len(vs); i += 4 {
		a, b, c, d := vs[i], vs[i+1], vs[i+2], vs[i+3]
		s0 += a
		s1 += b
		s2 += c
		s3 += d
		if a < mn0 {
			mn0 = a
		}
		if b < mn1 {
			mn1 = b
		}
		if c < mn0 {
			mn0 = c
		}
		if d < mn1 {
			mn1 = d
		}
		if a > mx0 {
			mx0 = a
		}
		if b > mx1 {
			mx1 = b
		}
		if c > mx0 {
			mx0 = c
		}
		if d > mx1 {
			mx1 = d
		}
	}
	for ; i < len(vs); i++ {
		v := vs[i]
		s0 += v
		if v < mn0 {
			mn0 = v
		}
		if v > mx0 {
			mx0 = v
		}
	}
	return (s0 + s1) + (s2 + s3), math.Min(mn0, mn1), math.Max(mx0, mx1)
}

// sumSquares returns the sum of (v - mean)^2 over vs.
func sumSquares(vs []float64, mean float64) float64 {
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(vs); i += 4 {
		a, b, c, d := vs[i]-mean, vs[i+1]-mean, vs[i+2]-mean, vs[i+3]-mean
		s0 += a * a
		s1 += b * b
		s2 += c * c
		s3 += d * d
	}
	for ; i < len(vs); i++ {
		d := vs[i] - mean
		s0 += d * d
	}
	return (s0 + s1) + (s2 + s3)
}

// chunkStats computes the statistics of one chunk in two quick passes.
func chunkStats(values []float64) Stats {
	sum, mn, mx := sumMinMax(values)
	if math.IsNaN(sum) || math.IsInf(sum, 0) {
		// Some elements are NaN or infinite (or the sum overflowed): the careful way.
		return ComputeStats(values)
	}
	n := float64(len(values))
	mean := sum / n
	return Stats{Count: int64(len(values)), Min: mn, Max: mx, Mean: mean, Std: math.Sqrt(sumSquares(values, mean) / n)}
}

// binStart is the first element of bin k (of nb bins over n elements).
func binStart(k, nb, n int64) int64 { return k * n / nb }

// binOf is the bin that holds element i.
func binOf(i, nb, n int64) int64 {
	k := i * nb / n
	for binStart(k+1, nb, n) <= i {
		k++
	}
	for k > 0 && binStart(k, nb, n) > i {
		k--
	}
	return k
}

// addBins adds a chunk of a 1-D buffer to its bins.
func (r *Reduction) addBins(offset int64, values []float64) {
	nb := int64(len(r.binSum))
	end := offset + int64(len(values))
	for k := binOf(offset, nb, r.n); k < nb; k++ {
		lo, hi := max(binStart(k, nb, r.n), offset), min(binStart(k+1, nb, r.n), end)
		if lo >= end {
			break
		}
		mn, mx, sum, cnt := reduceRange(values[lo-offset : hi-offset])
		r.binMin[k] = math.Min(r.binMin[k], mn)
		r.binMax[k] = math.Max(r.binMax[k], mx)
		r.binSum[k] += sum
		r.binCnt[k] += cnt
	}
}

// addCells adds a chunk of a matrix to its grid cells, a row segment at a time.
func (r *Reduction) addCells(offset int64, values []float64) {
	for len(values) > 0 {
		row, col := offset/r.cols, offset%r.cols
		seg := min(int64(len(values)), r.cols-col)
		gr := binOf(row, r.gridRows, r.rows)
		for k := binOf(col, r.gridCols, r.cols); k < r.gridCols; k++ {
			lo, hi := max(binStart(k, r.gridCols, r.cols), col), min(binStart(k+1, r.gridCols, r.cols), col+seg)
			if lo >= col+seg {
				break
			}
			_, _, sum, cnt := reduceRange(values[lo-col : hi-col])
			r.cellSum[gr*r.gridCols+k] += sum
			r.cellCnt[gr*r.gridCols+k] += cnt
		}
		values = values[seg:]
		offset += seg
	}
}

// reduceRange returns the min, max, sum and count of the finite values of vs.
func reduceRange(vs []float64) (mn, mx, sum float64, cnt int64) {
	sum, mn, mx = sumMinMax(vs)
	if !math.IsNaN(sum) && !math.IsInf(sum, 0) {
		return mn, mx, sum, int64(len(vs))
	}
	mn, mx, sum = math.Inf(1), math.Inf(-1), 0
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		mn, mx, sum, cnt = math.Min(mn, v), math.Max(mx, v), sum+v, cnt+1
	}
	return mn, mx, sum, cnt
}

// Merge adds what o accumulated (over other chunks of a buffer of the same shape).
func (r *Reduction) Merge(o *Reduction) error {
	if o.n != r.n || o.rows != r.rows || o.cols != r.cols || o.matrix != r.matrix {
		return fmt.Errorf("display.Reduction.Merge: shapes differ (%d x %d and %d x %d)", r.rows, r.cols, o.rows, o.cols)
	}
	r.stats = r.stats.Merge(o.stats)
	for i, f := range o.filled {
		if f {
			r.values[i], r.filled[i] = o.values[i], true
		}
	}
	for k := range o.binSum {
		r.binMin[k] = math.Min(r.binMin[k], o.binMin[k])
		r.binMax[k] = math.Max(r.binMax[k], o.binMax[k])
		r.binSum[k] += o.binSum[k]
		r.binCnt[k] += o.binCnt[k]
	}
	for k := range o.cellSum {
		r.cellSum[k] += o.cellSum[k]
		r.cellCnt[k] += o.cellCnt[k]
	}
	return nil
}

// Stats returns the statistics of the elements added so far.
func (r *Reduction) Stats() Stats { return r.stats }

// Fill sets v's Stats and its Values, Envelope or Grid from what was added. Elements never
// added count as missing: NaN values, empty bins and cells.
func (r *Reduction) Fill(v *BufferView) {
	v.Stats = r.stats
	v.Stats.Count = r.n
	v.Values, v.Envelope, v.Grid = nil, nil, nil
	switch {
	case r.values != nil:
		v.Values = make([]float64, len(r.values))
		for i, x := range r.values {
			if !r.filled[i] {
				x = math.NaN()
			}
			v.Values[i] = x
		}
	case r.binSum != nil:
		nb := len(r.binSum)
		e := &Envelope{Min: make([]float64, nb), Max: make([]float64, nb), Mean: make([]float64, nb)}
		for k := range r.binSum {
			if r.binCnt[k] == 0 {
				e.Min[k], e.Max[k], e.Mean[k] = math.NaN(), math.NaN(), math.NaN()
				continue
			}
			e.Min[k], e.Max[k], e.Mean[k] = r.binMin[k], r.binMax[k], r.binSum[k]/float64(r.binCnt[k])
		}
		v.Envelope = e
	default:
		g := &Grid{Rows: int(r.gridRows), Cols: int(r.gridCols), Values: make([]float64, len(r.cellSum)), Method: "mean"}
		for k := range r.cellSum {
			g.Values[k] = math.NaN()
			if r.cellCnt[k] > 0 {
				g.Values[k] = r.cellSum[k] / float64(r.cellCnt[k])
			}
		}
		v.Grid = g
	}
}

// Array returns a BufferView of values, a host []float64 of the given shape (default: 1-D),
// so that any slice shows as a buffer does: a table, or a line plot or heatmap, with its
// statistics. A shape that doesn't match the number of values falls back to 1-D.
func Array(values []float64, shape ...int) BufferView {
	n := 1
	for _, d := range shape {
		n *= d
	}
	if len(shape) == 0 || n != len(values) {
		shape = []int{len(values)}
	}
	v := BufferView{DType: "float64", Shape: append([]int(nil), shape...), Device: "host"}
	r, err := NewReduction(shape)
	if err != nil {
		v.Stats = ComputeStats(values)
		return v
	}
	r.Add(0, values)
	r.Fill(&v)
	return v
}
