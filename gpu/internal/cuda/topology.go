package cuda

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// nvmlAPI is NVML (libnvidia-ml.so.1). Every symbol is resolved before use and no NVML
// call is made unless nvmlInit_v2 succeeded: calling NVML after a failed init, or a symbol
// the driver lacks, kills the process.
type nvmlAPI struct {
	lib *library

	initV2, shutdownFn, errorString, systemDriverVersion          uintptr
	handleByBusID, commonAncestor, p2pStatus                      uintptr
	nvLinkState, nvLinkVersion, nvLinkRemotePci, nvLinkRemoteType uintptr
	maxPcieGen, maxPcieWidth                                      uintptr
}

func loadNVML() (*nvmlAPI, error) {
	lib, err := openLibrary("NVML (libnvidia-ml.so.1)", nvmlLibraryCandidates())
	if err != nil {
		return nil, err
	}
	n := &nvmlAPI{lib: lib}
	err = resolve(lib, []symbolSpec{
		{fn: &n.initV2, names: []string{"nvmlInit_v2"}},
		{fn: &n.shutdownFn, names: []string{"nvmlShutdown"}},
		{fn: &n.errorString, names: []string{"nvmlErrorString"}},
		{fn: &n.handleByBusID, names: []string{"nvmlDeviceGetHandleByPciBusId_v2", "nvmlDeviceGetHandleByPciBusId"}},
		{fn: &n.commonAncestor, names: []string{"nvmlDeviceGetTopologyCommonAncestor"}, optional: true},
		{fn: &n.p2pStatus, names: []string{"nvmlDeviceGetP2PStatus"}, optional: true},
		{fn: &n.nvLinkState, names: []string{"nvmlDeviceGetNvLinkState"}, optional: true},
		{fn: &n.nvLinkVersion, names: []string{"nvmlDeviceGetNvLinkVersion"}, optional: true},
		{fn: &n.nvLinkRemotePci, names: []string{"nvmlDeviceGetNvLinkRemotePciInfo_v2"}, optional: true},
		{fn: &n.nvLinkRemoteType, names: []string{"nvmlDeviceGetNvLinkRemoteDeviceType"}, optional: true},
		{fn: &n.maxPcieGen, names: []string{"nvmlDeviceGetMaxPcieLinkGeneration"}, optional: true},
		{fn: &n.maxPcieWidth, names: []string{"nvmlDeviceGetMaxPcieLinkWidth"}, optional: true},
		{fn: &n.systemDriverVersion, names: []string{"nvmlSystemGetDriverVersion"}, optional: true},
	})
	if err != nil {
		return nil, err
	}
	if r := ccall(n.initV2); r != 0 {
		return nil, fmt.Errorf("nvmlInit_v2 (%s): %s", lib.describe(), n.errorText(r))
	}
	return n, nil
}

func (n *nvmlAPI) errorText(r cuResult) string {
	if s := goString(ccallPtr(n.errorString, uintptr(r))); s != "" {
		return s
	}
	return fmt.Sprintf("nvmlReturn %d", int(r))
}

func (n *nvmlAPI) shutdown() { ccall(n.shutdownFn) }

func (n *nvmlAPI) driverVersion() string {
	if n.systemDriverVersion == 0 {
		return "unknown"
	}
	buf := cbuf(96)
	if ccall(n.systemDriverVersion, cptr(buf), uintptr(len(buf))) != 0 {
		return "unknown"
	}
	return goString(cptr(buf))
}

// handle finds the NVML device of a PCI bus id ("0000:18:00.0").
func (n *nvmlAPI) handle(busID string) (uintptr, error) {
	var h uintptr
	id := cString(busID)
	r := ccall(n.handleByBusID, cptr(id), uintptr(unsafe.Pointer(&h)))
	runtime.KeepAlive(id)
	if r != 0 {
		return 0, fmt.Errorf("nvmlDeviceGetHandleByPciBusId(%s): %s", busID, n.errorText(r))
	}
	return h, nil
}

// nvLink is one active NVLink of a device.
type nvLink struct {
	version  int
	remote   string // PCI bus id of the other end, normalized
	toSwitch bool
}

