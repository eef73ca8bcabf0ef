package gpu

import (
	"context"
	"testing"
)

// fixedWorld is a World of one rank that knows its place and gathers nothing.
type fixedWorld struct{ rank, size int }

func (w fixedWorld) Rank() int        { return w.rank }
func (w fixedWorld) Size() int        { return w.size }
func (w fixedWorld) Host() string     { return "h" }
func (w fixedWorld) LocalDir() string { return "" }
func (w fixedWorld) AllGather(ctx context.Context, tag string, mine []byte) ([][]byte, error) {
	return nil, context.Canceled
}

func TestRankAndRanksFollowTheWorld(t *testing.T) {
	t.Cleanup(func() { SetWorld(nil) })
	if Rank() != 0 || Ranks() != 1 {
		t.Fatalf("not ranked: Rank %d Ranks %d, want 0 1", Rank(), Ranks())
	}
	SetWorld(fixedWorld{rank: 2, size: 4})
	if Rank() != 2 || Ranks() != 4 {
		t.Fatalf("ranked: Rank %d Ranks %d, want 2 4", Rank(), Ranks())
	}
	SetWorld(nil)
	if Rank() != 0 || Ranks() != 1 {
		t.Fatalf("after SetWorld(nil): Rank %d Ranks %d, want 0 1", Rank(), Ranks())
	}
}
