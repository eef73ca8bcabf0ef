package ranktest

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/internal/ranks"
)

func TestAllGatherReturnsEveryRanksBlobInOrder(t *testing.T) {
	Run(t, 3, func(t *testing.T, w ranks.World) {
		for round := 0; round < 3; round++ {
			got, err := w.AllGather(context.Background(), "t", []byte(fmt.Sprint(w.Rank()*10+round)))
			if err != nil {
				t.Fatal(err)
			}
			for r, b := range got {
				if string(b) != fmt.Sprint(r*10+round) {
					t.Fatalf("round %d: blob of rank %d is %q", round, r, b)
				}
			}
		}
	})
}

func TestAllGatherWithAnotherTagFailsOnEveryRank(t *testing.T) {
	Run(t, 2, func(t *testing.T, w ranks.World) {
		_, err := w.AllGather(context.Background(), fmt.Sprint("tag", w.Rank()), nil)
		if err == nil || !strings.Contains(err.Error(), `rank 0 sent tag "tag0", rank 1 sent tag "tag1"`) {
			t.Fatalf("error %v", err)
		}
	})
}

func TestAllGatherFailsWhenARankDies(t *testing.T) {
	Run(t, 3, func(t *testing.T, w ranks.World) {
		if w.Rank() == 1 {
			os.Exit(7)
		}
		_, err := w.AllGather(context.Background(), "t", nil)
		if err == nil || !strings.Contains(err.Error(), "rank 1 died") {
			t.Fatalf("error %v", err)
		}
	}, Exits(1, 7))
}
