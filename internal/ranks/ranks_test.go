package ranks

import (
	"errors"
	"strings"
	"testing"
)

func TestFromEnvReadsAPosition(t *testing.T) {
	t.Setenv(EnvRank, "2")
	t.Setenv(EnvRanks, "4")
	t.Setenv(EnvLocalDir, "/tmp/x")
	p, err := FromEnv()
	if err != nil {
		t.Fatal(err)
	}
	if p != (Position{Rank: 2, Size: 4, LocalDir: "/tmp/x"}) {
		t.Fatalf("got %+v", p)
	}
}

func TestFromEnvRefusesBadValues(t *testing.T) {
	for _, c := range []struct{ rank, size, want string }{
		{"x", "2", "PEERBOOK_RANK=\"x\""},
		{"0", "", "PEERBOOK_RANKS=\"\""},
		{"2", "2", "must be in [0, 2)"},
		{"-1", "2", "must be in [0, 2)"},
		{"0", "0", "must be in [0, 0)"},
	} {
		t.Setenv(EnvRank, c.rank)
		t.Setenv(EnvRanks, c.size)
		_, err := FromEnv()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("rank %q size %q: error %v, want one containing %q", c.rank, c.size, err, c.want)
		}
	}
}

func TestFromEnvWithoutARank(t *testing.T) {
	t.Setenv(EnvRank, "")
	// t.Setenv cannot unset; an empty value is malformed, which is also not a position.
	if _, err := FromEnv(); err == nil {
		t.Fatal("an empty PEERBOOK_RANK was accepted")
	}
}

func TestErrNotRankedNamesTheVariable(t *testing.T) {
	if !strings.Contains(ErrNotRanked.Error(), EnvRank) || !errors.Is(ErrNotRanked, ErrNotRanked) {
		t.Fatal(ErrNotRanked)
	}
}