// links lists the active NVLinks of h.
func (n *nvmlAPI) links(h uintptr) []nvLink {
	if n.nvLinkState == 0 {
		return nil
	}
	var out []nvLink
	for l := uintptr(0); l < nvmlMaxLinksToTry; l++ {
		var active int32
		r := ccall(n.nvLinkState, h, l, uintptr(unsafe.Pointer(&active)))
		if r == nvmlErrorInvalidArgument {
			break // past the last link
		}
		if r != 0 || active == 0 {
			continue
		}
		link := nvLink{}
		if n.nvLinkVersion != 0 {
			var v uint32
			if ccall(n.nvLinkVersion, h, l, uintptr(unsafe.Pointer(&v))) == 0 {
				link.version = int(v)
			}
		}
		if n.nvLinkRemotePci != 0 {
			info := cbuf(128) // nvmlPciInfo_t is 68 bytes; room to spare
			if ccall(n.nvLinkRemotePci, h, l, cptr(info)) == 0 {
				link.remote = normalizeBusID(goString(cptr(info[nvmlPciInfoBusIDOffset:nvmlPciInfoSize])))
			}
		}
		if n.nvLinkRemoteType != 0 {
			var t int32
			if ccall(n.nvLinkRemoteType, h, l, uintptr(unsafe.Pointer(&t))) == 0 {
				link.toSwitch = t == nvmlNVLinkDeviceTypeSwitch
			}
		}
		out = append(out, link)
	}
	return out
}

// normalizeBusID writes a PCI bus id as domain:bus:device.function with a 4-digit domain,
// lower case ("00000000:18:00.0" -> "0000:18:00.0").
func normalizeBusID(id string) string {
	id = strings.ToLower(strings.TrimSpace(id))
	parts := strings.SplitN(id, ":", 2)
	if len(parts) == 2 && len(parts[0]) > 4 {
		parts[0] = parts[0][len(parts[0])-4:]
	}
	return strings.Join(parts, ":")
}

// nvLinkGBps is the nominal bandwidth of one NVLink, one direction, by NVLink version.
func nvLinkGBps(version int) float64 {
	switch version {
	case 1:
		return 20
	case 2, 3, 4:
		return 25
	case 5:
		return 50
	}
	return 0
}

// pcieGBps is the nominal bandwidth of a PCIe link, one direction.
func pcieGBps(gen, width int) float64 {
	perLane := map[int]float64{1: 0.25, 2: 0.5, 3: 0.985, 4: 1.969, 5: 3.938, 6: 7.563}[gen]
	return perLane * float64(width)
}

// Topology describes how every pair of devices is connected: NVML's common ancestor and
// NVLinks where NVML is present, the driver's peer-to-peer attributes always, and sysfs
// (PCI paths) where NVML is missing. Source says which of them answered.
func (b *Backend) Topology() (backend.Topology, error) {
	b.topoOnce.Do(func() { b.topo, b.topoErr = b.topology() })
	t := b.topo
	t.Devices = append([]backend.DeviceInfo(nil), t.Devices...)
	links := make([][]backend.Link, len(b.topo.Links))
	for i := range links {
		links[i] = append([]backend.Link(nil), b.topo.Links[i]...)
	}
	t.Links = links
	return t, b.topoErr
}

