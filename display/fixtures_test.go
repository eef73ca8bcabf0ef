package display

import (
	"fmt"
	"strings"
)

// topoFromMatrix builds a TopologyView from nvidia-smi style rows; numa gives each device's
// NUMA node (-1 unknown), affinity the CPU affinity of each NUMA node.
func topoFromMatrix(name string, memGiB uint64, sim bool, numa []int, affinity map[int]string, bw map[string]float64, rows ...string) TopologyView {
	n := len(rows)
	v := TopologyView{Source: "test", Links: make([][]TopologyLink, n)}
	for i, row := range rows {
		cells := strings.Fields(row)
		v.Devices = append(v.Devices, TopologyDevice{
			Name: name, MemoryBytes: memGiB << 30, Simulated: sim, NUMANode: numa[i], CPUAffinity: affinity[numa[i]],
			PCIBusID: fmt.Sprintf("0000:%02x:00.0", 0x18+0x11*i),
		})
		v.Links[i] = make([]TopologyLink, n)
		for j, c := range cells {
			l := TopologyLink{Label: c}
			if strings.HasPrefix(c, "NV") {
				fmt.Sscanf(c, "NV%d", &l.NVLinks)
				l.P2PAccess, l.NativeAtomics = true, true
			} else if c == "PIX" || c == "PXB" {
				l.P2PAccess = true
			}
			if b, ok := bw[c]; ok {
				l.BandwidthGBps = b
			}
			v.Links[i][j] = l
		}
	}
	return v
}

func topoOne() TopologyView {
	return topoFromMatrix("NVIDIA H200", 141, false, []int{0}, map[int]string{0: "0-47,96-143"}, nil, "X")
}

func topoTwoNV() TopologyView {
	return topoFromMatrix("NVIDIA H200", 141, false, []int{0, 0}, map[int]string{0: "0-47,96-143"},
		map[string]float64{"NV18": 450}, "X NV18", "NV18 X")
}

func topoFourPCIe() TopologyView {
	return topoFromMatrix("NVIDIA L40S", 45, false, []int{0, 0, 1, 1}, map[int]string{0: "0-31", 1: "32-63"},
		map[string]float64{"PIX": 26, "SYS": 12},
		"X PIX SYS SYS",
		"PIX X SYS SYS",
		"SYS SYS X PIX",
		"SYS SYS PIX X")
}

func topoFourPairs() TopologyView {
	return topoFromMatrix("sim-A100", 80, true, []int{-1, -1, -1, -1}, nil, nil,
		"X NV12 PHB PHB",
		"NV12 X PHB PHB",
		"PHB PHB X NV12",
		"PHB PHB NV12 X")
}

func topoEightSwitch() TopologyView {
	rows := make([]string, 8)
	for i := range rows {
		cells := make([]string, 8)
		for j := range cells {
			cells[j] = "NV18"
			if i == j {
				cells[j] = "X"
			}
		}
		rows[i] = strings.Join(cells, " ")
	}
	return topoFromMatrix("NVIDIA H200", 141, false, []int{0, 0, 0, 0, 1, 1, 1, 1},
		map[int]string{0: "0-47,96-143", 1: "48-95,144-191"}, map[string]float64{"NV18": 450}, rows...)
}

func topoEightCubeMesh() TopologyView {
	return topoFromMatrix("Tesla V100-SXM2-32GB", 32, false, []int{0, 0, 0, 0, 1, 1, 1, 1},
		map[int]string{0: "0-19,40-59", 1: "20-39,60-79"}, map[string]float64{"NV1": 25, "NV2": 50},
		"X NV1 NV1 NV2 NV2 SYS SYS SYS",
		"NV1 X NV2 NV1 SYS NV2 SYS SYS",
		"NV1 NV2 X NV2 SYS SYS NV1 SYS",
		"NV2 NV1 NV2 X SYS SYS SYS NV1",
		"NV2 SYS SYS SYS X NV1 NV1 NV2",
		"SYS NV2 SYS SYS NV1 X NV2 NV1",
		"SYS SYS NV1 SYS NV1 NV2 X NV2",
		"SYS SYS SYS NV1 NV2 NV1 NV2 X")
}

func topoEightPCIe() TopologyView {
	return topoFromMatrix("NVIDIA RTX 6000 Ada Generation", 48, false, []int{0, 0, 0, 0, 1, 1, 1, 1},
		map[int]string{0: "0-31", 1: "32-63"}, nil,
		"X PIX PXB PXB SYS SYS SYS SYS",
		"PIX X PXB PXB SYS SYS SYS SYS",
		"PXB PXB X PIX SYS SYS SYS SYS",
		"PXB PXB PIX X SYS SYS SYS SYS",
		"SYS SYS SYS SYS X PIX NODE NODE",
		"SYS SYS SYS SYS PIX X NODE NODE",
		"SYS SYS SYS SYS NODE NODE X PIX",
		"SYS SYS SYS SYS NODE NODE PIX X")
}

// topoFixtures are the topologies the tests render.
var topoFixtures = map[string]func() TopologyView{
	"1-h200": topoOne, "2-nv18": topoTwoNV, "4-pcie": topoFourPCIe, "4-pairs-sim": topoFourPairs,
	"8-nvswitch": topoEightSwitch, "8-cubemesh": topoEightCubeMesh, "8-pcie": topoEightPCIe,
}
