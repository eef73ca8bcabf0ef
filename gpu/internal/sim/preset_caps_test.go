package sim

import (
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// Every built-in preset carries the capabilities of the machine it models.
func TestPresetCapabilities(t *testing.T) {
	for _, name := range append(Presets(), "", "1", "5") {
		p, err := LookupPreset(name)
		if err != nil {
			t.Fatal(err)
		}
		c2c := name == "gh200"
		for i, d := range p.Devices {
			c := d.Caps
			if !c.Known || c.HostNativeAtomics != c2c || c.PageableUsesHostPageTables != c2c || !c.ConcurrentManagedAccess {
				t.Errorf("%q device %d: %+v", name, i, c)
			}
			if want := map[bool]backend.HostLinkKind{true: backend.HostLinkC2C, false: backend.HostLinkPCIe}[c2c]; c.HostLink != want {
				t.Errorf("%q device %d: host link %q", name, i, c.HostLink)
			}
		}
		b, err := NewPreset(p)
		if err != nil {
			t.Fatal(err)
		}
		if b.Devices()[0].Caps != p.Devices[0].Caps {
			t.Errorf("%q: the backend lost the caps", name)
		}
		for i, row := range p.Links {
			for j, l := range row {
				// Native atomics only where there is P2P access; all NVLink pairs have them.
				if l.NativeAtomics && !l.P2PAccess || l.Kind == backend.LinkNV && !l.NativeAtomics {
					t.Errorf("%q link %d-%d: %+v", name, i, j, l)
				}
			}
		}
	}
	p, _ := LookupPreset("pcie4")
	if !p.Links[0][1].NativeAtomics || !p.Links[1][0].NativeAtomics || p.Links[0][2].NativeAtomics || p.Links[2][1].NativeAtomics {
		t.Errorf("pcie4: native atomics on PIX only: %+v", p.Links)
	}
	// Presets are built fresh on each lookup: changing one leaves the next alone.
	p.Links[0][2].NativeAtomics = true
	if q, _ := LookupPreset("pcie4"); q.Links[0][2].NativeAtomics {
		t.Error("a lookup shares its links with an earlier one")
	}
}
