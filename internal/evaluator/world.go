package evaluator

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/peerbook/peerbook/internal/evalproto"
	"github.com/peerbook/peerbook/internal/ranks"
)

// world is the production ranks.World of a rank evaluator: its position comes from the
// environment the kernel (or the rank agent under a launcher) set, and AllGather travels
// over the evaluator protocol: a "gather" event to the kernel, which answers every rank
// with "gathered" once all of them sent the same tag (see package evalproto, "Ranks").
type world struct {
	s    *server
	pos  ranks.Position
	host string

	mu      sync.Mutex
	waiting map[string]chan gatherAnswer // by tag: the AllGather calls waiting for the kernel
}

type gatherAnswer struct {
	data [][]byte
	err  string
}

var _ ranks.World = (*world)(nil)

func newWorld(s *server, pos ranks.Position) *world {
	return &world{s: s, pos: pos, host: hostID(), waiting: map[string]chan gatherAnswer{}}
}

// Rank is this process's rank.
func (w *world) Rank() int { return w.pos.Rank }

// Size is the number of ranks.
func (w *world) Size() int { return w.pos.Size }

// Host is the host name and, where Linux tells it, the boot id: two machines (or two
// containers' views of two machines) that share a name are still told apart.
func (w *world) Host() string { return w.host }

// LocalDir is $PEERBOOK_RANK_DIR.
func (w *world) LocalDir() string { return w.pos.LocalDir }

// AllGather sends mine to the kernel under tag and waits for every rank's blob. It returns
// early with an error when ctx ends, when the cell is interrupted, when the kernel is gone,
// or when the kernel answers with one (another rank sent another tag, a rank died).
func (w *world) AllGather(ctx context.Context, tag string, mine []byte) ([][]byte, error) {
	if len(mine) > evalproto.MaxGather {
		return nil, fmt.Errorf("all-gather %q: rank %d's blob is %d bytes, over the limit of %d", tag, w.pos.Rank, len(mine), evalproto.MaxGather)
	}
	ch := make(chan gatherAnswer, 1)
	w.mu.Lock()
	if w.waiting == nil {
		w.mu.Unlock()
		return nil, fmt.Errorf("all-gather %q: the session is ending", tag)
	}
	if _, dup := w.waiting[tag]; dup {
		w.mu.Unlock()
		return nil, fmt.Errorf("all-gather %q: rank %d already waits in an all-gather with this tag (one at a time per tag)", tag, w.pos.Rank)
	}
	w.waiting[tag] = ch
	w.mu.Unlock()
	// The answer comes on fd 3 while a cell runs: make sure it is read.
	w.s.wantReader()
	w.s.events.push(evalproto.Event{Kind: evalproto.EvGather, ID: w.s.runningID(), Tag: tag, Data: mine})
	w.s.events.flush()
	select {
	case a := <-ch:
		if a.err != "" {
			return nil, errors.New(a.err)
		}
		if len(a.data) != w.pos.Size {
			return nil, fmt.Errorf("all-gather %q: the kernel sent %d blobs for %d ranks", tag, len(a.data), w.pos.Size)
		}
		return a.data, nil
	case <-ctx.Done():
		w.forget(tag, ch)
		return nil, fmt.Errorf("all-gather %q on rank %d: %w", tag, w.pos.Rank, ctx.Err())
	}
}

// forget drops the waiter of tag if it is still ch.
func (w *world) forget(tag string, ch chan gatherAnswer) {
	w.mu.Lock()
	if w.waiting[tag] == ch {
		delete(w.waiting, tag)
	}
	w.mu.Unlock()
}

// answer hands the kernel's "gathered" request to the AllGather waiting for its tag; an
// answer nobody waits for (its caller gave up) is dropped.
func (w *world) answer(req evalproto.Request) {
	w.mu.Lock()
	ch := w.waiting[req.Tag]
	delete(w.waiting, req.Tag)
	w.mu.Unlock()
	if ch != nil {
		ch <- gatherAnswer{data: req.Data, err: req.Error}
	}
}

// fail answers every waiting AllGather with why (an interrupt, the kernel gone); ending
// also refuses later calls.
func (w *world) fail(why string, ending bool) {
	w.mu.Lock()
	waiting := w.waiting
	if ending {
		w.waiting = nil
	} else {
		w.waiting = map[string]chan gatherAnswer{}
	}
	w.mu.Unlock()
	for tag, ch := range waiting {
		ch <- gatherAnswer{err: fmt.Sprintf("all-gather %q on rank %d: %s", tag, w.pos.Rank, why)}
	}
}

// hostID is the host name, with the boot id where /proc has it.
func hostID() string {
	name, err := os.Hostname()
	if err != nil || name == "" {
		name = "localhost"
	}
	if b, err := os.ReadFile("/proc/sys/kernel/random/boot_id"); err == nil {
		if id := strings.TrimSpace(string(b)); id != "" {
			name += "/" + id
		}
	}
	return name
}
