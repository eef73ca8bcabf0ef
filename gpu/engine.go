package gpu

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"

	"github.com/peerbook/peerbook/internal/ranks"
)

// The engines of the collectives (AllReduce, Broadcast). Where every rank's GPU can take
// part, NCCL carries them: a communicator per rank, made at the first collective (rank 0
// makes NCCL's unique id, World.AllGather takes it to the others, each rank makes its part
// and the ranks compare how that went). Elsewhere the host-staged engine does (collective.go:
// through host shared memory), and says why, once: on simulated devices (it is the
// simulator's engine), where NCCL is missing, where two ranks share a GPU (NCCL refuses them:
// "duplicate GPU"), where NCCL refused the communicator, and for a call NCCL can't carry (a
// host buffer, 16-bit integers). Every rank must use the same engine for a call, so the
// choice is made from what every rank says: each call's agreement (collDesc) carries the
// rank's engine and whether its buffer can go to NCCL, and where the ranks' engines differ
// (one rank's communicator failed) every rank falls back to the host-staged engine.

// EnvNCCL changes the use of NCCL: "off" never uses it; "ask" makes the communicator even
// where peerbook knows NCCL refuses it (ranks sharing a GPU), so NCCL's own refusal shows;
// unset, NCCL serves where it can.
const EnvNCCL = "PEERBOOK_NCCL"

// Engine names.
const (
	engineNCCL   = "nccl"
	engineStaged = "host-staged"
	engineLocal  = "local"
)

// CollectiveEngine says what carries the collectives of a rank session (AllReduce,
// Broadcast; Barrier only gathers): NCCL, or peerbook's host-staged engine, and why.
type CollectiveEngine struct {
	Engine  string // "nccl", "host-staged", or "local" outside a rank session
	Version string // NCCL's version ("2.28.3") where Engine is "nccl"
	// Why says why the host-staged engine serves ("ranks 0 and 1 share GPU 0000:18:00.0:
	// NCCL refuses two ranks on one GPU"), or what the engine is.
	Why string
}

// String says it in one line.
func (e CollectiveEngine) String() string {
	switch e.Engine {
	case engineNCCL:
		return "NCCL " + e.Version
	case engineLocal:
		return "local: " + e.Why
	}
	return "host-staged: " + e.Why
}

// Collectives says which engine carries this session's collectives. In a rank session it is
// a collective itself (every rank calls it): on first use it chooses the engine, making the
// NCCL communicator where NCCL serves; later calls tell what was chosen.
func Collectives() (CollectiveEngine, error) {
	w := currentWorld()
	if w == nil {
		return CollectiveEngine{Engine: engineLocal, Why: "one process: a collective of one rank leaves its buffer as it is"}, nil
	}
	m, err := current()
	if err != nil {
		return CollectiveEngine{}, fmt.Errorf("collectives: %w", err)
	}
	ctx := context.Background()
	mine := collDesc{Call: "engine"}
	mine.Engine, mine.EngineWhy = engineState(w, m)
	descs, err := agree(ctx, w, "Collectives", mine)
	if err != nil {
		return CollectiveEngine{}, err
	}
	e, err := settleEngine(ctx, w, m, descs)
	if err != nil {
		return CollectiveEngine{}, fmt.Errorf("collectives: %w", err)
	}
	return e.describe(), nil
}

// collEngine carries the collectives of one rank session on one machine.
type collEngine struct {
	w       ranks.World
	m       *machine
	comm    ncclComm // nil: the host-staged engine
	version string
	why     string // why the host-staged engine serves
}

func (e *collEngine) state() string {
	if e.comm != nil {
		return engineNCCL
	}
	return engineStaged
}

func (e *collEngine) describe() CollectiveEngine {
	if e.comm != nil {
		return CollectiveEngine{Engine: engineNCCL, Version: e.version}
	}
	return CollectiveEngine{Engine: engineStaged, Why: e.why}
}

// drop ends the engine (its communicator freed).
func (e *collEngine) drop() {
	if e.comm != nil {
		e.comm.abort()
		e.comm = nil
	}
}

// ncclLib is NCCL as the engines use it: the real library (nccl_glue.go), or a stand-in in
// tests.
type ncclLib interface {
	version() string
	uniqueID() ([]byte, error)
	// initRank makes this rank's communicator on dev, waiting until it is made.
	initRank(dev *Device, nranks, rank int, id []byte) (ncclComm, error)
}

// ncclComm is one rank's NCCL communicator.
type ncclComm interface {
	allReduce(buf *Buffer, op ReduceOp) error
	broadcast(buf *Buffer, root int) error
	abort()
}

// ncclOpen loads NCCL (once per process; tests replace it).
var ncclOpen = openNCCL

// engines are the engines of the current World, by machine (reset by setWorld).
var engines struct {
	mu sync.Mutex
	w  ranks.World
	by map[*machine]*collEngine
}

