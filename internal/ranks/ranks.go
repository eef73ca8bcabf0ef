// Package ranks is the contract between the processes of a rank session: one evaluator
// process per rank, all running the same cells (SPMD), as MPI, NCCL and PyTorch
// distributed programs run one process per GPU.
//
// The kernel starts the ranks (itself, or through a cluster launcher such as mpirun) and
// is the hub that every rank is connected to; the gpu package of each rank needs to know
// its rank, the number of ranks, and a way to exchange small blobs (exported memory
// handles, an NCCL unique id, trace data) with the other ranks. It gets that as a World,
// passed in by the evaluator process (dependencies passed in, never looked up).
//
// Standard library only: the kernel process links this package and stays free of the
// interpreter and the GPU code.
package ranks

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
)

// Environment of a rank process, set by whoever starts it (the kernel, or the kernel
// through a launcher).
const (
	// EnvRank is this process's rank, 0 <= rank < size.
	EnvRank = "PEERBOOK_RANK"
	// EnvRanks is the number of ranks of the session.
	EnvRanks = "PEERBOOK_RANKS"
	// EnvLocalDir is a directory private to the session on this host (mode 0700), where the
	// ranks of one host meet over Unix sockets (file descriptors of shared memory pass
	// between them there, with SCM_RIGHTS).
	EnvLocalDir = "PEERBOOK_RANK_DIR"
)

// World is what one rank knows of the others. Implementations must be safe for concurrent
// use; every blocking call returns when ctx ends or when another rank is known to have died.
type World interface {
	// Rank is this process's rank, from 0 to Size()-1.
	Rank() int
	// Size is the number of ranks.
	Size() int
	// Host names this rank's host: ranks with equal Host can share memory through
	// LocalDir and exported file descriptors.
	Host() string
	// LocalDir is the session's private directory on this host (see EnvLocalDir).
	LocalDir() string
	// AllGather sends mine under tag and returns every rank's blob in rank order (its own
	// included) once every rank has called AllGather with the same tag. Tags of one rank
	// are used in the same order on every rank (SPMD); a rank that sends another tag
	// first is an error on every rank, naming both tags.
	AllGather(ctx context.Context, tag string, mine []byte) ([][]byte, error)
}

// ErrNotRanked is returned by FromEnv when the process is not a rank of a session.
var ErrNotRanked = errors.New("not a rank process: " + EnvRank + " is not set")

// Position is a rank and the number of ranks, as read from the environment.
type Position struct {
	Rank, Size int
	LocalDir   string
}

// FromEnv reads this process's position from EnvRank, EnvRanks and EnvLocalDir. It returns
// ErrNotRanked when EnvRank is unset, and an error naming the variable when a value is
// malformed or out of range.
func FromEnv() (Position, error) {
	r, ok := os.LookupEnv(EnvRank)
	if !ok {
		return Position{}, ErrNotRanked
	}
	rank, err := strconv.Atoi(r)
	if err != nil {
		return Position{}, fmt.Errorf("%s=%q: not an integer", EnvRank, r)
	}
	s := os.Getenv(EnvRanks)
	size, err := strconv.Atoi(s)
	if err != nil {
		return Position{}, fmt.Errorf("%s=%q: not an integer", EnvRanks, s)
	}
	if size < 1 || rank < 0 || rank >= size {
		return Position{}, fmt.Errorf("%s=%d with %s=%d: a rank must be in [0, %d)", EnvRank, rank, EnvRanks, size, size)
	}
	return Position{Rank: rank, Size: size, LocalDir: os.Getenv(EnvLocalDir)}, nil
}