func (b *Backend) topology() (backend.Topology, error) {
	n := len(b.devices)
	t := backend.Topology{Devices: b.Devices(), Links: make([][]backend.Link, n)}
	var sources []string
	handles := make([]uintptr, n)
	haveNVML := b.nvml != nil
	if haveNVML {
		for i, d := range b.devices {
			h, err := b.nvml.handle(d.info.PCIBusID)
			if err != nil {
				haveNVML = false
				sources = append(sources, "nvml failed: "+err.Error())
				break
			}
			handles[i] = h
		}
	} else if b.nvmlErr != nil {
		sources = append(sources, "no nvml: "+b.nvmlErr.Error())
	}
	links := make([][]nvLink, n)
	if haveNVML {
		sources = append([]string{"nvml"}, sources...)
		for i := range b.devices {
			links[i] = b.nvml.links(handles[i])
		}
	} else {
		sources = append([]string{"sysfs"}, sources...)
	}
	sources = append(sources, "driver")
	for i := range b.devices {
		t.Links[i] = make([]backend.Link, n)
		for j := range b.devices {
			if i == j {
				t.Links[i][j] = backend.Link{Kind: backend.LinkSelf, P2PAccess: true, NativeAtomics: true}
				continue
			}
			var l backend.Link
			if haveNVML {
				l = b.nvmlLink(handles[i], handles[j], links[i], links[j], b.devices[j].info.PCIBusID)
			} else {
				l.Kind = sysfsLinkKind(b.devices[i].info, b.devices[j].info)
			}
			b.driverP2P(b.devices[i], b.devices[j], &l)
			t.Links[i][j] = l
		}
	}
	t.Source = strings.Join(sources, ", ")
	return t, nil
}

// nvmlLink describes the link from device a to device b as NVML sees it.
func (b *Backend) nvmlLink(ha, hb uintptr, la, lb []nvLink, busB string) backend.Link {
	n := b.nvml
	l := backend.Link{Kind: backend.LinkSYS}
	if n.commonAncestor != 0 {
		var level int32
		if ccall(n.commonAncestor, ha, hb, uintptr(unsafe.Pointer(&level))) == 0 {
			switch level {
			case nvmlTopologyInternal, nvmlTopologySingle:
				l.Kind = backend.LinkPIX
			case nvmlTopologyMultiple:
				l.Kind = backend.LinkPXB
			case nvmlTopologyHostBridge:
				l.Kind = backend.LinkPHB
			case nvmlTopologyNode:
				l.Kind = backend.LinkNODE
			default:
				l.Kind = backend.LinkSYS
			}
		}
	}
	// NVLinks: those that end at b, or, through NVSwitches, all switch links of both ends.
	direct, switchA, switchB, version := 0, 0, 0, 0
	for _, x := range la {
		if x.remote == busB {
			direct++
			version = max(version, x.version)
		}
		if x.toSwitch {
			switchA++
			version = max(version, x.version)
		}
	}
	for _, x := range lb {
		if x.toSwitch {
			switchB++
		}
	}
	count := direct
	if count == 0 && switchA > 0 && switchB > 0 {
		count = min(switchA, switchB)
		if n.p2pStatus != 0 {
			var status int32
			if ccall(n.p2pStatus, ha, hb, nvmlP2PCapsIndexNVLink, uintptr(unsafe.Pointer(&status))) == 0 && status != 0 {
				count = 0
			}
		}
	}
	if count > 0 {
		l.Kind = backend.LinkNV
		l.NVLinks = count
		l.NVLinkVersion = version
		l.BandwidthGBps = float64(count) * nvLinkGBps(version)
		return l
	}
	if n.maxPcieGen != 0 && n.maxPcieWidth != 0 {
		gen, width := 99, 99
		for _, h := range []uintptr{ha, hb} {
			var g, w uint32
			if ccall(n.maxPcieGen, h, uintptr(unsafe.Pointer(&g))) == 0 && ccall(n.maxPcieWidth, h, uintptr(unsafe.Pointer(&w))) == 0 {
				gen, width = min(gen, int(g)), min(width, int(w))
			} else {
				gen = 0
			}
		}
		if gen > 0 && gen < 99 {
			l.BandwidthGBps = pcieGBps(gen, width)
		}
	}
	return l
}

// driverP2P fills the driver's peer-to-peer facts for the pair.
func (b *Backend) driverP2P(from, to *device, l *backend.Link) {
	var can int32
	if ccall(b.drv.cuDeviceCanAccessPeer, uintptr(unsafe.Pointer(&can)), from.handle, to.handle) == 0 {
		l.P2PAccess = can != 0
	}
	if b.drv.cuDeviceGetP2PAttribute == 0 {
		return
	}
	attr := func(a int) (int, bool) {
		var v int32
		if ccall(b.drv.cuDeviceGetP2PAttribute, uintptr(unsafe.Pointer(&v)), uintptr(a), from.handle, to.handle) != 0 {
			return 0, false
		}
		return int(v), true
	}
	if v, ok := attr(p2pAttrAccessSupported); ok {
		l.P2PAccess = v != 0
	}
	if v, ok := attr(p2pAttrNativeAtomicSupport); ok {
		l.NativeAtomics = v != 0
	}
	if v, ok := attr(p2pAttrPerformanceRank); ok {
		l.PerfRank = v
	}
}

