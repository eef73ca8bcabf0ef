package fdpass

import (
	"context"
	"encoding/binary"
	"errors"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/peerbook/peerbook/gpu/internal/ranktest"
	"github.com/peerbook/peerbook/internal/ranks"
)

func TestExchangeGivesEveryRankEveryOthersMemory(t *testing.T) {
	ranktest.Run(t, 3, func(t *testing.T, w ranks.World) {
		p, err := New(w)
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		f, err := SharedMemory("test", 8)
		if err != nil {
			t.Fatal(err)
		}
		mine, err := Map(f, 8)
		if err != nil {
			t.Fatal(err)
		}
		binary.LittleEndian.PutUint32(mine, uint32(100+w.Rank()))
		off, done, err := p.Exchange(context.Background(), "x", f, []byte{byte(w.Rank())}, nil)
		if err != nil {
			t.Fatal(err)
		}
		maps := make([][]byte, w.Size())
		for r, g := range off.Files {
			if int(off.Metas[r][0]) != r {
				t.Errorf("meta of rank %d: %v", r, off.Metas[r])
			}
			if r == w.Rank() {
				maps[r] = mine
				continue
			}
			if maps[r], err = Map(g, 8); err != nil {
				t.Fatal(err)
			}
			g.Close()
			if v := binary.LittleEndian.Uint32(maps[r]); v != uint32(100+r) {
				t.Errorf("rank %d's memory holds %d", r, v)
			}
		}
		if err := done(nil); err != nil {
			t.Fatal(err)
		}
		// Atomics on the shared pages are atomic across the processes: every rank adds to
		// rank 0's counter, and after a gather each sees the total.
		for i := 0; i < 1000; i++ {
			atomic.AddUint32((*uint32)(unsafe.Pointer(&maps[0][4])), 1)
		}
		if _, err := w.AllGather(context.Background(), "added", nil); err != nil {
			t.Fatal(err)
		}
		if v := atomic.LoadUint32((*uint32)(unsafe.Pointer(&maps[0][4]))); v != uint32(1000*w.Size()) {
			t.Errorf("counter %d, want %d", v, 1000*w.Size())
		}
		if err := Detach(mine); err != nil {
			t.Fatal(err)
		}
		if mine[0] != 0 {
			t.Error("a detached mapping still shows the shared memory")
		}
	})
}

func TestExchangeFailsOnEveryRankWhenOneCant(t *testing.T) {
	ranktest.Run(t, 2, func(t *testing.T, w ranks.World) {
		p, err := New(w)
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		var problem error
		var f *os.File
		if w.Rank() == 1 {
			problem = errors.New("out of memory")
		} else if f, err = SharedMemory("test", 8); err != nil {
			t.Fatal(err)
		}
		_, _, err = p.Exchange(context.Background(), "x", f, nil, problem)
		if err == nil || !strings.Contains(err.Error(), "rank 1: out of memory") {
			t.Fatalf("error %v", err)
		}
		// and the ranks go on in step
		if _, err := w.AllGather(context.Background(), "after", nil); err != nil {
			t.Fatal(err)
		}
	})
}
