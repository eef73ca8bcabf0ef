package axis

import (
	"reflect"
	"testing"
)

func TestStepTicksDecimals(t *testing.T) {
	cases := []struct {
		lo, hi float64
		n      int
		step   float64
		ticks  []float64
		dec    int
	}{
		{0, 10, 5, 2, []float64{0, 2, 4, 6, 8, 10}, 0},
		{-1, 1, 4, 0.5, []float64{-1, -0.5, 0, 0.5, 1}, 1},
		{0.3, 1.2, 3, 0.5, []float64{0.5, 1}, 1},
		{0, 1e6, 4, 250000, []float64{0, 250000, 500000, 750000, 1e6}, 0},
		{0, 0.9, 1, 1, []float64{0}, 0},
		{-0.5, 1, 3, 0.5, []float64{-0.5, 0, 0.5, 1}, 1},
	}
	for _, c := range cases {
		step := Step(c.lo, c.hi, c.n)
		if step != c.step {
			t.Errorf("Step(%v, %v, %d) = %v, want %v", c.lo, c.hi, c.n, step, c.step)
			continue
		}
		got := Ticks(c.lo, c.hi, step, 0)
		for i := range got {
			if i < len(c.ticks) && abs(got[i]-c.ticks[i]) < 1e-12 {
				got[i] = c.ticks[i]
			}
		}
		if !reflect.DeepEqual(got, c.ticks) {
			t.Errorf("Ticks(%v, %v, %v) = %v, want %v", c.lo, c.hi, step, got, c.ticks)
		}
		if d := Decimals(step); d != c.dec {
			t.Errorf("Decimals(%v) = %d, want %d", step, d, c.dec)
		}
	}
	if got := Ticks(0, 100, 1, 3); len(got) != 3 {
		t.Errorf("limit 3: %v", got)
	}
	if d := Decimals(0.25); d != 2 {
		t.Errorf("Decimals(0.25) = %d", d)
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
