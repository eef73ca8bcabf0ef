package evaluator

import (
	"bufio"
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/eval"
	"github.com/peerbook/peerbook/internal/evalproto"
	"github.com/peerbook/peerbook/internal/ranks"
)

// gatherSession runs "gather TAG BLOB" (the value is the blobs joined by ",", or the
// error) and "twice TAG" (two gathers of one tag at once) through the World Serve made.
type gatherSession struct {
	session
	w ranks.World
}

func (g *gatherSession) Execute(ctx context.Context, req eval.ExecuteRequest, out eval.Output) (eval.Result, error) {
	f := strings.Fields(req.Code)
	switch f[0] {
	case "gather":
		all, err := g.w.AllGather(ctx, f[1], []byte(f[2]))
		if err != nil {
			return eval.Result{}, err
		}
		parts := make([]string, len(all))
		for i, b := range all {
			parts[i] = string(b)
		}
		return eval.Result{Value: &display.Bundle{Data: map[string]any{"text/plain": strings.Join(parts, ",")}}}, nil
	case "twice":
		errs := make(chan error, 1)
		go func() {
			_, err := g.w.AllGather(ctx, f[1], nil)
			errs <- err
		}()
		_, err := g.w.AllGather(ctx, f[1], nil)
		if err == nil {
			err = <-errs
		}
		return eval.Result{}, err
	}
	return g.session.Execute(ctx, req, out)
}

func serveRank(t *testing.T, rank, size int) (*harness, *gatherSession) {
	t.Helper()
	reqR, reqW := io.Pipe()
	evR, evW := io.Pipe()
	h := &harness{t: t, req: reqW, events: bufio.NewReader(evR), stdout: &syncBuf{},
		interrupts: make(chan os.Signal, 1), done: make(chan error, 1)}
	g := &gatherSession{}
	var got ranks.World
	go func() {
		h.done <- Serve(Config{Requests: reqR, Events: evW, Stdout: h.stdout, Stderr: io.Discard,
			Interrupts: h.interrupts, Rank: &ranks.Position{Rank: rank, Size: size, LocalDir: "/tmp/d"},
			SetWorld:   func(w ranks.World) { got = w },
			NewSession: func() (Session, error) { g.w = got; return g, nil }})
		evW.Close()
	}()
	t.Cleanup(func() { reqW.Close() })
	if ev := h.next(); ev.Kind != evalproto.EvReady {
		t.Fatalf("first event %+v", ev)
	}
	return h, g
}

// A rank's AllGather is a gather event carrying its tag, blob and the running request's
// id; the kernel's "gathered" answer, sent while the cell runs, is what it returns.
func TestWorldAllGatherTravelsOverTheProtocol(t *testing.T) {
	h, g := serveRank(t, 1, 3)
	if g.w.Rank() != 1 || g.w.Size() != 3 || g.w.LocalDir() != "/tmp/d" || g.w.Host() == "" {
		t.Fatalf("world: rank %d size %d dir %q host %q", g.w.Rank(), g.w.Size(), g.w.LocalDir(), g.w.Host())
	}
	h.send(evalproto.Request{ID: 7, Op: evalproto.OpExecute, Execute: exec("gather handles mine")})
	ev := h.next()
	if ev.Kind != evalproto.EvGather || ev.ID != 7 || ev.Tag != "handles" || string(ev.Data) != "mine" {
		t.Fatalf("gather event %+v", ev)
	}
	h.send(evalproto.Request{Op: evalproto.OpGathered, Tag: "handles", Data: [][]byte{[]byte("a"), []byte("mine"), []byte("c")}})
	done := h.until(7)[0].Done
	if done.Error != nil || !strings.Contains(string(done.Value), `"text/plain":"a,mine,c"`) {
		t.Fatalf("done %+v value %s", done.Error, done.Value)
	}

	// The kernel's error (another rank's tag) is the call's error.
	h.send(evalproto.Request{ID: 8, Op: evalproto.OpExecute, Execute: exec("gather x 1")})
	if ev := h.next(); ev.Kind != evalproto.EvGather || ev.Tag != "x" {
		t.Fatalf("gather event %+v", ev)
	}
	h.send(evalproto.Request{Op: evalproto.OpGathered, Tag: "x", Error: "rank 2 sent tag \"y\""})
	if d := h.until(8)[0].Done; d.Error == nil || !strings.Contains(d.Error.Value, `rank 2 sent tag "y"`) {
		t.Fatalf("done %+v", d.Error)
	}

	// A blob count that is not the number of ranks is refused, never returned.
	h.send(evalproto.Request{ID: 9, Op: evalproto.OpExecute, Execute: exec("gather z 1")})
	h.next()
	h.send(evalproto.Request{Op: evalproto.OpGathered, Tag: "z", Data: [][]byte{[]byte("1")}})
	if d := h.until(9)[0].Done; d.Error == nil || !strings.Contains(d.Error.Value, "1 blobs for 3 ranks") {
		t.Fatalf("done %+v", d.Error)
	}
}

// An interrupt ends a waiting AllGather with an error; the kernel's late answer is dropped.
func TestWorldAllGatherEndsOnInterrupt(t *testing.T) {
	h, _ := serveRank(t, 0, 2)
	h.send(evalproto.Request{ID: 1, Op: evalproto.OpExecute, Execute: exec("gather t 0")})
	if ev := h.next(); ev.Kind != evalproto.EvGather {
		t.Fatalf("gather event %+v", ev)
	}
	h.interrupts <- os.Interrupt
	// The cell's context and the World both end the call; either says so.
	if d := h.until(1)[0].Done; d.Error == nil || !strings.Contains(d.Error.Value, `all-gather "t" on rank 0`) ||
		!(strings.Contains(d.Error.Value, "interrupted") || strings.Contains(d.Error.Value, "context canceled")) {
		t.Fatalf("done %+v", d.Error)
	}
	h.send(evalproto.Request{Op: evalproto.OpGathered, Tag: "t", Data: [][]byte{nil, nil}})
	// The same tag again works: nothing of the interrupted call is left.
	h.send(evalproto.Request{ID: 2, Op: evalproto.OpExecute, Execute: exec("gather t 0")})
	if ev := h.next(); ev.Kind != evalproto.EvGather || ev.ID != 2 {
		t.Fatalf("gather event %+v", ev)
	}
	h.send(evalproto.Request{Op: evalproto.OpGathered, Tag: "t", Data: [][]byte{[]byte("0"), []byte("1")}})
	if d := h.until(2)[0].Done; d.Error != nil || !strings.Contains(string(d.Value), "0,1") {
		t.Fatalf("done %+v %s", d.Error, d.Value)
	}
}

// Two gathers of one tag at once on one rank: the second is refused (the kernel could not
// tell their answers apart).
func TestWorldRefusesASecondGatherOfATag(t *testing.T) {
	h, _ := serveRank(t, 0, 2)
	h.send(evalproto.Request{ID: 1, Op: evalproto.OpExecute, Execute: exec("twice t")})
	ev := h.next()
	if ev.Kind != evalproto.EvGather {
		t.Fatalf("gather event %+v", ev)
	}
	h.send(evalproto.Request{Op: evalproto.OpGathered, Tag: "t", Data: [][]byte{nil, nil}})
	if d := h.until(1)[0].Done; d.Error == nil || !strings.Contains(d.Error.Value, "already waits in an all-gather with this tag") {
		t.Fatalf("done %+v", d.Error)
	}
}
