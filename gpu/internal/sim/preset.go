package sim

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// DefaultDeviceMemory is the memory of a simulated device unless its preset says otherwise.
const DefaultDeviceMemory = 1 << 30

// MaxDevices is the largest number of simulated devices.
const MaxDevices = 64

// Preset describes a simulated machine: its devices and the links between them.
//
// The links' BandwidthGBps and LatencyUS are what the modelled machine does, which
// measurements on simulated devices report instead of the CPU's speed: a link from a
// device to itself is its device-to-device copy bandwidth and the hand-off latency between
// two kernels on it; HostLink is the link between the host and every device.
type Preset struct {
	Name     string               // "nvswitch8", "pcie4", "nvlink2", "sim:3"
	Devices  []backend.DeviceInfo // Index, Backend and Simulated are set by New
	Links    [][]backend.Link     // Links[i][j]: from device i to device j
	HostLink backend.Link         // between the host and each device (pinned, mapped memory)
	About    string               // one line describing the machine
}

// Modelled figures of the presets' machines. Measured on an H200 (CUDA 13.0): 1 GiB
// device-to-device cudaMemcpy 2118 GB/s, host-to-device 51 GB/s; a flag ping-pong between
// two kernels on one GPU 1.50 us a round trip (system scope), GPU<->host through mapped
// pinned memory 2.97 us. The rest are nominal: NVLink 4 x18 450 GB/s one way, PCIe 4.0 x16
// 25 GB/s (20 GB/s through the host bridge, 12 GB/s across sockets), L40S memory 864 GB/s
// (a copy reads and writes it: 432 GB/s), and hand-off latencies that grow with the hops.
var (
	h200Self = backend.Link{Kind: backend.LinkSelf, P2PAccess: true, NativeAtomics: true, BandwidthGBps: 2118, LatencyUS: 0.75}
	h200Host = backend.Link{Kind: backend.LinkSYS, BandwidthGBps: 51, LatencyUS: 1.49}
	l40sSelf = backend.Link{Kind: backend.LinkSelf, P2PAccess: true, NativeAtomics: true, BandwidthGBps: 432, LatencyUS: 0.9}
	// GH200: NVLink-C2C between the GPU and its Grace CPU, 450 GB/s each way (nominal),
	// coherent: a hand-off with the host is about one NVLink hop.
	gh200Host = backend.Link{Kind: backend.LinkNV, P2PAccess: true, NativeAtomics: true, BandwidthGBps: 450, LatencyUS: 1.2}
	l40sHost  = backend.Link{Kind: backend.LinkSYS, BandwidthGBps: 25, LatencyUS: 1.6}
)

// nvlinkLatencyUS is the modelled one-way hand-off latency between two GPUs over NVLink
// (through NVSwitch or direct).
const nvlinkLatencyUS = 1.2

// Presets returns the names of the built-in presets, for help texts.
func Presets() []string { return []string{"nvswitch8", "pcie4", "nvlink2", "gh200"} }

// LookupPreset returns the preset named name: "nvswitch8" (8 GPUs, NV18 between every pair,
// like an NVSwitch box), "pcie4" (4 GPUs on PCIe: PIX, PHB and SYS links, no P2P across
// sockets), "nvlink2" (2 GPUs, NV18), "gh200" (2 Grace Hopper superchips: NVLink-C2C to the
// host, native host atomics), a number N (N GPUs, NVLink between every pair), or "" (the
// default: 2 GPUs). Each preset carries the capabilities of the machine it models (see
// preset_caps.go): every one but gh200 is an x86 box without host-native atomics.
func LookupPreset(name string) (Preset, error) {
	p, err := lookupPreset(name)
	if err != nil {
		return Preset{}, err
	}
	return presetCaps(p), nil
}

func lookupPreset(name string) (Preset, error) {
	switch name {
	case "gh200":
		return gh200(), nil
	case "":
		return generic(2), nil
	case "nvswitch8":
		return nvswitch8(), nil
	case "pcie4":
		return pcie4(), nil
	case "nvlink2":
		return nvlink2(), nil
	}
	n, err := strconv.Atoi(name)
	if err != nil {
		return Preset{}, fmt.Errorf("unknown simulator preset %q (want a device count or one of %s)",
			name, strings.Join(Presets(), ", "))
	}
	if n < 1 || n > MaxDevices {
		return Preset{}, fmt.Errorf("simulator preset %q: device count must be 1..%d", name, MaxDevices)
	}
	return generic(n), nil
}

