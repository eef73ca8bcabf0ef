package sim

import (
	"fmt"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// NewRank returns the backend of a rank process on the machine p simulates: rank r takes
// device r mod the preset's devices, and the backend has that device only, as its device 0
// (with the name and PCI bus id it has in p, so that ranks can tell their devices apart).
// The whole preset stays known, for the links between the ranks' devices (LinkTo).
func NewRank(p Preset, rank int) (*Backend, error) {
	if len(p.Devices) == 0 {
		return nil, fmt.Errorf("simulator preset %q has no devices", p.Name)
	}
	if rank < 0 {
		return nil, fmt.Errorf("simulator: rank %d", rank)
	}
	k := rank % len(p.Devices)
	one := p
	one.Devices = []backend.DeviceInfo{p.Devices[k]}
	one.Links = [][]backend.Link{{p.Links[k][k]}}
	b, err := NewPreset(one)
	if err != nil {
		return nil, err
	}
	b.whole = &p
	return b, nil
}

// Whole returns the preset of the whole machine, of which a rank's backend (NewRank) has one
// device; for other backends, the preset itself.
func (b *Backend) Whole() Preset {
	if b.whole != nil {
		return *b.whole
	}
	return b.preset
}

// LinkTo returns the link from device dev to the device of the simulated machine whose PCI
// bus id is bus (another rank's device): the preset's link between them.
func (b *Backend) LinkTo(dev int, bus string) (backend.Link, error) {
	if err := b.checkDevice(dev, false); err != nil {
		return backend.Link{}, err
	}
	whole := b.Whole()
	from, to := -1, -1
	for i, d := range whole.Devices {
		if d.PCIBusID == b.infos[dev].PCIBusID {
			from = i
		}
		if d.PCIBusID == bus {
			to = i
		}
	}
	if from < 0 || to < 0 {
		return backend.Link{}, fmt.Errorf("no device with PCI bus id %q in simulator preset %q", bus, whole.Name)
	}
	return whole.Links[from][to], nil
}