// dropEngines ends every engine (setWorld).
func dropEngines() {
	engines.mu.Lock()
	old := engines.by
	engines.by, engines.w = nil, nil
	engines.mu.Unlock()
	for _, e := range old {
		e.drop()
	}
}

func engineOf(w ranks.World, m *machine) *collEngine {
	engines.mu.Lock()
	defer engines.mu.Unlock()
	if engines.w != w {
		return nil
	}
	return engines.by[m]
}

func setEngine(w ranks.World, m *machine, e *collEngine) {
	engines.mu.Lock()
	defer engines.mu.Unlock()
	if engines.w != w {
		engines.w, engines.by = w, map[*machine]*collEngine{}
	}
	if e == nil {
		delete(engines.by, m)
		return
	}
	engines.by[m] = e
}

// engineState is what this rank says of its engine on m in a call's agreement: "" before
// one was chosen, else the engine's name and why it is the host-staged one.
func engineState(w ranks.World, m *machine) (state, why string) {
	e := engineOf(w, m)
	if e == nil {
		return "", ""
	}
	return e.state(), e.why
}

// settleEngine returns the engine of m for a call whose agreement is descs. Where some rank
// has none yet, every rank drops its own and the ranks choose one together; where the
// ranks' engines differ, every rank drops to the host-staged one. Every rank makes the same
// decision from the same descs, so the ranks' engines stay the same.
func settleEngine(ctx context.Context, w ranks.World, m *machine, descs []collDesc) (*collEngine, error) {
	undecided, staged := false, -1
	for r, d := range descs {
		switch d.Engine {
		case "":
			undecided = true
		case engineStaged:
			if staged < 0 {
				staged = r
			}
		}
	}
	e := engineOf(w, m)
	if undecided {
		if e != nil {
			e.drop()
			setEngine(w, m, nil)
		}
		e, err := chooseEngineFor(ctx, w, m)
		if err != nil {
			return nil, err
		}
		setEngine(w, m, e)
		return e, nil
	}
	if e == nil { // not reached: this rank said it had one
		return nil, errors.New("this rank lost its engine")
	}
	if staged >= 0 && e.comm != nil {
		e.drop()
		e.why = fmt.Sprintf("rank %d's NCCL communicator failed (%s): every rank uses the host-staged engine from now on", staged, descs[staged].EngineWhy)
	}
	return e, nil
}

// engineDesc is what a rank says of itself when the ranks choose their engine.
type engineDesc struct {
	Host string `json:"host"`
	Bus  string `json:"bus"`
	NCCL string `json:"nccl,omitempty"` // NCCL's version, where this rank can use it
	Why  string `json:"why,omitempty"`  // why it can't
}

// localEngineDesc says whether this rank can use NCCL on m.
func localEngineDesc(w ranks.World, m *machine) (engineDesc, ncclLib) {
	d := engineDesc{Host: w.Host()}
	if len(m.devices) > 0 {
		d.Bus = m.devices[0].info.PCIBusID
	}
	switch {
	case strings.EqualFold(os.Getenv(EnvNCCL), "off"):
		d.Why = EnvNCCL + "=off"
		return d, nil
	case len(m.devices) == 0:
		d.Why = "no GPU"
		return d, nil
	case ncclTakesSim:
	case m.simulated():
		d.Why = "simulated devices: the simulator's collectives go through host shared memory"
		return d, nil
	case !nativeStreams(m):
		d.Why = fmt.Sprintf("the %s backend can't host NCCL", m.b.Name())
		return d, nil
	}
	lib, err := ncclOpen()
	if err != nil {
		d.Why = err.Error()
		return d, nil
	}
	d.NCCL = lib.version()
	return d, lib
}

// ncclTakesSim lets a stand-in NCCL serve simulated devices (tests).
var ncclTakesSim = false

// chooseEngine decides from every rank's engineDesc whether NCCL can carry the ranks'
// collectives, and if not, why. ask (EnvNCCL=ask) leaves ranks that share a GPU to NCCL.
func chooseEngine(descs []engineDesc, ask bool) (useNCCL bool, why string) {
	whys := map[string][]int{}
	for r, d := range descs {
		if d.Why != "" {
			whys[d.Why] = append(whys[d.Why], r)
		}
	}
	if len(whys) > 0 {
		return false, reasons(whys)
	}
	versions := map[string][]int{}
	for r, d := range descs {
		versions["NCCL "+d.NCCL] = append(versions["NCCL "+d.NCCL], r)
	}
	if len(versions) > 1 {
		return false, "the ranks load different NCCL versions (" + differences(versions) + "); NCCL refuses a communicator of mixed versions"
	}
	if ask {
		return true, ""
	}
	gpus := map[string][]int{}
	var keys []string
	for r, d := range descs {
		k := d.Host + "\x00" + d.Bus
		if gpus[k] == nil {
			keys = append(keys, k)
		}
		gpus[k] = append(gpus[k], r)
	}
	for _, k := range keys {
		if rs := gpus[k]; len(rs) > 1 {
			host, bus, _ := strings.Cut(k, "\x00")
			return false, fmt.Sprintf("%s share GPU %s on %s: NCCL refuses two ranks on one GPU (\"duplicate GPU\"; set %s=ask to let NCCL say so itself)",
				ranksList(rs), bus, host, EnvNCCL)
		}
	}
	return true, ""
}

