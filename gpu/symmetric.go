package gpu

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	goruntime "runtime"
	"sort"
	"strings"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/fdpass"
	"github.com/peerbook/peerbook/internal/ranks"
)

// Symmetric is a buffer allocated on every rank by one collective call (AllocSymmetric):
// each rank has its own, and every other rank's mapped into its address space. Each of
// them is a shared *Buffer, usable as a gpu.Peer[T] kernel argument with the Peer contract
// unchanged: a kernel on this rank's GPU reads and writes rank r's buffer through
// sym.Rank(r) as it would a buffer of another GPU of its own process.
type Symmetric struct {
	dtype DType
	n     int
	host  bool
	rank  int
	bufs  []*Buffer // by rank
}

// rankOwner is what a buffer of a symmetric allocation knows of the rank that owns it.
type rankOwner struct {
	rank   int
	ranks  int    // the number of ranks of the allocation
	remote bool   // another rank's buffer, mapped here
	where  string // "rank 1's device 0 (sim-H200-1)", "rank 1's host memory"
	// link is the link from this rank's GPU to the owner's (LinkSelf for one GPU).
	link backend.Link
	// hostAtomicsAll: every rank's GPU has host-native atomics (host-resident buffers).
	hostAtomicsAll bool
}

// symDesc is what a rank says of its call to AllocSymmetric and its device.
type symDesc struct {
	DType       string `json:"dtype"`
	N           int    `json:"n"`
	Host        bool   `json:"host"`
	Backend     string `json:"backend"` // machine.kind: "cuda", "simulated pcie4"
	Bus         string `json:"bus"`
	Device      string `json:"device"`
	HostAtomics bool   `json:"host_atomics"`
	Problem     string `json:"problem,omitempty"`
}

func (d symDesc) asked() string {
	where := "its GPU"
	if d.Host {
		where = "the host"
	}
	return fmt.Sprintf("%s[%d] on %s", d.DType, d.N, where)
}

// AllocSymmetric allocates n elements of dtype on this rank's GPU (gpu.Dev(0)) and on every
// other rank's: see Device.AllocSymmetric.
func AllocSymmetric(dtype DType, n int) (*Symmetric, error) {
	m, err := current()
	if err != nil {
		return nil, fmt.Errorf("alloc symmetric: %w", err)
	}
	if len(m.devices) == 0 {
		return nil, errors.New("alloc symmetric: no GPU")
	}
	return m.devices[0].AllocSymmetric(dtype, n)
}

