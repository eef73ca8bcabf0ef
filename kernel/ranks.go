package kernel

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
	"github.com/peerbook/peerbook/internal/ranks"
)

// Rank mode: the session runs as N evaluator processes (ranks), as MPI, NCCL and PyTorch
// distributed programs run one process per GPU. The supervisor starts them together as a
// generation (rankGen), each with PEERBOOK_RANK, PEERBOOK_RANKS and PEERBOOK_RANK_DIR (a
// 0700 directory it makes for the generation and removes when the generation has ended);
// every execute request goes to every rank (ranks_run.go), other requests (completion,
// inspection) to rank 0. When one rank dies, the generation ends: the other ranks are
// killed, every all-gather waiting is answered with the death, and a new generation of all
// ranks starts, its state empty, as an MPI job ends when one of its processes does.

// MaxRanks bounds the number of ranks of a session.
const MaxRanks = 64

// rankGen is one generation of the ranks of a session: started together, ended together.
type rankGen struct {
	sup  *supervisor
	size int
	dir  string // PEERBOOK_RANK_DIR of this generation
	kids []*child

	// cause is the rank whose end ended the generation (its own death, not a kill by the
	// supervisor); reported says a cell's error or a notice has told the user.
	cause    atomic.Pointer[child]
	reported atomic.Bool
	alive    atomic.Int32 // processes not yet reaped; the last one removes dir

	hub    gatherHub
	labels rankLabels
	// launched is the launcher that started the ranks; nil when the kernel did.
	launched *launched
	endOnce  sync.Once
}

// ranked reports whether the session is in rank mode (more than one rank).
func (s *supervisor) ranked() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.size > 1
}

// rankCount is the number of ranks (1 outside rank mode).
func (s *supervisor) rankCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return max(s.size, 1)
}

// currentRanks returns the live generation of ranks, starting one when there is none.
func (s *supervisor) currentRanks() (*rankGen, error) {
	s.awaitRankEnds()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return nil, errShuttingDown
	}
	return s.currentRanksLocked()
}

// awaitRankEnds waits, for a few seconds at most, until the supervisor has taken in the
// end of a rank whose process is gone: between a rank's exit and the end of its generation
// (rankEnded) the generation still looks alive, and a cell started on it then would be
// lost with it, where it should be told the rank died between cells and run in new ranks.
func (s *supervisor) awaitRankEnds() {
	s.mu.Lock()
	g := s.rg
	s.mu.Unlock()
	if g == nil {
		return
	}
	for _, c := range g.kids {
		select {
		case <-c.exited:
			for deadline := time.Now().Add(5 * time.Second); g.cause.Load() == nil && !c.retired.Load() && time.Now().Before(deadline); {
				time.Sleep(time.Millisecond)
			}
		default:
		}
	}
}

func (s *supervisor) currentRanksLocked() (*rankGen, error) {
	if s.rg != nil && s.rg.cause.Load() == nil {
		return s.rg, nil
	}
	dir, err := os.MkdirTemp("", "peerbook-ranks-") // mode 0700
	if err != nil {
		return nil, fmt.Errorf("the ranks' directory: %w", err)
	}
	g := &rankGen{sup: s, size: s.size, dir: dir}
	g.hub.init(g)
	g.labels.init(s.size)
	if s.launch != nil {
		if err := s.launchRanksLocked(g); err != nil {
			return nil, err
		}
		s.rg = g
		return g, nil
	}
	for r := 0; r < s.size; r++ {
		env := []string{
			ranks.EnvRank + "=" + strconv.Itoa(r),
			ranks.EnvRanks + "=" + strconv.Itoa(s.size),
			ranks.EnvLocalDir + "=" + dir,
		}
		g.alive.Add(1)
		c, err := s.spawnLocked(g, r, env)
		if err != nil {
			g.alive.Add(-1)
			for _, k := range g.kids {
				k.retired.Store(true)
				k.proc.Kill()
			}
			if g.alive.Load() == 0 {
				os.RemoveAll(dir)
			}
			return nil, fmt.Errorf("rank %d of %d: %w", r, s.size, err)
		}
		g.kids = append(g.kids, c)
	}
	s.rg = g
	return g, nil
}

// setRanks makes the session n ranks (1: one evaluator, not ranked): the evaluators it had
// are closed (their state is lost) and the new ones started.
func (s *supervisor) setRanks(n int, l *launcher, grace time.Duration) {
	s.mu.Lock()
	c, g := s.cur, s.rg
	s.cur, s.rg, s.size, s.launch = nil, nil, n, l
	if c != nil {
		c.retired.Store(true)
	}
	s.mu.Unlock()
	if g != nil {
		g.retire(grace)
	}
	if c != nil {
		c.closeWithin(grace)
	}
	s.start()
}

