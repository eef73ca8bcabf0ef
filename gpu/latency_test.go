package gpu

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/sim"
)

// On every simulated preset, the flag latency and copy bandwidth reported are those the
// preset's link table models, the same on every run, and the output says they are modelled.
func TestSimulatedMeasurementsAreModelledAndDeterministic(t *testing.T) {
	withSink(t)
	for _, spec := range []string{"sim", "sim:3", "sim:nvswitch8", "sim:pcie4", "sim:nvlink2", "sim:gh200"} {
		use(t, spec)
		sb := current2(t).b.(*sim.Backend)
		p := sb.Preset()
		var lat [2]*LatencyMatrix
		var bw [2]*BandwidthMatrix
		for run := range 2 {
			var err error
			if lat[run], err = MeasureFlagLatency(); err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			if bw[run], err = MeasureCopyBandwidth(MeasureBytes(1<<20), MeasureRepeats(1)); err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
		}
		if fmt.Sprint(lat[0].Values()) != fmt.Sprint(lat[1].Values()) || fmt.Sprint(bw[0].Values()) != fmt.Sprint(bw[1].Values()) {
			t.Errorf("%s: two runs differ:\n%v\n%v\n%v\n%v", spec, lat[0].Values(), lat[1].Values(), bw[0].Values(), bw[1].Values())
		}
		if p.HostLink.LatencyUS <= 0 || p.HostLink.BandwidthGBps <= 0 {
			t.Errorf("%s: the host link models no latency or bandwidth: %+v", spec, p.HostLink)
		}
		for i := range p.Links {
			for j, l := range p.Links[i] {
				if l.LatencyUS <= 0 || l.BandwidthGBps <= 0 {
					t.Errorf("%s: the link GPU%d -> GPU%d models no latency or bandwidth: %+v", spec, i, j, l)
				}
				if got := lat[0].At(i, j); got != l.LatencyUS {
					t.Errorf("%s: latency GPU%d -> GPU%d %v us, the link table says %v", spec, i, j, got, l.LatencyUS)
				}
				// 1 MiB over the link: its latency, then its bandwidth.
				want := float64(1<<20) / (l.LatencyUS/1e6 + float64(1<<20)/(l.BandwidthGBps*1e9)) / 1e9
				if got := bw[0].At(i, j); math.Abs(got-want) > 1e-9*want || got > l.BandwidthGBps {
					t.Errorf("%s: bandwidth GPU%d -> GPU%d %v GB/s, want %v (link %v GB/s)", spec, i, j, got, want, l.BandwidthGBps)
				}
			}
		}
		name := p.Name
		if !strings.HasPrefix(name, "sim:") {
			name = "sim:" + name
		}
		for _, text := range []string{lat[0].String(), bw[0].String(), svgOf(lat[0].MIMEBundle()), svgOf(bw[0].MIMEBundle())} {
			if !strings.Contains(text, "modelled for "+name+" (its link table), not measured") {
				t.Errorf("%s: the output doesn't say the figures are modelled:\n%.400s", spec, text)
			}
		}
		if ok, _ := lat[0].Modelled(); !ok || lat[0].Rounds() != 0 {
			t.Errorf("%s: Modelled() = %v, Rounds() = %d", spec, ok, lat[0].Rounds())
		}
		if ok, _ := bw[0].Modelled(); !ok {
			t.Errorf("%s: the bandwidth matrix doesn't say it is modelled", spec)
		}
	}
	// The model follows the topology: a hop through the other socket is slower than one
	// through a PCIe switch.
	use(t, "sim:pcie4")
	lat, err := MeasureFlagLatency()
	if err != nil {
		t.Fatal(err)
	}
	if !(lat.At(0, 0) < lat.At(0, 1) && lat.At(0, 1) < lat.At(0, 2) && lat.At(0, 2) < lat.At(0, 3)) {
		t.Errorf("pcie4 latencies from GPU0 don't grow with the hops: %v", lat.Values()[0])
	}
	sweep, err := MeasureCopySweep(Dev(0), Dev(3), []int{4 << 10, 64 << 20}, MeasureRepeats(1))
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := sweep.Modelled(); !ok || !(sweep.At(0) < sweep.At(1) && sweep.At(1) <= 12) {
		t.Errorf("pcie4 GPU0 -> GPU3 sweep %v GB/s: want modelled, growing with the size up to the link's 12 GB/s", sweep.Values())
	}
	host, err := MeasureCopySweep(Host(), Dev(0), []int{64 << 20}, MeasureRepeats(1))
	if err != nil {
		t.Fatal(err)
	}
	if v := host.At(0); v <= 20 || v > 25 {
		t.Errorf("pcie4 host -> GPU0: %v GB/s, want close to the host link's 25 GB/s", v)
	}
}

// A link the preset models no figures for is refused, not reported as 0.
func TestModelRefusesAnUnmodelledLink(t *testing.T) {
	withSink(t)
	use(t, "sim:2")
	err := checkModel(backend.Link{Kind: backend.LinkNV, BandwidthGBps: 450}, Dev(0), Dev(1))
	wantErr(t, err, "the simulated preset models no latency or bandwidth between GPU0 and GPU1")
	if err := checkModel(backend.Link{BandwidthGBps: 1, LatencyUS: 1}, Dev(0), Host()); err != nil {
		t.Error(err)
	}
}

func TestMeasureFlagLatencyOptions(t *testing.T) {
	withSink(t)
	use(t, "sim:2")
	_, err := MeasureFlagLatency(MeasureBytes(4))
	wantErr(t, err, "measure flag latency: MeasureBytes: a hand-off moves one flag; set the round trips with MeasureRepeats")
	_, err = MeasureFlagLatency(MeasureRepeats(0))
	wantErr(t, err, "measure flag latency: MeasureRepeats(0): want from 1 to 1000000 round trips")
	_, err = MeasureFlagLatency(MeasureOption{})
	wantErr(t, err, "measure flag latency: an empty MeasureOption (make options with gpu.MeasureRepeats)")
}

// The ping-pong kernel MeasureFlagLatency times on CUDA devices hands the flag back and
// forth to the end on simulated devices too (its timing there is not reported).
func TestPingPongKernelRuns(t *testing.T) {
	withSink(t)
	use(t, "sim:2")
	k, err := pingPongKernel()
	if err != nil {
		t.Fatal(err)
	}
	for _, pair := range [][2]int{{0, 1}, {1, 0}, {0, 0}} {
		if d, err := pingPong(k, Dev(pair[0]), Dev(pair[1]), 50); err != nil || d <= 0 {
			t.Errorf("GPU%d -> GPU%d: %v, %v", pair[0], pair[1], d, err)
		}
	}
	if lookupKernel("peerbook_ping_pong") != nil {
		t.Error("the measurement's kernel is visible to cells")
	}
}

// current2 is the current machine, for tests.
func current2(t *testing.T) *machine {
	t.Helper()
	m, err := current()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func svgOf(b display.Bundle) string { s, _ := b.Data[display.MIMESVG].(string); return s }