// AllocSymmetric is a collective: every rank calls it, with the same dtype, length and kind
// of device (a GPU, or gpu.Host() for host memory), and each gets n zeroed elements of its
// own plus every other rank's mapped here (Symmetric.Rank). A call whose arguments differ
// between ranks fails on every rank, naming the difference; so does one that a rank can't
// make (out of memory, no peer access between two ranks' GPUs: use host memory then).
// Outside a rank session it allocates a shared buffer, as the only rank's.
//
// On CUDA a GPU's symmetric buffer is virtual memory (cuMemCreate) exported as a file
// descriptor, passed to the other ranks of the host over a Unix socket (SCM_RIGHTS) and
// mapped there; a host one is shared memory registered with every rank's driver. On
// simulated devices both are shared memory, and kernels' stores and fences act on it as on
// any Peer buffer: a hand-off that forgets its fence breaks across ranks as within one.
func (d *Device) AllocSymmetric(dtype DType, n int) (*Symmetric, error) {
	if d == nil {
		return nil, errors.New("alloc symmetric: nil device")
	}
	w := currentWorld()
	m := d.m
	gpu := d
	if d.IsHost() {
		if len(m.devices) == 0 {
			return nil, errors.New("alloc symmetric on the host: no GPU to share it with")
		}
		gpu = m.devices[0]
	}
	desc := symDesc{DType: dtype.String(), N: n, Host: d.IsHost(), Backend: m.kind(),
		Bus: gpu.info.PCIBusID, Device: gpu.info.Name, HostAtomics: gpu.info.Caps.HostNativeAtomics}
	size := int64(n) * int64(dtype.Size())
	switch {
	case dtype.Size() == 0 || dtype == Invalid:
		desc.Problem = fmt.Sprintf("invalid dtype %v (use gpu.Float32, gpu.Int32, ...)", dtype)
	case n < 1:
		desc.Problem = fmt.Sprintf("length %d; a buffer holds at least one element", n)
	case n > maxBytes || size > maxBytes:
		desc.Problem = fmt.Sprintf("%d elements of %s is more than any device holds", n, dtype)
	}
	if w == nil {
		if desc.Problem != "" {
			return nil, errors.New("alloc symmetric: " + desc.Problem)
		}
		b, err := d.AllocShared(dtype, n)
		if err != nil {
			return nil, err
		}
		b.a.owner = &rankOwner{ranks: 1, where: "this process", link: backend.Link{Kind: backend.LinkSelf, P2PAccess: true, NativeAtomics: true},
			hostAtomicsAll: desc.HostAtomics}
		return &Symmetric{dtype: dtype, n: n, host: d.IsHost(), bufs: []*Buffer{b}}, nil
	}
	ctx := context.Background()
	descs, err := gatherDescs(ctx, w, desc)
	if err != nil {
		return nil, err
	}
	me := w.Rank()

	// What this rank can't do makes the exchange fail on every rank, naming it.
	var problem error
	owners := make([]*rankOwner, len(descs))
	hostAtomicsAll := true
	for _, x := range descs {
		hostAtomicsAll = hostAtomicsAll && x.HostAtomics
	}
	for r, x := range descs {
		o := &rankOwner{rank: r, ranks: len(descs), remote: r != me, hostAtomicsAll: hostAtomicsAll,
			link: backend.Link{Kind: backend.LinkSelf, P2PAccess: true, NativeAtomics: true}}
		o.where = fmt.Sprintf("rank %d's GPU %s (bus %s)", r, x.Device, x.Bus)
		if desc.Host {
			o.where = fmt.Sprintf("rank %d's host memory", r)
		}
		if r != me && x.Bus != desc.Bus {
			l, err := linkTo(m, gpu, x.Bus)
			if err != nil && problem == nil {
				problem = fmt.Errorf("the link from %s to rank %d's GPU %s: %w", gpu.label(), r, x.Device, err)
			}
			o.link = l
			if err == nil && !desc.Host && !l.P2PAccess && problem == nil {
				problem = fmt.Errorf("%s can't reach rank %d's GPU %s (bus %s): no peer access between them (link %s); "+
					"allocate it in host memory (gpu.Host().AllocSymmetric), which every GPU reaches", gpu.label(), r, x.Device, x.Bus, l.Label())
			}
		}
		owners[r] = o
	}
	var mem backend.Memory
	var mine *os.File
	exp, ok := m.b.(backend.Exporter)
	if !ok && problem == nil {
		problem = fmt.Errorf("the %s backend can't share memory with other processes", m.b.Name())
	}
	if problem == nil {
		mem, mine, problem = exp.AllocExported(d.info.Index, size)
	}
	if mine != nil {
		defer mine.Close() // the others have mapped it when Exchange's done returns
	}
	pass, err := worldPasser(w)
	if err != nil {
		// This rank can't take part: the others' exchange fails when it gathers next.
		if mem != nil {
			mem.Free()
		}
		return nil, fmt.Errorf("alloc symmetric: %w", err)
	}
	off, done, err := pass.Exchange(ctx, "gpu.AllocSymmetric (memory)", mine, nil, problem)
	if err != nil {
		if mem != nil {
			mem.Free()
		}
		return nil, fmt.Errorf("alloc symmetric %s: %w", desc.asked(), err)
	}
	mems := make([]backend.Memory, len(descs))
	mems[me] = mem
	var importErr error
	for r, f := range off.Files {
		if r == me {
			continue
		}
		if importErr == nil {
			mems[r], importErr = exp.Import(gpu.info.Index, f, size, desc.Host)
		}
		f.Close()
	}
	if err := done(importErr); err != nil {
		for _, x := range mems {
			if x != nil {
				x.Free()
			}
		}
		return nil, fmt.Errorf("alloc symmetric %s: %w", desc.asked(), err)
	}
	s := &Symmetric{dtype: dtype, n: n, host: desc.Host, rank: me, bufs: make([]*Buffer, len(descs))}
	for r, x := range mems {
		owner := d
		if !desc.Host {
			owner = gpu
		}
		a := &allocation{m: m, dev: owner, mem: x, size: size, peers: make([]bool, len(m.devices)), owner: owners[r]}
		a.cleanup = goruntime.AddCleanup(a, func(m backend.Memory) { m.Free() }, x)
		a.markShared([]*Device{gpu})
		s.bufs[r] = &Buffer{a: a, dtype: dtype, n: n, shape: []int{n}}
	}
	return s, nil
}

