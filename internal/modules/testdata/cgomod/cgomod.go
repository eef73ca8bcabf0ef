// Package cgomod needs cgo.
package cgomod

// int twice(int x) { return 2 * x; }
import "C"

// Twice doubles x in C.
func Twice(x int) int { return int(C.twice(C.int(x))) }
