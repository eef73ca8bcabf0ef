package kernel

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// ranksProgram is what TestRealKernelRanks runs on every rank of the real session, on
// simulated devices: symmetric buffers, a fenced hand-off from each even rank to the odd one
// after it, and a ring all-reduce by hand against gpu.AllReduce.
const ranksProgram = `import (
	"fmt"
	"peerbook/gpu"
)

func put(t gpu.Thread, p gpu.Peer[int32], i int, v int32) {
	if t.GlobalX() == 0 {
		p[i] = v
	}
}

func ringStep(t gpu.Thread, left gpu.Peer[float32], next gpu.Peer[float32], result []float32) {
	if i := t.GlobalX(); i < len(result) {
		v := left[i]
		next[i] = v
		result[i] += v
	}
}

func produce(t gpu.Thread, round int32, data gpu.Peer[int32], flag gpu.Peer[int32]) {
	for i := range len(data) {
		data[i] = round*1000 + int32(i)
	}
	gpu.SyncSystem()
	gpu.AtomicStore(&flag[0], round)
	for spins := 0; gpu.AtomicLoad(&flag[1]) != round && spins < 1<<26; spins++ {
	}
}

func consume(t gpu.Thread, round int32, data gpu.Peer[int32], flag gpu.Peer[int32], got []int32) {
	for spins := 0; gpu.AtomicLoad(&flag[0]) != round && spins < 1<<26; spins++ {
	}
	gpu.SyncSystem()
	for i := range len(data) {
		got[i] = data[i]
	}
	gpu.AtomicStore(&flag[1], round)
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

me, size := gpu.Rank(), gpu.Ranks()
ids, err := gpu.AllocSymmetric(gpu.Int32, 1)
must(err)
must(gpu.Barrier())
must(put.Launch(gpu.Dev(0), 1, 1, ids.Rank((me+1)%size), 0, int32(me)))
must(gpu.Barrier())
left, err := ids.Local().Int32s()
must(err)

data, err := gpu.AllocSymmetric(gpu.Int32, 8)
must(err)
flag, err := gpu.AllocSymmetric(gpu.Int32, 2)
must(err)
got, err := gpu.Dev(0).Alloc(gpu.Int32, 8)
must(err)
bad := 0
for round := int32(1); round <= 20; round++ {
	if me%2 == 0 {
		must(produce.Launch(gpu.Dev(0), 1, 1, round, data.Rank(me+1), flag.Rank(me+1)))
		continue
	}
	must(consume.Launch(gpu.Dev(0), 1, 1, round, data.Local(), flag.Local(), got))
	vals, err := got.Int32s()
	must(err)
	for i, v := range vals {
		if v != round*1000+int32(i) {
			bad++
			break
		}
	}
}
must(gpu.Barrier())

const n = 1000
x := make([]float32, n)
for i := range x {
	x[i] = float32((me + 1) * (i % 7))
}
msgA, err := gpu.AllocSymmetric(gpu.Float32, n)
must(err)
msgB, err := gpu.AllocSymmetric(gpu.Float32, n)
must(err)
msgs := []*gpu.Symmetric{msgA, msgB}
must(msgs[0].Local().Write(x))
byHand, err := gpu.Dev(0).AllocFrom(x)
must(err)
must(gpu.Barrier())
for s := 0; s < size-1; s++ {
	in, out := msgs[s%2], msgs[(s+1)%2]
	must(ringStep.Launch(gpu.Dev(0), (n+127)/128, 128, in.Rank((me+size-1)%size), out.Local(), byHand))
	must(gpu.Barrier())
}
coll, err := gpu.Dev(0).AllocFrom(x)
must(err)
must(gpu.AllReduce(coll, gpu.ReduceSum))
a, err := byHand.Float32s()
must(err)
b, err := coll.Float32s()
must(err)
differ := 0
for i := range a {
	if a[i] != b[i] || b[i] != float32(size*(size+1)/2*(i%7)) {
		differ++
	}
}
fmt.Printf("rank %d of %d: left %d, bad hand-offs %d, differ %d\n", me, size, left[0], bad, differ)
`