// gatherDescs gathers every rank's call and fails, on every rank alike, where they differ or
// one of them can't be made.
func gatherDescs(ctx context.Context, w ranks.World, mine symDesc) ([]symDesc, error) {
	raw, _ := json.Marshal(mine)
	all, err := w.AllGather(ctx, "gpu.AllocSymmetric", raw)
	if err != nil {
		return nil, fmt.Errorf("alloc symmetric %s: %w", mine.asked(), err)
	}
	descs := make([]symDesc, len(all))
	for r, x := range all {
		if err := json.Unmarshal(x, &descs[r]); err != nil {
			return nil, fmt.Errorf("alloc symmetric: rank %d sent %q: %w", r, x, err)
		}
	}
	for r, x := range descs {
		if x.Problem != "" {
			return nil, fmt.Errorf("alloc symmetric: rank %d asked %s: %s", r, x.asked(), x.Problem)
		}
	}
	byAsk := map[string][]int{}
	for r, x := range descs {
		byAsk[x.asked()] = append(byAsk[x.asked()], r)
	}
	if len(byAsk) > 1 {
		return nil, fmt.Errorf("alloc symmetric: the ranks asked for different buffers: %s; every rank must ask for the same", differences(byAsk))
	}
	byBackend := map[string][]int{}
	for r, x := range descs {
		byBackend["uses "+x.Backend] = append(byBackend["uses "+x.Backend], r)
	}
	if len(byBackend) > 1 {
		return nil, fmt.Errorf("alloc symmetric: the ranks use different devices: %s; every rank must use the same (gpu.Use)", differences(byBackend))
	}
	return descs, nil
}

// differences writes groups of ranks: "rank 0 and 2 asked float32[8] on its GPU, rank 1 ...".
func differences(groups map[string][]int) string {
	keys := make([]string, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return groups[keys[i]][0] < groups[keys[j]][0] })
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = ranksList(groups[k]) + " " + k
	}
	return strings.Join(parts, "; ")
}

// ranksList writes "rank 1" or "ranks 0, 2 and 3".
func ranksList(rs []int) string {
	if len(rs) == 1 {
		return fmt.Sprintf("rank %d", rs[0])
	}
	s := make([]string, len(rs))
	for i, r := range rs {
		s[i] = fmt.Sprint(r)
	}
	return "ranks " + strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// linkTo returns the link from GPU d to the GPU of this host with PCI bus id bus.
func linkTo(m *machine, d *Device, bus string) (backend.Link, error) {
	pl, ok := m.b.(backend.PairLinker)
	if !ok {
		return backend.Link{}, fmt.Errorf("the %s backend can't tell", m.b.Name())
	}
	return pl.LinkTo(d.info.Index, bus)
}

// Rank returns rank r's buffer, as this rank reaches it (its own for r == gpu.Rank()). It
// panics, as indexing does, where there is no rank r.
func (s *Symmetric) Rank(r int) *Buffer {
	if r < 0 || r >= len(s.bufs) {
		panic(fmt.Errorf("symmetric %s: no rank %d; ranks are 0..%d", s.what(), r, len(s.bufs)-1))
	}
	return s.bufs[r]
}

// Local returns this rank's own buffer.
func (s *Symmetric) Local() *Buffer { return s.bufs[s.rank] }

// Buffers returns every rank's buffer, by rank.
func (s *Symmetric) Buffers() []*Buffer { return append([]*Buffer(nil), s.bufs...) }

// Len returns the number of elements of each rank's buffer.
func (s *Symmetric) Len() int { return s.n }

// DType returns the element type.
func (s *Symmetric) DType() DType { return s.dtype }

// Free releases this rank's buffer and its mappings of the others' (not a collective: the
// memory of a rank lives until every rank that mapped it freed it).
func (s *Symmetric) Free() error {
	var first error
	for _, b := range s.bufs {
		if err := b.Free(); err != nil && first == nil && !errors.Is(err, ErrFreed) {
			first = err
		}
	}
	return first
}

func (s *Symmetric) what() string {
	where := "GPU"
	if s.host {
		where = "host"
	}
	return fmt.Sprintf("%s[%d] on every rank's %s", s.dtype, s.n, where)
}

// String describes the allocation in one line.
func (s *Symmetric) String() string {
	return fmt.Sprintf("symmetric %s (%d ranks; this is rank %d)", s.what(), len(s.bufs), s.rank)
}

// worldPasser returns the fd passer of w, made on first use.
func worldPasser(w ranks.World) (*fdpass.Passer, error) {
	world.mu.Lock()
	defer world.mu.Unlock()
	if world.pass != nil {
		return world.pass, nil
	}
	p, err := fdpass.New(w)
	if err != nil {
		return nil, err
	}
	world.pass = p
	return p, nil
}
