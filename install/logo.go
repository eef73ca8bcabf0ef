package install

import (
	"image"
	"image/color"
	"math"
)

// The logo: three peers (white discs) linked to each other, on a Go-blue rounded square.
// DrawLogo draws it at any size; logogen writes the PNGs committed next to this file, and
// logo-svg.svg is the same picture as vectors.

// Logo geometry in a 64x64 design space.
var (
	logoBlue  = color.NRGBA{0x00, 0xAD, 0xD8, 0xFF}
	logoWhite = color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}
	logoNodes = [3][2]float64{{32, 15}, {15, 46}, {49, 46}}
)

const (
	logoCorner    = 12.0 // corner radius of the square
	logoNodeR     = 8.5  // radius of a peer
	logoLinkWidth = 4.5  // width of a link
	logoSupersamp = 4    // samples per pixel side
)

// DrawLogo renders the logo at size x size pixels, anti-aliased.
func DrawLogo(size int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	scale := 64 / float64(size)
	n := logoSupersamp
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var bg, fg int
			for sy := 0; sy < n; sy++ {
				for sx := 0; sx < n; sx++ {
					x := (float64(px) + (float64(sx)+0.5)/float64(n)) * scale
					y := (float64(py) + (float64(sy)+0.5)/float64(n)) * scale
					if !inRoundedSquare(x, y) {
						continue
					}
					bg++
					if onPeerGraph(x, y) {
						fg++
					}
				}
			}
			if bg == 0 {
				continue
			}
			total := float64(n * n)
			a := float64(bg) / total
			f := float64(fg) / float64(bg)
			mix := func(b, w uint8) uint8 { return uint8(math.Round(float64(b)*(1-f) + float64(w)*f)) }
			img.SetNRGBA(px, py, color.NRGBA{
				R: mix(logoBlue.R, logoWhite.R), G: mix(logoBlue.G, logoWhite.G), B: mix(logoBlue.B, logoWhite.B),
				A: uint8(math.Round(a * 255)),
			})
		}
	}
	return img
}

func inRoundedSquare(x, y float64) bool {
	const r = logoCorner
	cx := math.Max(r, math.Min(64-r, x))
	cy := math.Max(r, math.Min(64-r, y))
	dx, dy := x-cx, y-cy
	return x >= 0 && y >= 0 && x <= 64 && y <= 64 && dx*dx+dy*dy <= r*r
}

func onPeerGraph(x, y float64) bool {
	for _, p := range logoNodes {
		if dx, dy := x-p[0], y-p[1]; dx*dx+dy*dy <= logoNodeR*logoNodeR {
			return true
		}
	}
	for i := range logoNodes {
		a, b := logoNodes[i], logoNodes[(i+1)%len(logoNodes)]
		if segmentDistance(x, y, a, b) <= logoLinkWidth/2 {
			return true
		}
	}
	return false
}

func segmentDistance(x, y float64, a, b [2]float64) float64 {
	vx, vy := b[0]-a[0], b[1]-a[1]
	t := ((x-a[0])*vx + (y-a[1])*vy) / (vx*vx + vy*vy)
	t = math.Max(0, math.Min(1, t))
	dx, dy := x-(a[0]+t*vx), y-(a[1]+t*vy)
	return math.Hypot(dx, dy)
}
