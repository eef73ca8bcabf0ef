// Package colour holds the colour maps that package display's pictures and display/plot's
// charts share.
package colour

import (
	"image/color"
	"math"
)

// Map maps t in [0, 1] to a colour, interpolating between evenly spaced stops.
type Map []color.RGBA

// At is the colour at t: t is clamped to [0, 1], and NaN is 0.
func (m Map) At(t float64) color.RGBA {
	if math.IsNaN(t) {
		t = 0
	}
	t = math.Min(math.Max(t, 0), 1) * float64(len(m)-1)
	i := int(t)
	if i >= len(m)-1 {
		return m[len(m)-1]
	}
	f := t - float64(i)
	a, b := m[i], m[i+1]
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + f*(float64(y)-float64(x)))) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 255}
}

// RGB is the opaque colour 0xRRGGBB.
func RGB(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 255}
}

// Viridis is the perceptually uniform sequential colour map (dark blue to yellow),
// sampled evenly.
var Viridis = Map{RGB(0x440154), RGB(0x482475), RGB(0x414487), RGB(0x355f8d), RGB(0x2a788e),
	RGB(0x21918c), RGB(0x22a884), RGB(0x44bf70), RGB(0x7ad151), RGB(0xbddf26), RGB(0xfde725)}

// BlueRed is a diverging colour map (blue, white at 0.5, red) for data around zero.
var BlueRed = Map{RGB(0x053061), RGB(0x2166ac), RGB(0x4393c3), RGB(0x92c5de), RGB(0xd1e5f0),
	RGB(0xf7f7f7), RGB(0xfddbc7), RGB(0xf4a582), RGB(0xd6604d), RGB(0xb2182b), RGB(0x67001f)}
