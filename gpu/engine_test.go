package gpu

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/ranktest"
)

// The engine of the collectives, tested on simulated ranks with a stand-in NCCL (fakeNCCL)
// whose communicators do the reduction through the host-staged engine, so results stay
// checked, and count what they were asked. The real NCCL is tested on the GPU machine
// (nccl_cuda_test.go) and its binding against a stand-in library built by gcc
// (gpu/internal/nccl).

type fakeNCCL struct {
	mu       sync.Mutex
	failInit string // initRank fails with it
	failCall string // collectives fail with it
	local    bool   // collectives do nothing (no gathers): a rank's engine may then differ
	ids      int    // uniqueID calls
	inits    []fakeInit
	calls    int // collectives carried
	aborts   int
}

type fakeInit struct {
	nranks, rank int
	id           []byte
}

func (f *fakeNCCL) version() string { return "9.9.9" }

func (f *fakeNCCL) uniqueID() ([]byte, error) {
	f.mu.Lock()
	f.ids++
	f.mu.Unlock()
	return []byte(fmt.Sprintf("id of process %d", os.Getpid())), nil
}

func (f *fakeNCCL) initRank(dev *Device, nranks, rank int, id []byte) (ncclComm, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.inits = append(f.inits, fakeInit{nranks, rank, id})
	if f.failInit != "" {
		return nil, errors.New(f.failInit)
	}
	return &fakeComm{f}, nil
}

type fakeComm struct{ f *fakeNCCL }

func (c *fakeComm) carry(run func(st *staging) error, buf *Buffer) error {
	c.f.mu.Lock()
	c.f.calls++
	fail, local := c.f.failCall, c.f.local
	c.f.mu.Unlock()
	if fail != "" {
		return errors.New(fail)
	}
	if local {
		return nil
	}
	st, err := stagingFor(t0ctx, currentWorld(), buf.Bytes())
	if err != nil {
		return err
	}
	return run(st)
}

func (c *fakeComm) allReduce(buf *Buffer, op ReduceOp) error {
	return c.carry(func(st *staging) error { return st.allReduce(buf, op) }, buf)
}

func (c *fakeComm) broadcast(buf *Buffer, root int) error {
	return c.carry(func(st *staging) error { return st.broadcast(buf, root) }, buf)
}

func (c *fakeComm) abort() {
	c.f.mu.Lock()
	c.f.aborts++
	c.f.mu.Unlock()
}

// useFakeNCCL makes f the NCCL of this process (a rank), serving simulated devices, and
// collects the notices; it returns them.
func useFakeNCCL(t *testing.T, f *fakeNCCL) *syncBuffer {
	t.Helper()
	open, takes := ncclOpen, ncclTakesSim
	ncclOpen = func() (ncclLib, error) { return f, nil }
	ncclTakesSim = true
	notes := &syncBuffer{}
	prev := setNotice(notes)
	t.Cleanup(func() { ncclOpen, ncclTakesSim = open, takes; setNotice(prev); dropEngines() })
	return notes
}

// syncBuffer is a bytes.Buffer safe for concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// t0ctx is the context of the tests' gathers.
var t0ctx = context.Background()

// writeValues writes v into b, converted to b's dtype.
func writeValues(b *Buffer, v []float64) error {
	size := b.DType().Size()
	raw := make([]byte, len(v)*size)
	for i, x := range v {
		if b.DType().IsFloat() {
			putFloat(raw[i*size:(i+1)*size], b.DType(), x)
		} else {
			putUint(raw[i*size:(i+1)*size], uint64(int64(x)))
		}
	}
	return b.Write(bytesAs(raw, b.DType()))
}

// sumOfRanks all-reduces (sum) n elements of rank r's r+i+1 and checks the result.
func sumOfRanks(t *testing.T, dt DType, host bool) {
	t.Helper()
	me, size := Rank(), Ranks()
	v := make([]float64, 6)
	for i := range v {
		v[i] = float64(me + i + 1)
	}
	dev := Dev(0)
	if host {
		dev = Host()
	}
	b := must(dev.Alloc(dt, len(v)))
	must(0, writeValues(b, v))
	must(0, AllReduce(b, ReduceSum))
	for i, g := range must(b.Values()) {
		if want := float64(i*size + size*(size+1)/2); g != want {
			t.Errorf("%v sum: element %d is %v, want %v", dt, i, g, want)
		}
	}
}

