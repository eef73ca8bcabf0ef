package gpu

import (
	"sync"

	"github.com/peerbook/peerbook/gpu/internal/fdpass"
	"github.com/peerbook/peerbook/internal/ranks"
)

// world is the rank session this process is part of; nil when it is not ranked.
var world struct {
	mu   sync.Mutex
	w    ranks.World
	pass *fdpass.Passer // passes memory to the ranks of this host; made on first use

	staging *staging // the collectives' host shared memory (collective.go); made on first use
}

// setWorld gives the package the rank session this process is one rank of: its rank, the
// number of ranks, its host's private directory and a way to exchange small blobs with the
// other ranks (internal/ranks). nil means not ranked: Rank is 0 and Ranks is 1. The
// evaluator of a rank process calls it once, before the first cell, through
// internal/gpuctl: it is plumbing, not API.
//
// Setting a World (or nil) chooses the devices in use again, of the same kind, for the rank
// (see the package doc, "Ranks"); buffers made before keep working on theirs.
func setWorld(w ranks.World) {
	world.mu.Lock()
	world.w = w
	if world.pass != nil {
		world.pass.Close()
		world.pass = nil
	}
	world.staging = nil // its buffers are freed when unreachable
	world.mu.Unlock()
	dropEngines() // NCCL communicators of the old World
	state.mu.Lock()
	defer state.mu.Unlock()
	if state.m != nil {
		// The same kind of devices, chosen again for the rank.
		state.m, state.err = choose(state.m.spec, false)
		if state.m != nil {
			adopt(state.m)
		}
	}
}

// currentWorld returns the World set by setWorld, nil when the process is not ranked.
func currentWorld() ranks.World {
	world.mu.Lock()
	defer world.mu.Unlock()
	return world.w
}

// Rank returns this process's rank in a rank session (%ranks N, peerbook run --ranks N):
// 0 to Ranks()-1, every rank running the same cells. Outside a rank session it is 0.
func Rank() int {
	if w := currentWorld(); w != nil {
		return w.Rank()
	}
	return 0
}

// Ranks returns the number of ranks of the session: 1 outside a rank session.
func Ranks() int {
	if w := currentWorld(); w != nil {
		return w.Size()
	}
	return 1
}
