//go:build !linux

package cuda

// threadID would be the calling OS thread's id; other systems get 0: the fake driver then
// keeps one current context for all threads.
func threadID() int { return 0 }
