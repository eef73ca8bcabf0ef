package gpu

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/sim"
)

// EnvDevices is the environment variable that chooses the devices: "cuda", "sim", "sim:N"
// or "sim:<preset>" (nvswitch8, pcie4, nvlink2, gh200). Unset: CUDA where the driver loads and has
// a device, simulated devices otherwise.
const EnvDevices = "PEERBOOK_DEVICES"

// machine is one backend and the devices of it that cells see. gpu.Use replaces the current
// machine; buffers of an earlier one keep working with their own machine.
type machine struct {
	spec    string // "cuda", "sim:nvlink2"
	about   string // one line for people
	b       backend.Backend
	devices []*Device
	host    *Device
	streams streamSet

	topoOnce sync.Once
	topo     *Topo
}

var state struct {
	mu        sync.Mutex
	m         *machine
	err       error           // the choice failed (PEERBOOK_DEVICES=cuda without a driver)
	all       []*machine      // every machine made, for setInterrupt
	interrupt <-chan struct{} // the running cell's
	notice    io.Writer       // where the one-line fallback notice goes (os.Stderr)
	openCUDA  func() (backend.Backend, error)
	// openCUDARank opens the CUDA backend of a rank process: its device only.
	openCUDARank func(rank int) (backend.Backend, error)
}

func init() {
	state.notice = os.Stderr
	state.openCUDA = openCUDA
	state.openCUDARank = openCUDARank
}

// current returns the current machine, choosing it on first use from PEERBOOK_DEVICES.
func current() (*machine, error) {
	state.mu.Lock()
	defer state.mu.Unlock()
	if state.m == nil && state.err == nil {
		state.m, state.err = choose(os.Getenv(EnvDevices), true)
		if state.m != nil {
			adopt(state.m)
		}
	}
	return state.m, state.err
}

// adopt records m and hands it the running cell's interrupt. state.mu is held.
func adopt(m *machine) {
	state.all = append(state.all, m)
	if in, ok := m.b.(backend.Interruptible); ok && state.interrupt != nil {
		in.SetInterrupt(state.interrupt)
	}
}

// choose makes the machine spec names. With an empty spec it tries CUDA and falls back to
// simulated devices, saying so on the notice writer when notify is set.
func choose(spec string, notify bool) (*machine, error) {
	spec = strings.TrimSpace(spec)
	switch {
	case spec == "cuda":
		b, err := openCUDAWithDevices()
		if err != nil {
			return nil, fmt.Errorf("%s=cuda: %w", EnvDevices, err)
		}
		return newMachine("cuda", "CUDA", b), nil
	case spec == "sim" || strings.HasPrefix(spec, "sim:"):
		preset := strings.TrimPrefix(strings.TrimPrefix(spec, "sim"), ":")
		b, err := newSim(preset)
		if err != nil {
			return nil, fmt.Errorf("%s=%s: %w", EnvDevices, spec, err)
		}
		return newMachine(spec, simAbout(b), b), nil
	case spec == "":
		b, cudaErr := openCUDAWithDevices()
		if cudaErr == nil {
			return newMachine("cuda", "CUDA", b), nil
		}
		sb, err := newSim("")
		if err != nil {
			return nil, err
		}
		m := newMachine("sim", simAbout(sb), sb)
		if notify && state.notice != nil {
			fmt.Fprintf(state.notice, "peerbook: using simulated devices (%s) because CUDA is not available: %s; set %s to choose\n",
				m.about, shortReason(cudaErr), EnvDevices)
		}
		return m, nil
	}
	return nil, fmt.Errorf("%s=%q: want cuda, sim, sim:N or sim:PRESET (%s)", EnvDevices, spec,
		strings.Join(sim.Presets(), ", "))
}

// shortReason is the first clause of err's text, for a one-line notice: a long text is cut
// at its first "; ", and brackets the cut leaves open are closed.
func shortReason(err error) string {
	s := strings.ReplaceAll(err.Error(), "\n", " ")
	if len(s) <= 160 {
		return s
	}
	var open []byte // the closing brackets owed at each point
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			open = append(open, ')')
		case '[':
			open = append(open, ']')
		case ')', ']':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		case ';':
			if i > 0 && strings.HasPrefix(s[i:], "; ") {
				closing := make([]byte, len(open))
				for j := range open {
					closing[j] = open[len(open)-1-j]
				}
				return s[:i] + " ..." + string(closing)
			}
		}
	}
	return s
}

// setNotice sets where the package's one-line notices go (the fall-back to simulated
// devices, CUDA compiler logs) and returns the writer they went to before: os.Stderr
// unless set, which in the evaluator is the running cell's stderr. Tests set it.
func setNotice(w io.Writer) io.Writer {
	state.mu.Lock()
	defer state.mu.Unlock()
	prev := state.notice
	state.notice = w
	return prev
}

func simAbout(b *sim.Backend) string {
	p := b.Whole()
	return fmt.Sprintf("%s: %s", p.Name, p.About)
}

// newSim makes the simulated devices of preset: all of them, or in a rank session the
// rank's one (see the package doc, "Ranks").
func newSim(preset string) (*sim.Backend, error) {
	w := currentWorld()
	if w == nil {
		return sim.New(preset)
	}
	p, err := sim.LookupPreset(preset)
	if err != nil {
		return nil, err
	}
	return sim.NewRank(p, w.Rank())
}

