package display

import "math"

// Sizes that keep a BufferView's output small. The gpu package reduces buffers on the
// device to these sizes; BufferView reduces anything larger it is given on its own.
const (
	// MaxTableValues is the most elements a BufferView carries one by one (Values); the gpu
	// package reads buffers up to this size whole. At most 256 of them show as a
	// table (tableValues), more as a picture drawn from the values themselves.
	MaxTableValues = 1024
	// EnvelopeBins is the number of bins a large 1-D buffer is reduced to.
	EnvelopeBins = 512
	// GridSize is the most rows and columns a large 2-D buffer is reduced to.
	GridSize = 256
)

// tableValues is the most elements a BufferView shows as a table: 16 rows of 16 read at a
// glance; more numbers read better as a line plot (1-D) or a heatmap (2-D and more).
const tableValues = 256

// Stats summarises the elements of a buffer. Min, Max, Mean and Std (the population
// standard deviation) are over the finite elements only, and NaN when there are none.
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

// ComputeStats returns the statistics of values.
func ComputeStats(values []float64) Stats {
	s := Stats{Count: int64(len(values)), Min: math.Inf(1), Max: math.Inf(-1)}
	var n, mean, m2 float64
	for _, v := range values {
		switch {
		case math.IsNaN(v):
			s.NaN++
			continue
		case math.IsInf(v, 0):
			s.Inf++
			continue
		}
		n++
		d := v - mean
		mean += d / n
		m2 += d * (v - mean)
		if v < s.Min {
			s.Min = v
		}
		if v > s.Max {
			s.Max = v
		}
	}
	if n == 0 {
		return Stats{Count: s.Count, Min: math.NaN(), Max: math.NaN(), Mean: math.NaN(), Std: math.NaN(),
			NaN: s.NaN, Inf: s.Inf}
	}
	s.Mean = mean
	s.Std = math.Sqrt(m2 / n)
	return s
}

// Merge returns the statistics of the union of two disjoint parts summarised by s and o
// (to combine statistics computed in chunks or per device block).
func (s Stats) Merge(o Stats) Stats {
	na, nb := float64(s.Finite()), float64(o.Finite())
	out := Stats{Count: s.Count + o.Count, NaN: s.NaN + o.NaN, Inf: s.Inf + o.Inf}
	switch {
	case nb == 0 && na == 0:
		out.Min, out.Max, out.Mean, out.Std = math.NaN(), math.NaN(), math.NaN(), math.NaN()
		return out
	case nb == 0:
		out.Min, out.Max, out.Mean, out.Std = s.Min, s.Max, s.Mean, s.Std
		return out
	case na == 0:
		out.Min, out.Max, out.Mean, out.Std = o.Min, o.Max, o.Mean, o.Std
		return out
	}
	n := na + nb
	delta := o.Mean - s.Mean
	out.Mean = s.Mean + delta*nb/n
	m2 := s.Std*s.Std*na + o.Std*o.Std*nb + delta*delta*na*nb/n
	out.Std = math.Sqrt(m2 / n)
	out.Min = math.Min(s.Min, o.Min)
	out.Max = math.Max(s.Max, o.Max)
	return out
}

// Envelope is a large 1-D buffer reduced to bins. With N elements and B = len(Mean) bins,
// bin i covers the elements [i*N/B, (i+1)*N/B). Min, Max and Mean are over the finite
// elements of each bin, NaN where a bin has none. The three slices have the same length.
type Envelope struct {
	Min, Max, Mean []float64
}

// EnvelopeOf reduces values to at most bins bins.
func EnvelopeOf(values []float64, bins int) *Envelope {
	n := len(values)
	if bins > n {
		bins = n
	}
	if bins < 1 {
		return &Envelope{}
	}
	e := &Envelope{Min: make([]float64, bins), Max: make([]float64, bins), Mean: make([]float64, bins)}
	for i := 0; i < bins; i++ {
		lo, hi := i*n/bins, (i+1)*n/bins
		mn, mx, sum, cnt := math.Inf(1), math.Inf(-1), 0.0, 0
		for _, v := range values[lo:hi] {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				continue
			}
			mn, mx, sum, cnt = math.Min(mn, v), math.Max(mx, v), sum+v, cnt+1
		}
		if cnt == 0 {
			e.Min[i], e.Max[i], e.Mean[i] = math.NaN(), math.NaN(), math.NaN()
			continue
		}
		e.Min[i], e.Max[i], e.Mean[i] = mn, mx, sum/float64(cnt)
	}
	return e
}

