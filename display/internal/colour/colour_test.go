package colour

import (
	"image/color"
	"math"
	"testing"
)

func TestMapAt(t *testing.T) {
	m := Map{RGB(0x000000), RGB(0x0000ff), RGB(0xffffff)}
	for _, c := range []struct {
		t    float64
		want color.RGBA
	}{
		{0, RGB(0x000000)}, {-3, RGB(0x000000)}, {math.NaN(), RGB(0x000000)},
		{0.25, RGB(0x000080)}, {0.5, RGB(0x0000ff)}, {0.75, RGB(0x8080ff)},
		{1, RGB(0xffffff)}, {7, RGB(0xffffff)},
	} {
		if got := m.At(c.t); got != c.want {
			t.Errorf("At(%v) = %v, want %v", c.t, got, c.want)
		}
	}
}
