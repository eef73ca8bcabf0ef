package display

import (
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
)

// sampleDir is where TestSaveSamples writes renders to look at: set PEERBOOK_DISPLAY_SAMPLES.
func sampleDir(t *testing.T) string {
	dir := os.Getenv("PEERBOOK_DISPLAY_SAMPLES")
	if dir == "" {
		t.Skip("set PEERBOOK_DISPLAY_SAMPLES=dir to save sample renders")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func saveBundle(t *testing.T, dir, name string, b Bundle) {
	t.Helper()
	for mime, ext := range map[string]string{MIMEHTML: ".html", MIMESVG: ".svg", MIMEText: ".txt"} {
		if s, ok := b.Data[mime].(string); ok {
			if mime == MIMEHTML {
				s = "<!doctype html><meta charset=utf-8><body style='margin:16px'>" + s
			}
			if err := os.WriteFile(filepath.Join(dir, name+ext), []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestSaveSamples(t *testing.T) {
	dir := sampleDir(t)
	rng := rand.New(rand.NewSource(1))
	// Large 1-D: a noisy sine.
	n := 1 << 22
	vals := make([]float64, n)
	for i := range vals {
		vals[i] = math.Sin(float64(i)/float64(n)*6*math.Pi) + 0.3*rng.NormFloat64()
	}
	for i := 1000000; i < 1100000; i++ {
		vals[i] = math.NaN()
	}
	v := BufferView{Name: "signal", DType: "float32", Shape: []int{n}, Device: "GPU0 NVIDIA H200", Shared: true,
		SharedWith: []string{"GPU1", "GPU2", "GPU3"}, Stats: ComputeStats(vals), Envelope: EnvelopeOf(vals, EnvelopeBins)}
	saveBundle(t, dir, "buffer_line", v.MIMEBundle())
	// Large 2-D: a smooth field plus noise.
	r, c := 2048, 4096
	m := make([]float64, r*c)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			m[i*c+j] = math.Sin(float64(i)/300)*math.Cos(float64(j)/500) + 0.05*rng.NormFloat64()
		}
	}
	v2 := BufferView{Name: "field", DType: "float32", Shape: []int{r, c}, Device: "sim0", Simulated: true,
		Stats: ComputeStats(m), Grid: GridOf(m, r, c, GridSize, GridSize)}
	saveBundle(t, dir, "buffer_heat", v2.MIMEBundle())
	// Small 2-D ints.
	s := make([]float64, 6*8)
	for i := range s {
		s[i] = float64(i * i)
	}
	v3 := BufferView{Name: "counts", DType: "int32", Shape: []int{6, 8}, Device: "GPU1", Stats: ComputeStats(s), Values: s}
	saveBundle(t, dir, "buffer_table", v3.MIMEBundle())
	// Noisy 2-D positive.
	for i := range m {
		m[i] = rng.Float64()
	}
	v4 := BufferView{Name: "noise", DType: "float32", Shape: []int{r, c}, Device: "GPU0", Stats: ComputeStats(m), Grid: GridOf(m, r, c, GridSize, GridSize)}
	b4 := v4.MIMEBundle()
	saveBundle(t, dir, "buffer_noise", b4)
	t.Logf("noise bundle %d bytes", bundleBytes(b4))
}

func TestSaveTopologySamples(t *testing.T) {
	dir := sampleDir(t)
	for name, f := range topoFixtures {
		saveBundle(t, dir, "topo_"+name, f().MIMEBundle())
	}
}

func TestSaveHeatmapSamples(t *testing.T) {
	dir := sampleDir(t)
	for _, n := range []int{2, 4, 8} {
		m := MatrixHeatmap{Title: "P2P bandwidth, GPU to GPU", Unit: "GB/s"}
		lat := MatrixHeatmap{Title: "P2P latency", Unit: "µs", LowIsGood: true}
		for i := 0; i < n; i++ {
			m.RowLabels = append(m.RowLabels, "GPU"+string(rune('0'+i)))
			m.ColLabels = append(m.ColLabels, "GPU"+string(rune('0'+i)))
			row, lrow := make([]float64, n), make([]float64, n)
			for j := range row {
				row[j] = 380 + float64((i*7+j*13)%40)
				lrow[j] = 1.8 + float64((i*5+j*3)%10)/10
				if i == j {
					row[j], lrow[j] = 2100, math.NaN()
				}
			}
			m.Values = append(m.Values, row)
			lat.Values = append(lat.Values, lrow)
		}
		saveBundle(t, dir, "heatmap_bw_"+string(rune('0'+n)), m.MIMEBundle())
		saveBundle(t, dir, "heatmap_lat_"+string(rune('0'+n)), lat.MIMEBundle())
	}
}

func TestSaveProgressSamples(t *testing.T) {
	dir := sampleDir(t)
	sink := &fakeSink{}
	defer SetSink(sink)()
	p := newProgress(1000, "P2P bandwidth sweep", 0, true, nil, false)
	p.Set(450)
	running := p.MIMEBundle()
	p.Set(1000)
	p.Done()
	done := p.MIMEBundle()
	q := newProgress(1000, "copy 1 GiB", 0, true, nil, false)
	q.Set(300)
	q.Done()
	html := running.Data[MIMEHTML].(string) + "<br>" + done.Data[MIMEHTML].(string) + "<br>" + q.MIMEBundle().Data[MIMEHTML].(string)
	saveBundle(t, dir, "progress", HTML(html))
}