// bins returns the number of bins of e, and false when its slices disagree in length.
func (e *Envelope) bins() (int, bool) {
	n := len(e.Mean)
	return n, len(e.Min) == n && len(e.Max) == n
}

// reduce returns e with at most max bins, merging neighbours.
func (e *Envelope) reduce(max int) *Envelope {
	n, _ := e.bins()
	if n <= max {
		return e
	}
	out := &Envelope{Min: make([]float64, max), Max: make([]float64, max), Mean: make([]float64, max)}
	for i := 0; i < max; i++ {
		lo, hi := i*n/max, (i+1)*n/max
		mn, mx, sum, cnt := math.Inf(1), math.Inf(-1), 0.0, 0
		for j := lo; j < hi; j++ {
			if !math.IsNaN(e.Min[j]) {
				mn = math.Min(mn, e.Min[j])
			}
			if !math.IsNaN(e.Max[j]) {
				mx = math.Max(mx, e.Max[j])
			}
			if !math.IsNaN(e.Mean[j]) {
				sum, cnt = sum+e.Mean[j], cnt+1
			}
		}
		out.Min[i], out.Max[i], out.Mean[i] = nanIfInf(mn), nanIfInf(mx), math.NaN()
		if cnt > 0 {
			out.Mean[i] = sum / float64(cnt)
		}
	}
	return out
}

func nanIfInf(v float64) float64 {
	if math.IsInf(v, 0) {
		return math.NaN()
	}
	return v
}

// Grid is a large 2-D buffer reduced to Rows x Cols cells, Values row-major. With the
// buffer seen as R rows of C columns, cell (r, c) covers rows [r*R/Rows, (r+1)*R/Rows) and
// columns [c*C/Cols, (c+1)*C/Cols). Each value sums up its cell (the mean of its finite
// elements unless Method says otherwise); NaN where a cell has no finite element.
type Grid struct {
	Rows, Cols int
	Values     []float64
	Method     string // how cells were reduced: "mean" (the default), "max", "sample", ...
}

// GridOf reduces values, a rows x cols row-major matrix, to at most gridRows x gridCols
// cells, each the mean of its finite elements.
func GridOf(values []float64, rows, cols, gridRows, gridCols int) *Grid {
	if rows < 1 || cols < 1 || len(values) < rows*cols {
		return &Grid{}
	}
	gridRows = clamp(gridRows, 1, rows)
	gridCols = clamp(gridCols, 1, cols)
	g := &Grid{Rows: gridRows, Cols: gridCols, Values: make([]float64, gridRows*gridCols), Method: "mean"}
	sums := make([]float64, gridCols)
	counts := make([]int, gridCols)
	colCell := make([]int, cols)
	for c := range colCell {
		colCell[c] = int(binOf(int64(c), int64(gridCols), int64(cols)))
	}
	for gr := 0; gr < gridRows; gr++ {
		clear(sums)
		clear(counts)
		for r := gr * rows / gridRows; r < (gr+1)*rows/gridRows; r++ {
			row := values[r*cols : (r+1)*cols]
			for c, v := range row {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					continue
				}
				sums[colCell[c]] += v
				counts[colCell[c]]++
			}
		}
		for gc := range sums {
			if counts[gc] == 0 {
				g.Values[gr*gridCols+gc] = math.NaN()
			} else {
				g.Values[gr*gridCols+gc] = sums[gc] / float64(counts[gc])
			}
		}
	}
	return g
}

// valid reports whether g's dimensions agree with its values.
func (g *Grid) valid() bool {
	return g != nil && g.Rows > 0 && g.Cols > 0 && len(g.Values) == g.Rows*g.Cols
}

// reduce returns g with at most max rows and columns.
func (g *Grid) reduce(max int) *Grid {
	if g.Rows <= max && g.Cols <= max {
		return g
	}
	out := GridOf(g.Values, g.Rows, g.Cols, max, max)
	out.Method = g.Method
	if out.Method == "" {
		out.Method = "mean"
	}
	return out
}
