//go:build !race

package eval

// raceEnabled is whether the tests were built with -race.
const raceEnabled = false