// The real session on 2 and 4 ranks of simulated devices, through the kernel: SPMD cells,
// symmetric buffers, a hand-off between processes, a ring all-reduce by hand equal to the
// collective, an interrupt that reaches every rank and keeps their state, and a rank killed
// mid-cell that restarts them all.
func TestRealKernelRanks(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the real session on 2 and 4 ranks: skipped with -short")
	}
	rk := startRealKernel(t, nil, "", "PEERBOOK_MAX_STACK_MB=16")
	c := dial(t, rk.conn)
	for _, n := range []int{2, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			if r, io := c.execute(fmt.Sprintf("%%ranks %d", n)); content(r)["status"] != "ok" {
				t.Fatalf("%%ranks %d: %v %q", n, content(r), streamText(io, "stdout"))
			}
			r, io := c.execute(ranksProgram)
			if content(r)["status"] != "ok" {
				t.Fatalf("the program: %v\n%s", content(r), streamText(io, "stderr"))
			}
			var want []string
			for me := 0; me < n; me++ {
				want = append(want, fmt.Sprintf("[%d] rank %d of %d: left %d, bad hand-offs 0, differ 0", me, me, n, (me+n-1)%n))
			}
			if got := sortedLines(streamText(io, "stdout")); !slices.Equal(got, want) {
				t.Errorf("stdout %q, want %q", got, want)
			}

			// An interrupt reaches every rank; their state is kept.
			id := c.send(c.shell, "execute_request", map[string]any{"code": "import \"time\"\nprintln(\"running\")\nfor {\n\ttime.Sleep(time.Millisecond)\n}"})
			var running []string // every rank runs the cell
			for r := 0; r < n; r++ {
				running = append(running, fmt.Sprintf("[%d] running", r))
			}
			c.awaitStream(id, running...)
			c.reply(c.controlCh, c.send(c.control, "interrupt_request", map[string]any{}))
			r = c.reply(c.shellCh, id)
			if rc := content(r); rc["ename"] != "Interrupted" || !strings.Contains(rc["evalue"].(string), fmt.Sprintf("on all %d ranks", n)) {
				t.Errorf("interrupt: %v", rc)
			}
			if r, io := c.execute("me"); content(r)["status"] != "ok" || find(io, "execute_result") == nil {
				t.Errorf("state after the interrupt: %v", content(r))
			}

			// A rank killed mid-cell (unlocking an unlocked mutex is fatal to a Go process,
			// no recover catches it) while the others sleep.
			c.execute(`import "sync"`)
			r, _ = c.execute(fmt.Sprintf("var mu sync.Mutex\nif me == %d {\n\tmu.Unlock()\n}\ntime.Sleep(time.Minute)", n-1))
			if rc := content(r); rc["ename"] != "SessionLost" || !strings.Contains(rc["evalue"].(string), fmt.Sprintf("rank %d of %d died (fatal error: sync: unlock of unlocked mutex)", n-1, n)) {
				t.Errorf("rank killed: %v", rc)
			}
			if r, _ := c.execute("me"); content(r)["status"] != "error" {
				t.Errorf("the ranks kept their state through a restart: %v", content(r))
			}
		})
	}
}

// The real session on 2 ranks that mpirun starts over loopback: the same program, its
// symmetric buffers shared between processes the kernel did not start.
func TestRealKernelRanksThroughMpirun(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the real session under mpirun: skipped with -short")
	}
	launcher := mpirunLauncher(t)
	t.Setenv("PEERBOOK_RANK_HOST", "127.0.0.1")
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	if r, io := c.execute("%ranks 2 --launcher " + launcher); content(r)["status"] != "ok" {
		t.Fatalf("%%ranks: %v %q", content(r), streamText(io, "stdout"))
	}
	r, io := c.execute(ranksProgram)
	want := []string{"[0] rank 0 of 2: left 1, bad hand-offs 0, differ 0", "[1] rank 1 of 2: left 0, bad hand-offs 0, differ 0"}
	if got := sortedLines(streamText(io, "stdout")); content(r)["status"] != "ok" || !slices.Equal(got, want) {
		t.Errorf("%v: stdout %q, want %q\n%s", content(r)["evalue"], got, want, streamText(io, "stderr"))
	}
}