func TestCollectivesUseNCCLWhereEveryRankCan(t *testing.T) {
	forRanks(t, "sim:nvswitch8", func(t *testing.T) {
		defer catch(t)
		f := &fakeNCCL{}
		notes := useFakeNCCL(t, f)
		e := must(Collectives())
		if e.Engine != "nccl" || e.Version != "9.9.9" || e.String() != "NCCL 9.9.9" {
			t.Fatalf("engine %+v", e)
		}
		sumOfRanks(t, Float32, false)
		b := must(Dev(0).AllocFrom([]int64{int64(Rank()), 5}))
		must(0, Broadcast(b, Ranks()-1))
		if v := must(b.Int64s()); v[0] != int64(Ranks()-1) || v[1] != 5 {
			t.Errorf("broadcast: %v", v)
		}
		f.mu.Lock()
		calls, inits, ids := f.calls, f.inits, f.ids
		f.mu.Unlock()
		if calls != 2 {
			t.Errorf("NCCL carried %d collectives, want 2", calls)
		}
		if len(inits) != 1 || inits[0].nranks != Ranks() || inits[0].rank != Rank() {
			t.Fatalf("communicators made: %+v", inits)
		}
		if want := map[bool]int{true: 1, false: 0}[Rank() == 0]; ids != want {
			t.Errorf("rank %d made %d unique ids, want %d", Rank(), ids, want)
		}
		// Every rank got rank 0's id.
		all := must(currentWorld().AllGather(t0ctx, "test: ids", inits[0].id))
		for r, id := range all {
			if !bytes.Equal(id, all[0]) || !strings.HasPrefix(string(id), "id of process ") {
				t.Errorf("rank %d's communicator has id %q, rank 0's %q", r, id, all[0])
			}
		}

		// A call NCCL can't carry goes host-staged, on every rank, saying so once.
		for range 2 {
			sumOfRanks(t, Int16, false)
		}
		sumOfRanks(t, Float64, Rank() == 1) // rank 1's buffer in host memory
		f.mu.Lock()
		calls = f.calls
		f.mu.Unlock()
		if calls != 2 {
			t.Errorf("NCCL carried %d collectives, want still 2", calls)
		}
		got := notes.String()
		for _, want := range []string{
			"AllReduce of int16[6], sum goes through host shared memory (the host-staged engine), not NCCL: NCCL has no 16-bit integer type\n",
			"AllReduce of float64[6], sum goes through host shared memory (the host-staged engine), not NCCL: rank 1: a host buffer\n",
		} {
			if strings.Count(got, want) != 1 {
				t.Errorf("notices lack %q once:\n%s", want, got)
			}
		}
		if e := must(Collectives()); e.Engine != "nccl" {
			t.Errorf("engine after host-staged calls: %+v", e)
		}
	})
}

func TestCollectivesFallBackWhenNCCLRefuses(t *testing.T) {
	ranked(t, 2, "sim:nvlink2", func(t *testing.T) {
		defer catch(t)
		f := &fakeNCCL{}
		if Rank() == 1 {
			f.failInit = "ncclCommInitRankScalable: ncclInvalidUsage (invalid usage): Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 18000"
		}
		notes := useFakeNCCL(t, f)
		sumOfRanks(t, Float32, false)
		sumOfRanks(t, Int32, false)
		e := must(Collectives())
		why := "NCCL refused the communicator: rank 1: ncclCommInitRankScalable: ncclInvalidUsage (invalid usage): Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 18000"
		if e.Engine != "host-staged" || e.Why != why {
			t.Errorf("engine %+v\nwant why %q", e, why)
		}
		want := "peerbook: AllReduce and the other collectives go through host shared memory (the host-staged engine: a copy to the host, a reduction there, a copy back), not NCCL: " + why + "\n"
		if got := notes.String(); got != want {
			t.Errorf("notices:\n%s\nwant once:\n%s", got, want)
		}
		f.mu.Lock()
		defer f.mu.Unlock()
		if f.calls != 0 || len(f.inits) != 1 {
			t.Errorf("%d NCCL calls, %d communicators tried", f.calls, len(f.inits))
		}
		// Rank 0's communicator was made, then freed: rank 1's was refused.
		if want := map[bool]int{true: 1, false: 0}[Rank() == 0]; f.aborts != want {
			t.Errorf("rank %d freed %d communicators, want %d", Rank(), f.aborts, want)
		}
	})
}

