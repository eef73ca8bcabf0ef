// Package axis chooses and formats the tick values of a chart axis, for the pictures of
// package display and the plots of display/plot alike.
package axis

import "math"

// Step returns a round spacing (1, 2, 2.5 or 5 times a power of ten) that cuts [lo, hi]
// into about n parts. hi must be greater than lo, both finite, and n at least 1.
func Step(lo, hi float64, n int) float64 {
	raw := (hi - lo) / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5} {
		if m*mag >= raw {
			return m * mag
		}
	}
	return 10 * mag
}

// Ticks returns the multiples of step in [lo, hi], in order, with -0 and rounding noise
// around zero made 0. limit > 0 stops the list after limit values.
func Ticks(lo, hi, step float64, limit int) []float64 {
	var ticks []float64
	for v := math.Ceil(lo/step-1e-9) * step; v <= hi+step*1e-9; v += step {
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		ticks = append(ticks, v)
		if limit > 0 && len(ticks) >= limit {
			break
		}
	}
	return ticks
}

// Decimals returns how many decimals write multiples of step exactly, at most 6.
func Decimals(step float64) int {
	dec := 0
	for dec < 6 && step > 0 {
		scaled := step * math.Pow(10, float64(dec))
		if math.Abs(scaled-math.Round(scaled)) < 1e-6*scaled {
			break
		}
		dec++
	}
	return dec
}