// rankEnded is wait's end for a rank's process. The first rank of a generation to die on
// its own ends the generation: every all-gather waiting is answered with its death, the
// other ranks are killed, and once they are gone a new generation starts.
func (s *supervisor) rankEnded(c *child) {
	g := c.rg
	first := !c.retired.Load() && g.cause.CompareAndSwap(nil, c)
	why := fmt.Sprintf("rank %d died (%s)", c.rank, c.exit.summary)
	if first {
		g.hub.fail(why)
		s.mu.Lock()
		if s.rg == g {
			s.rg = nil
		}
		s.mu.Unlock()
		s.log.Printf("rank %d of %d (evaluator %d) died (%s): ending the other ranks", c.rank, g.size, c.pid, c.exit.summary)
	}
	s.post(procMsg{child: c, kind: pmExit})
	if first {
		for _, o := range g.kids {
			if o == c {
				continue
			}
			o.mu.Lock()
			if o.killReason == "" {
				o.killReason = "killed: " + why
			}
			o.mu.Unlock()
			o.retired.Store(true)
			o.proc.Kill()
		}
		for _, o := range g.kids {
			select {
			case <-o.exited:
			case <-time.After(5 * time.Second):
				s.log.Printf("rank %d (evaluator %d) still runs 5 s after a kill", o.rank, o.pid)
			}
		}
	}
	if g.alive.Add(-1) == 0 {
		g.ended()
	}
	if first && c.wasReady.Load() && !s.isClosing() {
		s.log.Printf("starting all %d ranks again", g.size)
		s.start()
	}
}

// interrupt interrupts every rank (as supervisor.interrupt does one evaluator) and ends the
// all-gathers waiting.
func (g *rankGen) interrupt() {
	for _, c := range g.kids {
		c.interrupt()
	}
	g.hub.abort("interrupted")
}

// retire ends the generation on purpose (a new number of ranks, a new evaluator binary,
// shutdown): a close request to each rank, SIGKILL after grace; its end is no death.
func (g *rankGen) retire(grace time.Duration) {
	g.hub.fail("the ranks are being closed")
	var wg sync.WaitGroup
	for _, c := range g.kids {
		c.retired.Store(true)
		wg.Add(1)
		go func() { defer wg.Done(); c.closeWithin(grace) }()
	}
	wg.Wait()
	g.ended() // the ranks are gone (at shutdown, wait leaves it to retire)
}

// ended cleans up after the generation's processes: its directory, its launcher.
func (g *rankGen) ended() {
	g.endOnce.Do(func() {
		os.RemoveAll(g.dir)
		if g.launched != nil {
			g.launched.stop()
		}
	})
}

// waitReady waits until every rank is up; the error names the first rank that is not.
func (g *rankGen) waitReady(ctx context.Context, interrupts <-chan struct{}) error {
	for _, c := range g.kids {
		if err := c.waitReady(ctx, interrupts); err != nil {
			if cause := g.cause.Load(); cause != nil && cause != c {
				<-cause.exited
				return fmt.Errorf("rank %d of %d: the evaluator process exited before it was ready (%s)", cause.rank, g.size, cause.exit.summary)
			}
			if err == errInterruptedWaiting {
				return err
			}
			return fmt.Errorf("rank %d of %d: %w", c.rank, g.size, err)
		}
	}
	return nil
}

// pids are the process ids of the live ranks.
func (g *rankGen) pids() []int {
	var pids []int
	for _, c := range g.kids {
		select {
		case <-c.exited:
		default:
			if !c.remote {
				pids = append(pids, c.pid)
			}
		}
	}
	return pids
}

// sendRaw writes one encoded request line (without its newline) to the child.
func (c *child) sendRaw(b []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.wbuf = append(append(c.wbuf[:0], b...), '\n')
	if _, err := c.reqW.Write(c.wbuf); err != nil {
		return fmt.Errorf("send to evaluator: %w", err)
	}
	return nil
}

// gather hands a rank's gather event to its generation's hub; outside rank mode it is
// refused.
func (c *child) gather(ev *evalproto.Event) {
	if c.rg == nil {
		go c.send(&evalproto.Request{Op: evalproto.OpGathered, Tag: ev.Tag, Error: "all-gather: this session is not in rank mode"})
		return
	}
	c.rg.hub.add(c, ev)
}