// TestRanksSharingAGPUDontAskNCCL: NCCL refuses two ranks on one GPU, so it isn't asked,
// unless PEERBOOK_NCCL=ask.
func TestRanksSharingAGPUDontAskNCCL(t *testing.T) {
	for _, ask := range []bool{false, true} {
		t.Run(fmt.Sprintf("ask=%v", ask), func(t *testing.T) {
			var env []ranktest.Option
			if ask {
				env = append(env, ranktest.Env(EnvNCCL+"=ask"))
			}
			ranked(t, 4, "sim:nvlink2", func(t *testing.T) {
				defer catch(t)
				f := &fakeNCCL{}
				useFakeNCCL(t, f)
				sumOfRanks(t, Float32, false)
				e := must(Collectives())
				f.mu.Lock()
				defer f.mu.Unlock()
				if ask {
					if e.Engine != "nccl" || len(f.inits) != 1 || f.calls != 1 {
						t.Errorf("asked: engine %+v, %d communicators, %d calls", e, len(f.inits), f.calls)
					}
					return
				}
				why := `ranks 0 and 2 share GPU 0000:18:00.0 on ` + currentWorld().Host() + `: NCCL refuses two ranks on one GPU ("duplicate GPU"; set PEERBOOK_NCCL=ask to let NCCL say so itself)`
				if e.Engine != "host-staged" || e.Why != why || len(f.inits) != 0 {
					t.Errorf("engine %+v, %d communicators; want why %q and none", e, len(f.inits), why)
				}
			}, env...)
		})
	}
}

// TestEnginesConvergeWhenACommunicatorFails: a rank whose NCCL call failed drops its
// communicator; at the next collective every rank drops to the host-staged engine, saying
// which rank's failed.
func TestEnginesConvergeWhenACommunicatorFails(t *testing.T) {
	ranked(t, 2, "sim:nvlink2", func(t *testing.T) {
		defer catch(t)
		f := &fakeNCCL{local: true}
		useFakeNCCL(t, f)
		if must(Collectives()).Engine != "nccl" {
			t.Fatal("NCCL does not serve")
		}
		if Rank() == 1 {
			f.failCall = "ncclAllReduce: ncclSystemError"
		}
		b := must(Dev(0).Alloc(Float32, 4))
		err := AllReduce(b, ReduceSum)
		if Rank() == 1 {
			wantErrContains(t, err, "AllReduce float32[4], sum on NCCL: ncclAllReduce: ncclSystemError")
		} else if err != nil {
			t.Fatal(err)
		}
		sumOfRanks(t, Float32, false)
		e := must(Collectives())
		want := map[int]string{
			0: "rank 1's NCCL communicator failed (its NCCL communicator failed: ncclAllReduce: ncclSystemError): every rank uses the host-staged engine from now on",
			1: "its NCCL communicator failed: ncclAllReduce: ncclSystemError",
		}[Rank()]
		if e.Engine != "host-staged" || e.Why != want {
			t.Errorf("rank %d: engine %+v, want why %q", Rank(), e, want)
		}
		f.mu.Lock()
		defer f.mu.Unlock()
		if f.aborts != 1 || f.calls != 1 {
			t.Errorf("rank %d: %d communicators freed, %d NCCL calls; want 1 and 1", Rank(), f.aborts, f.calls)
		}
	})
}

