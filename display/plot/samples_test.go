package plot

import (
	"math"
	"os"
	"path/filepath"
	"testing"
)

// TestSaveSamples writes sample charts to $PEERBOOK_DISPLAY_SAMPLES to look at.
func TestSaveSamples(t *testing.T) {
	dir := os.Getenv("PEERBOOK_DISPLAY_SAMPLES")
	if dir == "" {
		t.Skip("set PEERBOOK_DISPLAY_SAMPLES=dir to save sample renders")
	}
	sizes := []float64{}
	bw1, bw2 := []float64{}, []float64{}
	for s := 1024.0; s <= 1<<30; s *= 4 {
		sizes = append(sizes, s)
		bw1 = append(bw1, 400*s/(s+4e6))
		bw2 = append(bw2, 120*s/(s+1e6))
	}
	xs := make([]float64, 200)
	ys := make([]float64, 200)
	for i := range xs {
		xs[i] = float64(i) / 20
		ys[i] = math.Sin(xs[i]) + 0.2*math.Cos(7*xs[i])
	}
	m := [][]float64{}
	labels := []string{}
	for i := 0; i < 8; i++ {
		row := []float64{}
		for j := 0; j < 8; j++ {
			v := 380 + float64((i*7+j*13)%40)
			if i == j {
				v = math.NaN()
			}
			row = append(row, v)
		}
		m = append(m, row)
		labels = append(labels, "GPU"+string(rune('0'+i)))
	}
	big := make([][]float64, 100)
	for i := range big {
		big[i] = make([]float64, 120)
		for j := range big[i] {
			big[i][j] = math.Sin(float64(i)/10) * math.Cos(float64(j)/15)
		}
	}
	charts := map[string]*Plot{
		"line_log": Line(sizes, bw1, bw2).Names("NVLink", "PCIe").Title("Copy bandwidth").XLabel("bytes").YLabel("GB/s").LogX(),
		"line":     Line(xs, ys).Title("a wave").XLabel("t").YLabel("y"),
		"scatter":  Scatter(xs, ys).AddLine(xs, ys).Names("samples", "fit").Title("points"),
		"bar":      Bar([]string{"H2D", "D2H", "D2D", "P2P"}, []float64{51, 55, 2118, 389}).Title("memcpy, GB/s").YLabel("GB/s"),
		"heatmap":  Heatmap(m, labels, labels).Title("P2P bandwidth, GB/s"),
		"heat_big": Heatmap(big, nil, nil).Title("field"),
	}
	for name, p := range charts {
		for _, ext := range []string{".svg", ".png"} {
			if err := p.Save(filepath.Join(dir, "plot_"+name+ext)); err != nil {
				t.Errorf("%s%s: %v", name, ext, err)
			}
		}
	}
}
