package gpu

import (
	"errors"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/gokernel"
)

// The conversions between the API's types (types.go, Caps, PanicError, Stats) and the
// types of the backends and of package display, which keep their own. Every crossing goes
// through these functions; TestBoundaryConvertsEveryField keeps them complete (a field
// added on one side only fails it). Types with the same fields convert directly, so that
// the compiler checks them.

// backend returns d as the backends name it (the same numbering: TestDTypesAgree).
func (d DType) backend() backend.DType { return backend.DType(d) }

// dtypeOf returns a backend's element type as the API's.
func dtypeOf(d backend.DType) DType { return DType(d) }

// backend returns d as the backends take it.
func (d Dim3) backend() backend.Dim3 { return backend.Dim3(d) }

// capsOf returns a backend's device capabilities as the API's.
func capsOf(c backend.DeviceCaps) Caps {
	return Caps{Known: c.Known, HostNativeAtomics: c.HostNativeAtomics, PageableMemoryAccess: c.PageableMemoryAccess,
		PageableUsesHostPageTables: c.PageableUsesHostPageTables, ConcurrentManagedAccess: c.ConcurrentManagedAccess,
		HostLink: HostLinkKind(c.HostLink)}
}

// deviceInfoOf returns a backend's device description as the API's.
func deviceInfoOf(i backend.DeviceInfo) DeviceInfo {
	return DeviceInfo{Index: i.Index, Name: i.Name, Backend: i.Backend, Simulated: i.Simulated,
		ComputeCapability: i.ComputeCapability, Arch: i.Arch, MemoryBytes: i.MemoryBytes, SMs: i.SMs,
		PCIBusID: i.PCIBusID, NUMANode: i.NUMANode, CPUAffinity: i.CPUAffinity,
		MaxThreadsPerBlock: i.MaxThreadsPerBlock, MaxSharedPerBlock: i.MaxSharedPerBlock, Caps: capsOf(i.Caps)}
}

// linkOf returns a backend's link as the API's.
func linkOf(l backend.Link) Link {
	return Link{Kind: LinkKind(l.Kind), NVLinks: l.NVLinks, NVLinkVersion: l.NVLinkVersion, P2PAccess: l.P2PAccess,
		NativeAtomics: l.NativeAtomics, PerfRank: l.PerfRank, BandwidthGBps: l.BandwidthGBps, LatencyUS: l.LatencyUS}
}

// backend returns l as the backends name it.
func (l Link) backend() backend.Link {
	return backend.Link{Kind: backend.LinkKind(l.Kind), NVLinks: l.NVLinks, NVLinkVersion: l.NVLinkVersion,
		P2PAccess: l.P2PAccess, NativeAtomics: l.NativeAtomics, PerfRank: l.PerfRank, BandwidthGBps: l.BandwidthGBps,
		LatencyUS: l.LatencyUS}
}

// linksOf returns a backend's link matrix as the API's.
func linksOf(ls [][]backend.Link) [][]Link {
	if ls == nil {
		return nil
	}
	out := make([][]Link, len(ls))
	for i, row := range ls {
		out[i] = make([]Link, len(row))
		for j, l := range row {
			out[i][j] = linkOf(l)
		}
	}
	return out
}

// paramOf returns a backend's kernel parameter as the API's.
func paramOf(p backend.Param) Param {
	return Param{Name: p.Name, Kind: ParamKind(p.Kind), DType: dtypeOf(p.DType), Const: p.Const}
}

// backend returns p as the backends name it.
func (p Param) backend() backend.Param {
	return backend.Param{Name: p.Name, Kind: backend.ParamKind(p.Kind), DType: p.DType.backend(), Const: p.Const}
}

// signatureOf returns a backend's kernel signature as the API's.
func signatureOf(s backend.Signature) Signature {
	out := Signature{Name: s.Name, Params: make([]Param, len(s.Params))}
	for i, p := range s.Params {
		out.Params[i] = paramOf(p)
	}
	return out
}

// backend returns s as the backends name it.
func (s Signature) backend() backend.Signature {
	out := backend.Signature{Name: s.Name, Params: make([]backend.Param, len(s.Params))}
	for i, p := range s.Params {
		out.Params[i] = p.backend()
	}
	return out
}

// statsOf returns display's statistics as the API's.
func statsOf(s display.Stats) Stats { return Stats(s) }

// display returns s as package display takes it.
func (s Stats) display() display.Stats { return display.Stats(s) }

// backendError returns err, an error of a backend or of a Go kernel's run, with the API's
// types in it: errors.As finds a Go kernel thread's failure (a *gokernel.PanicError,
// anywhere in the chain) as a *PanicError. The text stays the same. Every error of a launch
// or a synchronization passes through it (explainFault).
func backendError(err error) error {
	var bp *gokernel.PanicError
	if err == nil || !errors.As(err, &bp) {
		return err
	}
	pe := PanicError(*bp) // a copy: the backend's stays as it was
	if err == error(bp) {
		return &pe
	}
	return &kernelPanic{err: err, panic: &pe}
}

// kernelPanic is a backend's error whose chain holds a Go kernel's failure: it reads as the
// backend's error, and unwraps to the failure as a *PanicError and to the backend's error.
type kernelPanic struct {
	err   error
	panic *PanicError
}

func (e *kernelPanic) Error() string { return e.err.Error() }

// Unwrap returns the *PanicError and the backend's error (errors.Is still finds what the
// backend's error wraps).
func (e *kernelPanic) Unwrap() []error { return []error{e.panic, e.err} }
