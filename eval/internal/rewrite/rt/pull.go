package rt

import "iter"

// Pull is iter.Pull over values of any type, compiled: the interpreted generic
// iter.Pull and iter.Pull2 (prelude/iter.go.txt) wrap it. The goroutine switching is
// Go's own, which an interpreted implementation could not keep.
func Pull(seq func(yield func(any) bool)) (next func() (any, bool), stop func()) {
	return iter.Pull(iter.Seq[any](seq))
}