func gpuInfo(i int, model string, cc [2]int, sms int, bus string, numa int, cpus string) backend.DeviceInfo {
	return backend.DeviceInfo{
		Index:              i,
		Name:               fmt.Sprintf("sim-%s-%d", model, i),
		ComputeCapability:  cc,
		MemoryBytes:        DefaultDeviceMemory,
		SMs:                sms,
		PCIBusID:           bus,
		NUMANode:           numa,
		CPUAffinity:        cpus,
		MaxThreadsPerBlock: 1024,
		MaxSharedPerBlock:  48 << 10,
	}
}

// nvlinkAll links every pair of n devices with NV18 (NVLink 4, 450 GB/s per direction).
func nvlinkAll(n int) [][]backend.Link {
	links := make([][]backend.Link, n)
	for i := range links {
		links[i] = make([]backend.Link, n)
		for j := range links[i] {
			if i == j {
				links[i][j] = h200Self
				continue
			}
			links[i][j] = backend.Link{Kind: backend.LinkNV, NVLinks: 18, NVLinkVersion: 4,
				P2PAccess: true, NativeAtomics: true, PerfRank: 0, BandwidthGBps: 450, LatencyUS: nvlinkLatencyUS}
		}
	}
	return links
}

func generic(n int) Preset {
	p := Preset{Name: fmt.Sprintf("sim:%d", n), Links: nvlinkAll(n), HostLink: h200Host,
		About: fmt.Sprintf("%d simulated GPUs, NVLink between every pair", n)}
	for i := 0; i < n; i++ {
		p.Devices = append(p.Devices, gpuInfo(i, "GPU", [2]int{9, 0}, 4,
			fmt.Sprintf("0000:%02x:00.0", 0x10+i), 0, ""))
	}
	return p
}

func nvswitch8() Preset {
	p := Preset{Name: "nvswitch8", Links: nvlinkAll(8), HostLink: h200Host,
		About: "8 simulated H200 GPUs behind NVSwitch, NV18 between every pair"}
	buses := []int{0x18, 0x2a, 0x3a, 0x5d, 0x9a, 0xab, 0xba, 0xdb}
	for i := 0; i < 8; i++ {
		numa, cpus := 0, "0-47"
		if i >= 4 {
			numa, cpus = 1, "48-95"
		}
		p.Devices = append(p.Devices, gpuInfo(i, "H200", [2]int{9, 0}, 8,
			fmt.Sprintf("0000:%02x:00.0", buses[i]), numa, cpus))
	}
	return p
}

func nvlink2() Preset {
	p := Preset{Name: "nvlink2", Links: nvlinkAll(2), HostLink: h200Host,
		About: "2 simulated H200 GPUs, NV18 between them"}
	for i := 0; i < 2; i++ {
		p.Devices = append(p.Devices, gpuInfo(i, "H200", [2]int{9, 0}, 8,
			fmt.Sprintf("0000:%02x:00.0", 0x18+0x10*i), 0, "0-31"))
	}
	return p
}

// pcie4 is a two-socket PCIe box: GPU0 and GPU1 behind one PCIe switch (PIX), GPU2 on
// another root port of the same CPU (PHB), GPU3 on the other socket (SYS, no P2P).
func pcie4() Preset {
	p := Preset{Name: "pcie4", HostLink: l40sHost,
		About: "4 simulated L40S GPUs on PCIe: GPU0-GPU1 PIX, GPU2 PHB, GPU3 on the other socket (SYS, no P2P)"}
	numas := []int{0, 0, 0, 1}
	cpus := []string{"0-31", "0-31", "0-31", "32-63"}
	buses := []int{0x17, 0x18, 0x65, 0xb3}
	for i := 0; i < 4; i++ {
		p.Devices = append(p.Devices, gpuInfo(i, "L40S", [2]int{8, 9}, 4,
			fmt.Sprintf("0000:%02x:00.0", buses[i]), numas[i], cpus[i]))
	}
	// Without P2P (SYS) a hand-off goes through host memory: a hop to the host and one
	// from it, across the sockets.
	pix := backend.Link{Kind: backend.LinkPIX, P2PAccess: true, PerfRank: 1, BandwidthGBps: 25, LatencyUS: 1.8}
	phb := backend.Link{Kind: backend.LinkPHB, P2PAccess: true, PerfRank: 2, BandwidthGBps: 20, LatencyUS: 2.3}
	sys := backend.Link{Kind: backend.LinkSYS, PerfRank: 3, BandwidthGBps: 12, LatencyUS: 3.6}
	self := l40sSelf
	kinds := [4][4]backend.Link{
		{self, pix, phb, sys},
		{pix, self, phb, sys},
		{phb, phb, self, sys},
		{sys, sys, sys, self},
	}
	p.Links = make([][]backend.Link, 4)
	for i := range p.Links {
		p.Links[i] = kinds[i][:]
	}
	return p
}