// openCUDAWithDevices opens the CUDA backend (in a rank session, with the rank's device
// only) and checks that it has a device.
func openCUDAWithDevices() (backend.Backend, error) {
	open := state.openCUDA
	if w := currentWorld(); w != nil && state.openCUDARank != nil {
		rank, openRank := w.Rank(), state.openCUDARank
		open = func() (backend.Backend, error) { return openRank(rank) }
	}
	if open == nil {
		return nil, errors.New("the CUDA backend is not built in")
	}
	b, err := open()
	if err != nil {
		return nil, err
	}
	if len(b.Devices()) == 0 {
		return nil, errors.New("the CUDA driver reports no device")
	}
	return b, nil
}

func newMachine(spec, about string, b backend.Backend) *machine {
	m := &machine{spec: spec, about: about, b: b}
	for _, info := range b.Devices() {
		m.devices = append(m.devices, &Device{m: m, info: info})
	}
	host := backend.DeviceInfo{Index: backend.HostDevice, Name: "host", Backend: b.Name(), NUMANode: -1}
	if mi, ok := b.(backend.MemoryInfo); ok {
		if _, total, err := mi.MemInfo(backend.HostDevice); err == nil {
			host.MemoryBytes = total
		}
	}
	m.host = &Device{m: m, info: host}
	if w := currentWorld(); w != nil && len(m.devices) > 0 {
		d := m.devices[0].info
		m.about += fmt.Sprintf("; rank %d of %d on %s (bus %s)", w.Rank(), w.Size(), d.Name, d.PCIBusID)
	}
	return m
}

// kind names the machine as the ranks compare theirs: "cuda", or "simulated " and the
// simulated machine's preset ("simulated pcie4", "simulated sim:2").
func (m *machine) kind() string {
	if mb, ok := m.b.(backend.Modelled); ok {
		return "simulated " + mb.ModelName()
	}
	return m.b.Name()
}

// Use switches to the devices spec names ("cuda", "sim", "sim:4", "sim:nvswitch8", ...;
// "" chooses as on first use). Buffers, streams and kernels made before keep working on
// the devices they were made on; what is made after uses the new ones.
//
// In a rank session Use chooses as the first choice does for a rank: of the machine spec
// names, rank r takes device r mod its devices, and sees that one only (gpu.Use("sim:pcie4")
// on 2 ranks: rank 0 on pcie4's GPU0, rank 1 on its GPU1, each as gpu.Dev(0)). Every rank
// should make the same Use (a cell does): symmetric allocations and the topology refuse
// ranks on different machines, naming them; the collectives still work between them.
func Use(spec string) error {
	m, err := choose(spec, false)
	if err != nil {
		return err
	}
	state.mu.Lock()
	defer state.mu.Unlock()
	state.m, state.err = m, nil
	adopt(m)
	return nil
}

// Runtime describes the devices in use in one line ("sim:nvlink2: 2 simulated H200 GPUs,
// NV18 between them"), or why there are none.
func Runtime() string {
	m, err := current()
	if err != nil {
		return "no devices: " + err.Error()
	}
	return m.about
}

// Devices returns the GPUs (real or simulated), in index order. It is empty when the choice
// of devices failed; Runtime says why.
func Devices() []*Device {
	m, err := current()
	if err != nil {
		return nil
	}
	return append([]*Device(nil), m.devices...)
}

// NumDevices returns the number of GPUs.
func NumDevices() int { return len(Devices()) }

// Dev returns GPU i. It panics with a clear message where there is no GPU i, as indexing a
// slice does; Devices and NumDevices tell what exists.
func Dev(i int) *Device {
	m, err := current()
	if err != nil {
		panic(fmt.Errorf("gpu.Dev(%d): %w", i, err))
	}
	if i < 0 || i >= len(m.devices) {
		panic(fmt.Errorf("gpu.Dev(%d): no such device; %s has devices 0..%d", i, m.spec, len(m.devices)-1))
	}
	return m.devices[i]
}

// Host returns the host as a device: buffers allocated on it live in host memory (pinned
// and mapped for the GPUs on CUDA), and shared ones are reachable from every GPU and from
// host code while kernels run.
func Host() *Device {
	m, err := current()
	if err != nil {
		panic(fmt.Errorf("gpu.Host(): %w", err))
	}
	return m.host
}

// Synchronize waits for the work queued on every device and returns the first error of it.
func Synchronize() error {
	m, err := current()
	if err != nil {
		return err
	}
	var first error
	for _, d := range m.devices {
		if err := d.Synchronize(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// setInterrupt gives the devices the running cell's interrupt channel: closing it stops
// simulated kernels that run or are queued, and waits on them. The session calls it when a
// cell starts, and with nil when the cell ends without interrupt, before it releases the
// channel. It is plumbing for the evaluator (eval.Hooks, through internal/gpuctl), not API.
func setInterrupt(done <-chan struct{}) {
	state.mu.Lock()
	defer state.mu.Unlock()
	state.interrupt = done
	for _, m := range state.all {
		if in, ok := m.b.(backend.Interruptible); ok {
			in.SetInterrupt(done)
		}
	}
}
