package sim

import (
	"fmt"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// The capability sets of the machines the presets model, as their CUDA drivers report them
// (see backend.DeviceCaps). A preset behaves like its machine: the gpu package refuses,
// from these facts, what the machine cannot do atomically, on simulated devices as on CUDA.

// x86Host is a GPU on PCIe in an x86 server (DGX H100/H200, L40S boxes, the lent H200 VM):
// no host-native atomics, managed memory shared concurrently, pageable memory not
// guaranteed (HMM depends on the kernel and driver), no access through host page tables.
func x86Host() backend.DeviceCaps {
	c := backend.DeviceCaps{Known: true, ConcurrentManagedAccess: true}
	c.HostLink = backend.HostLinkOf(c)
	return c
}

// c2cHost is a Hopper GPU on NVLink-C2C to a Grace CPU (GH200): native atomics with the
// host, pageable memory through the host's page tables (ATS).
func c2cHost() backend.DeviceCaps {
	c := backend.DeviceCaps{Known: true, HostNativeAtomics: true, PageableMemoryAccess: true,
		PageableUsesHostPageTables: true, ConcurrentManagedAccess: true}
	c.HostLink = backend.HostLinkOf(c)
	return c
}

// withCaps gives every device of p the capabilities caps, where the preset set none.
func withCaps(p Preset, caps backend.DeviceCaps) Preset {
	for i := range p.Devices {
		if !p.Devices[i].Caps.Known {
			p.Devices[i].Caps = caps
		}
	}
	return p
}

// presetCaps completes a built-in preset with its machine's capabilities: GPUs behind one
// PCIe switch (pcie4's PIX pair) have native P2P atomics, pairs through a host bridge
// (PHB) have P2P access without them, and pairs across sockets (SYS) have neither.
func presetCaps(p Preset) Preset {
	if p.Name == "pcie4" {
		for i, row := range p.Links {
			for j := range row {
				if i != j && row[j].Kind == backend.LinkPIX {
					row[j].NativeAtomics = true
				}
			}
		}
	}
	return withCaps(p, x86Host())
}

// gh200 is a Grace Hopper node of two GH200 superchips (GH200 NVL2): each H200 GPU reaches
// its Grace CPU's memory over NVLink-C2C, with native host atomics, and the two GPUs are
// linked by NVLink (NV18, native P2P atomics).
func gh200() Preset {
	p := Preset{Name: "gh200", Links: nvlinkAll(2), HostLink: gh200Host,
		About: "2 simulated GH200 superchips: each GPU on NVLink-C2C to its Grace CPU (native host atomics), NV18 between the GPUs"}
	for i := 0; i < 2; i++ {
		d := gpuInfo(i, "GH200", [2]int{9, 0}, 8, fmt.Sprintf("0009:%02x:00.0", 0x01+i), i, fmt.Sprintf("%d-%d", 72*i, 72*i+71))
		d.Caps = c2cHost()
		p.Devices = append(p.Devices, d)
	}
	return p
}