func TestCollectivesOnSimulatedDevicesAreTheSimulators(t *testing.T) {
	ranked(t, 2, "sim:nvlink2", func(t *testing.T) {
		defer catch(t)
		notes := &syncBuffer{}
		defer setNotice(setNotice(notes))
		sumOfRanks(t, Float32, false)
		e := must(Collectives())
		if e.Engine != "host-staged" || e.Why != "simulated devices: the simulator's collectives go through host shared memory" {
			t.Errorf("engine %+v", e)
		}
		if notes.String() != "" {
			t.Errorf("notices on simulated devices: %q", notes)
		}
	})
	e := must(Collectives())
	if e.Engine != "local" || !strings.Contains(e.String(), "one process") {
		t.Errorf("outside a rank session: %+v", e)
	}
}

// TestTopologySaysWhatCarriesTheCollectives: before the first collective, what the ranks
// would choose; after it, what they chose.
func TestTopologySaysWhatCarriesTheCollectives(t *testing.T) {
	ranked(t, 2, "sim:nvswitch8", func(t *testing.T) {
		defer catch(t)
		useFakeNCCL(t, &fakeNCCL{})
		if got, want := Topology().Collectives, "NCCL 9.9.9 (its communicator is made at the first collective)"; got != want {
			t.Errorf("before: %q, want %q", got, want)
		}
		must(Collectives())
		topo := Topology()
		if topo.Collectives != "NCCL 9.9.9" || !strings.Contains(topo.String(), "  collectives: NCCL 9.9.9\n") {
			t.Errorf("after: %q\n%s", topo.Collectives, topo)
		}
	})
}

func TestChooseEngine(t *testing.T) {
	nccl := func(host, bus string) engineDesc { return engineDesc{Host: host, Bus: bus, NCCL: "2.28.3"} }
	for _, c := range []struct {
		name  string
		descs []engineDesc
		ask   bool
		use   bool
		why   string
	}{
		{"distinct GPUs", []engineDesc{nccl("h", "a"), nccl("h", "b")}, false, true, ""},
		{"one bus on two hosts", []engineDesc{nccl("h1", "a"), nccl("h2", "a")}, false, true, ""},
		{"shared GPU", []engineDesc{nccl("h", "a"), nccl("h", "b"), nccl("h", "a")}, false, false,
			`ranks 0 and 2 share GPU a on h: NCCL refuses two ranks on one GPU ("duplicate GPU"; set PEERBOOK_NCCL=ask to let NCCL say so itself)`},
		{"shared GPU, asked", []engineDesc{nccl("h", "a"), nccl("h", "a")}, true, true, ""},
		{"one rank without NCCL", []engineDesc{nccl("h", "a"), {Host: "h", Bus: "b", Why: "NCCL (libnccl.so.2) not available: x"}}, false, false,
			"rank 1: NCCL (libnccl.so.2) not available: x"},
		{"every rank simulated", []engineDesc{{Why: "simulated devices"}, {Why: "simulated devices"}}, false, false, "simulated devices"},
		{"versions differ", []engineDesc{nccl("h", "a"), {Host: "h", Bus: "b", NCCL: "2.27.7"}}, false, false,
			"the ranks load different NCCL versions (rank 0 NCCL 2.28.3; rank 1 NCCL 2.27.7); NCCL refuses a communicator of mixed versions"},
	} {
		use, why := chooseEngine(c.descs, c.ask)
		if use != c.use || why != c.why {
			t.Errorf("%s: %v %q\nwant %v %q", c.name, use, why, c.use, c.why)
		}
	}
}

func TestNCCLOffLeavesTheHostStagedEngine(t *testing.T) {
	t.Setenv(EnvNCCL, "off")
	ncclTakesSim = true
	defer func() { ncclTakesSim = false }()
	use(t, "sim:nvlink2")
	d, lib := localEngineDesc(fixedWorld{rank: 0, size: 2}, must(current()))
	if d.Why != "PEERBOOK_NCCL=off" || lib != nil {
		t.Errorf("%+v %v", d, lib)
	}
}