// gatherHub answers the all-gathers of a generation: it holds each rank's blob of the
// round's tag until every rank has sent one, then sends every rank all of them. A rank's
// all-gathers run one at a time, in the same order on every rank (ranks.World): a rank
// that sends another tag while others wait, or a second gather while its first waits,
// ends the round with an error to every rank in it. The kernel only moves the bytes.
type gatherHub struct {
	g  *rankGen
	mu sync.Mutex
	// The round: its tag, and the blob of each rank that has sent it (have[r]).
	tag  string
	have []bool
	data [][]byte
	n    int
	// failed answers every later gather: the generation ended.
	failed string
}

func (h *gatherHub) init(g *rankGen) {
	h.g = g
	h.have = make([]bool, g.size)
	h.data = make([][]byte, g.size)
}

// add takes rank c's gather event.
func (h *gatherHub) add(c *child, ev *evalproto.Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	r := c.rank
	switch {
	case h.failed != "":
		answerGather(ev.Tag, nil, h.failed, c)
		return
	case len(ev.Data) > evalproto.MaxGather:
		h.endRoundLocked(fmt.Sprintf("all-gather %q: rank %d's blob is %d bytes, over the limit of %d", ev.Tag, r, len(ev.Data), evalproto.MaxGather), c, ev.Tag)
		return
	case h.have[r]:
		h.endRoundLocked(fmt.Sprintf("all-gather: rank %d sent %q while its all-gather %q was waiting; a rank's all-gathers run one at a time, in the same order on every rank", r, ev.Tag, h.tag), c, ev.Tag)
		return
	case h.n > 0 && ev.Tag != h.tag:
		h.endRoundLocked(fmt.Sprintf("all-gather tags differ: rank %d sent %q while %s waited in %q; every rank must make the same all-gathers in the same order", r, ev.Tag, rankList(h.waitingLocked(), h.g.size), h.tag), c, ev.Tag)
		return
	}
	h.tag = ev.Tag
	h.have[r] = true
	h.data[r] = ev.Data
	if h.data[r] == nil {
		h.data[r] = []byte{}
	}
	h.n++
	if h.n < h.g.size {
		return
	}
	b, err := json.Marshal(&evalproto.Request{Op: evalproto.OpGathered, Tag: h.tag, Data: h.data})
	kids := h.g.kids
	h.resetLocked()
	if err != nil {
		for _, k := range kids {
			answerGather(ev.Tag, nil, "all-gather: "+err.Error(), k)
		}
		return
	}
	for _, k := range kids {
		go k.sendRaw(b)
	}
}

// waitingLocked are the ranks waiting in the round.
func (h *gatherHub) waitingLocked() []int {
	var rs []int
	for r, ok := range h.have {
		if ok {
			rs = append(rs, r)
		}
	}
	return rs
}

// endRoundLocked answers every rank waiting in the round, and c (whose gather of tag ended
// it), with why.
func (h *gatherHub) endRoundLocked(why string, c *child, tag string) {
	for _, r := range h.waitingLocked() {
		answerGather(h.tag, nil, why, h.g.kids[r])
	}
	if c != nil {
		answerGather(tag, nil, why, c)
	}
	h.resetLocked()
}

func (h *gatherHub) resetLocked() {
	h.tag, h.n = "", 0
	h.have = make([]bool, h.g.size)
	h.data = make([][]byte, h.g.size)
}

// abort ends the round (an interrupt): the ranks waiting get why.
func (h *gatherHub) abort(why string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.n > 0 {
		h.endRoundLocked(fmt.Sprintf("all-gather %q: %s", h.tag, why), nil, "")
	}
}

// fail ends the round and answers every later gather with why: the generation has ended.
func (h *gatherHub) fail(why string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.n > 0 {
		h.endRoundLocked(fmt.Sprintf("all-gather %q: %s", h.tag, why), nil, "")
	}
	if h.failed == "" {
		h.failed = "all-gather: " + why
	}
}

// answerGather sends c the answer to its gather of tag, from a goroutine of its own: a rank
// that does not read its requests stalls nobody else.
func answerGather(tag string, data [][]byte, errText string, c *child) {
	go c.send(&evalproto.Request{Op: evalproto.OpGathered, Tag: tag, Data: data, Error: errText})
}

// rankList names ranks: "rank 2 of 4", "ranks 0 and 3 of 4", "ranks 0, 1 and 3 of 4",
// "every rank (4)".
func rankList(rs []int, size int) string {
	if len(rs) == size && size > 1 {
		return fmt.Sprintf("all %d ranks", size)
	}
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = strconv.Itoa(r)
	}
	switch len(rs) {
	case 0:
		return "no rank"
	case 1:
		return fmt.Sprintf("rank %s of %d", names[0], size)
	}
	return fmt.Sprintf("ranks %s and %s of %d", strings.Join(names[:len(names)-1], ", "), names[len(names)-1], size)
}
