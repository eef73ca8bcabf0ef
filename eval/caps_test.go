package eval

import "testing"

// A cell reads the devices' capabilities and sees a refused host atomic as an error it can
// test for (gpu.ErrCapability, *gpu.CapabilityError), with the device-made add as way out.
func TestCapabilitiesInACell(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, `import (
	"errors"
	"fmt"

	"peerbook/gpu"
)`)
	got, _ := mustExec(t, s, `gpu.Use("sim:pcie4")
c := gpu.Dev(0).Caps()
l, _ := gpu.Dev(0).PairCaps(gpu.Dev(2))
fmt.Sprintf("%v %v %s %v %v", c.HostNativeAtomics, c.HostLink == gpu.HostLinkPCIe, l.Label(), l.P2PAccess, l.NativeAtomics)`)
	if got != "false true PHB true false" {
		t.Errorf("caps on pcie4: %s", got)
	}
	got, _ = mustExec(t, s, `counter, _ := gpu.Host().AllocShared(gpu.Uint64, 1)
_, err := counter.AtomicAdd(0, 1)
var ce *gpu.CapabilityError
old, err2 := counter.AtomicAddVia(gpu.Dev(1), 0, 5)
v, _ := counter.AtomicLoad(0)
fmt.Sprintf("%v %v %d %v %d", errors.Is(err, gpu.ErrCapability), errors.As(err, &ce) && ce.Capability == "host-native atomics", old, err2, v)`)
	if got != "true true 0 <nil> 5" {
		t.Errorf("host atomic refused, add via GPU1: %s", got)
	}
	got, _ = mustExec(t, s, `gpu.Use("sim:gh200")
h, _ := gpu.Host().AllocShared(gpu.Uint64, 1)
o, err3 := h.AtomicAdd(0, 2)
fmt.Sprintf("%s %d %v", gpu.Dev(0).Caps().HostLink, o, err3)`)
	if got != "NVLink-C2C 0 <nil>" {
		t.Errorf("host atomic on gh200: %s", got)
	}
}