// reasons writes rank groups and their reasons: "rank 1: no NCCL; ranks 0 and 2: ...", or
// the reason alone where every rank gave it.
func reasons(whys map[string][]int) string {
	keys := make([]string, 0, len(whys))
	n := 0
	for k, rs := range whys {
		keys = append(keys, k)
		n += len(rs)
	}
	sort.Slice(keys, func(i, j int) bool { return whys[keys[i]][0] < whys[keys[j]][0] })
	if len(keys) == 1 && whys[keys[0]][0] == 0 && n == len(whys[keys[0]]) && isPrefix(whys[keys[0]]) {
		return keys[0]
	}
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = ranksList(whys[k]) + ": " + k
	}
	return strings.Join(parts, "; ")
}

// isPrefix reports whether rs is 0, 1, ..., len(rs)-1 (every rank, when they all gave it).
func isPrefix(rs []int) bool {
	for i, r := range rs {
		if r != i {
			return false
		}
	}
	return true
}

// ncclInit is what a rank says of its part of the communicator.
type ncclInit struct {
	ID  []byte `json:"id,omitempty"` // rank 0's unique id
	Err string `json:"err,omitempty"`
}

// chooseEngineFor makes the ranks' engine on m: a collective. An error of the World (a rank
// died, another rank called something else) is an error; NCCL's failures are not: they
// make the host-staged engine serve, saying why.
func chooseEngineFor(ctx context.Context, w ranks.World, m *machine) (*collEngine, error) {
	e := &collEngine{w: w, m: m}
	mine, lib := localEngineDesc(w, m)
	descs, err := gatherJSON[engineDesc](ctx, w, "gpu.collectives (engine)", mine)
	if err != nil {
		return nil, err
	}
	use, why := chooseEngine(descs, strings.EqualFold(os.Getenv(EnvNCCL), "ask"))
	if !use {
		e.why = why
		return e, nil
	}
	// Rank 0 makes the id; the World takes it to every rank.
	var part ncclInit
	if w.Rank() == 0 {
		id, err := lib.uniqueID()
		if err != nil {
			part.Err = err.Error()
		}
		part.ID = id
	}
	parts, err := gatherJSON[ncclInit](ctx, w, "gpu.collectives (NCCL id)", part)
	if err != nil {
		return nil, err
	}
	if parts[0].Err != "" {
		e.why = "rank 0 could not make NCCL's unique id: " + parts[0].Err
		return e, nil
	}
	comm, initErr := lib.initRank(m.devices[0], w.Size(), w.Rank(), parts[0].ID)
	part = ncclInit{}
	if initErr != nil {
		part.Err = initErr.Error()
	}
	parts, err = gatherJSON[ncclInit](ctx, w, "gpu.collectives (NCCL communicator)", part)
	if err != nil {
		if comm != nil {
			comm.abort()
		}
		return nil, err
	}
	failed := map[string][]int{}
	for r, p := range parts {
		if p.Err != "" {
			failed[p.Err] = append(failed[p.Err], r)
		}
	}
	if len(failed) > 0 {
		if comm != nil {
			comm.abort()
		}
		e.why = "NCCL refused the communicator: " + reasons(failed)
		return e, nil
	}
	e.comm, e.version = comm, descs[0].NCCL
	return e, nil
}

// gatherJSON gathers every rank's v under tag.
func gatherJSON[T any](ctx context.Context, w ranks.World, tag string, v T) ([]T, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	all, err := w.AllGather(ctx, tag, raw)
	if err != nil {
		return nil, err
	}
	out := make([]T, len(all))
	for r, x := range all {
		if err := json.Unmarshal(x, &out[r]); err != nil {
			return nil, fmt.Errorf("%s: rank %d sent %q: %w", tag, r, x, err)
		}
	}
	return out, nil
}

// ncclSkip says why buf can't go to NCCL ("" where it can).
func ncclSkip(buf *Buffer) string {
	switch {
	case buf.a.dev.IsHost():
		return "a host buffer"
	case buf.dtype == Int16 || buf.dtype == Uint16:
		return "NCCL has no 16-bit integer type"
	}
	return ""
}

// notices says each fall-back once per process.
var notices struct {
	mu   sync.Mutex
	said map[string]bool
}

// noticeOnce writes the one-line notice text once per process for each key (a reason).
func noticeOnce(key, text string) {
	notices.mu.Lock()
	if notices.said == nil {
		notices.said = map[string]bool{}
	}
	said := notices.said[key]
	notices.said[key] = true
	notices.mu.Unlock()
	if said {
		return
	}
	state.mu.Lock()
	out := state.notice
	state.mu.Unlock()
	if out != nil {
		fmt.Fprintln(out, text)
	}
}