// sysfsLinkKind guesses the PCIe relation of two devices from their sysfs paths (no NVML).
func sysfsLinkKind(a, b backend.DeviceInfo) backend.LinkKind {
	pa, errA := filepath.EvalSymlinks(filepath.Join("/sys/bus/pci/devices", a.PCIBusID))
	pb, errB := filepath.EvalSymlinks(filepath.Join("/sys/bus/pci/devices", b.PCIBusID))
	if errA != nil || errB != nil || a.PCIBusID == "" || b.PCIBusID == "" {
		return backend.LinkSYS
	}
	return pciPathKind(pa, pb, a.NUMANode, b.NUMANode)
}

// pciPathKind classifies two sysfs device paths (/sys/devices/pci0000:17/0000:17:01.0/...).
func pciPathKind(pa, pb string, numaA, numaB int) backend.LinkKind {
	ca, cb := pciComponents(pa), pciComponents(pb)
	if len(ca) == 0 || len(cb) == 0 || ca[0] != cb[0] {
		if numaA >= 0 && numaA == numaB {
			return backend.LinkNODE
		}
		return backend.LinkSYS
	}
	common := 0
	for common < len(ca) && common < len(cb) && ca[common] == cb[common] {
		common++
	}
	// common == 1: only the root complex is shared.
	bridges := (len(ca) - 1 - common) + (len(cb) - 1 - common)
	switch {
	case common <= 1:
		return backend.LinkPHB
	case bridges <= 2:
		return backend.LinkPIX
	default:
		return backend.LinkPXB
	}
}

// pciComponents returns the PCI parts of a sysfs path, root complex first.
func pciComponents(p string) []string {
	var out []string
	for _, c := range strings.Split(p, string(os.PathSeparator)) {
		if strings.HasPrefix(c, "pci") || strings.Count(c, ":") == 2 {
			out = append(out, c)
		}
	}
	return out
}

// LinkTo returns the link from device dev to the GPU whose PCI bus id is bus, which this
// backend may not have opened (another rank's): the same facts as Topology, NVML's where it
// loaded and the driver's peer-to-peer attributes. The same GPU is LinkSelf.
func (b *Backend) LinkTo(dev int, bus string) (backend.Link, error) {
	d, err := b.device(dev)
	if err != nil {
		return backend.Link{}, err
	}
	bus = normalizeBusID(bus)
	if bus == d.info.PCIBusID {
		return backend.Link{Kind: backend.LinkSelf, P2PAccess: true, NativeAtomics: true}, nil
	}
	if b.drv.cuDeviceGetByPCIBusId == 0 {
		return backend.Link{}, fmt.Errorf("link to GPU %s: the driver lacks cuDeviceGetByPCIBusId", bus)
	}
	var h int32
	id := cString(bus)
	if r := ccall(b.drv.cuDeviceGetByPCIBusId, uintptr(unsafe.Pointer(&h)), cptr(id)); r != 0 {
		return backend.Link{}, fmt.Errorf("link to GPU %s: %w", bus, b.newError("cuDeviceGetByPCIBusId", dev, r))
	}
	other := &device{index: -1, handle: uintptr(h)}
	other.info.PCIBusID = bus
	l := backend.Link{Kind: sysfsLinkKind(d.info, other.info)}
	if b.nvml != nil {
		ha, errA := b.nvml.handle(d.info.PCIBusID)
		hb, errB := b.nvml.handle(bus)
		if errA == nil && errB == nil {
			l = b.nvmlLink(ha, hb, b.nvml.links(ha), b.nvml.links(hb), bus)
		}
	}
	b.driverP2P(d, other, &l)
	return l, nil
}
