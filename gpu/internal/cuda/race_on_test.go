//go:build race

package cuda

// raceEnabled: the race detector makes sync.Pool drop items at random (allocations).
const raceEnabled = true
