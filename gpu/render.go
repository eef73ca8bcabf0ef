package gpu

import (
	"fmt"
	"html"
	"strings"

	"github.com/peerbook/peerbook/display"
)

// bundle makes a display bundle of text and HTML forms.
func bundle(text, htm string) display.Bundle {
	b := display.Bundle{Data: map[string]any{"text/plain": text}, Metadata: map[string]any{}}
	if htm != "" {
		b.Data["text/html"] = htm
	}
	return b
}

// MIMEBundle renders the device's properties.
func (d *Device) MIMEBundle() display.Bundle {
	rows := [][2]string{{"name", d.info.Name}, {"backend", d.m.b.Name()}}
	if d.IsHost() {
		rows = append(rows, [2]string{"memory", formatBytes(d.info.MemoryBytes)})
	} else {
		rows = append(rows,
			[2]string{"index", fmt.Sprint(d.info.Index)},
			[2]string{"simulated", fmt.Sprint(d.info.Simulated)},
			[2]string{"compute capability", d.ComputeCapability()},
			[2]string{"memory", formatBytes(d.info.MemoryBytes)},
			[2]string{"SMs", fmt.Sprint(d.info.SMs)},
			[2]string{"PCI bus id", d.info.PCIBusID},
			[2]string{"NUMA node", fmt.Sprint(d.info.NUMANode)},
			[2]string{"CPU affinity", d.info.CPUAffinity},
			[2]string{"max threads per block", fmt.Sprint(d.info.MaxThreadsPerBlock)},
			[2]string{"max shared memory per block", formatBytes(uint64(d.info.MaxSharedPerBlock))})
		if c := d.info.Caps; c.Known {
			rows = append(rows,
				[2]string{"host link", string(c.HostLink)},
				[2]string{"host-native atomics", fmt.Sprint(c.HostNativeAtomics)},
				[2]string{"pageable memory access", fmt.Sprint(c.PageableMemoryAccess)},
				[2]string{"uses host page tables", fmt.Sprint(c.PageableUsesHostPageTables)},
				[2]string{"concurrent managed access", fmt.Sprint(c.ConcurrentManagedAccess)})
		} else {
			rows = append(rows, [2]string{"capabilities", "unknown (the driver did not report them)"})
		}
	}
	if free, err := d.FreeMemory(); err == nil {
		rows = append(rows, [2]string{"free memory", formatBytes(free)})
	}
	var h strings.Builder
	h.WriteString(`<table style="font-family:monospace;border-collapse:collapse">`)
	for _, r := range rows {
		fmt.Fprintf(&h, `<tr><th style="text-align:left;padding:1px 8px">%s</th><td style="padding:1px 8px">%s</td></tr>`,
			html.EscapeString(r[0]), html.EscapeString(r[1]))
	}
	h.WriteString("</table>")
	return bundle(d.String(), h.String())
}

// View returns the topology as the display package draws it.
func (t *Topo) View() display.TopologyView {
	v := display.TopologyView{Source: t.Source}
	for i, d := range t.Devices {
		name := d.Name
		if on := t.ranksOn(i); on != "" {
			name += " (" + on + ")"
		}
		v.Devices = append(v.Devices, display.TopologyDevice{Label: fmt.Sprintf("GPU%d", i), Name: name,
			MemoryBytes: d.MemoryBytes, Simulated: d.Simulated, PCIBusID: d.PCIBusID, NUMANode: d.NUMANode,
			CPUAffinity: d.CPUAffinity, CapsKnown: d.Caps.Known, HostLink: string(d.Caps.HostLink),
			HostNativeAtomics: d.Caps.HostNativeAtomics, PageableMemoryAccess: d.Caps.PageableMemoryAccess,
			PageableUsesHostPageTables: d.Caps.PageableUsesHostPageTables, ConcurrentManagedAccess: d.Caps.ConcurrentManagedAccess})
	}
	for _, row := range t.Links {
		var out []display.TopologyLink
		for _, l := range row {
			out = append(out, display.TopologyLink{Label: l.Label(), NVLinks: l.NVLinks, P2PAccess: l.P2PAccess,
				NativeAtomics: l.NativeAtomics, BandwidthGBps: l.BandwidthGBps})
		}
		v.Links = append(v.Links, out)
	}
	return v
}

// MIMEBundle renders the topology: the device graph and the nvidia-smi style matrix.
func (t *Topo) MIMEBundle() display.Bundle {
	if t.Err != nil {
		return bundle(t.String(), "<pre>"+html.EscapeString(t.String())+"</pre>")
	}
	return t.View().MIMEBundle()
}

// Named returns a view of the whole buffer that displays under name ("x").
func (b *Buffer) Named(name string) *Buffer {
	c := *b
	c.name = name
	c.shape = append([]int(nil), b.shape...)
	return &c
}

// deviceLabel names a device in a buffer's header: "GPU0 sim-H200-0" or "host".
func deviceLabel(d *Device) string {
	if d.IsHost() {
		return "host"
	}
	return fmt.Sprintf("GPU%d %s", d.info.Index, d.info.Name)
}

// View returns what the buffer shows in a notebook: its header, statistics, and its values
// when there are few, or a reduction (line for 1-D, grid for more dimensions) computed where
// the data lives. The view's size is bounded whatever the buffer's.
func (b *Buffer) View() (display.BufferView, error) {
	v := display.BufferView{Name: b.name, DType: b.dtype.String(), Shape: b.Shape(),
		Device: deviceLabel(b.a.dev), Simulated: b.a.dev.Simulated(), Shared: b.IsShared()}
	if v.Shared {
		for _, d := range b.SharedWith() {
			v.SharedWith = append(v.SharedWith, fmt.Sprintf("GPU%d", d.info.Index))
		}
	}
	if handled, err := b.viewOnDevice(&v); handled { // cuda_glue.go
		return v, err
	}
	r, err := b.reduce(b.shape)
	if err != nil {
		return v, err
	}
	r.Fill(&v)
	return v, nil
}

// MIMEBundle renders the buffer: a table of its values when there are few, a line plot
// (1-D) or heatmap (2-D) of values reduced where the data lives when there are many, and
// its statistics. The output is bounded whatever the buffer's size.
func (b *Buffer) MIMEBundle() display.Bundle {
	v, err := b.View()
	if err != nil {
		text := b.String() + "\n" + err.Error()
		return bundle(text, "<pre>"+html.EscapeString(text)+"</pre>")
	}
	return v.MIMEBundle()
}
