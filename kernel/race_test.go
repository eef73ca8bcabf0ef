//go:build race

package kernel

// raceEnabled: the race detector reports the fake's deliberate data races before the
// runtime does.
const raceEnabled = true
