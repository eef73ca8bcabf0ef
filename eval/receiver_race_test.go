package eval

import "testing"

// Yaegi patch 171: a method called on an addressable struct (c.Inc() with a pointer
// receiver) binds its receiver without reading it. bindRecv copied the whole struct
// (reflect's Interface) to learn whether it was an interpreter's interface wrapper: a read
// of fields other goroutines write under the struct's own mutex, a data race Go's
// program does not have. Only the race detector sees it: run with `go test -race`.
func TestMethodCallDoesNotReadItsReceiver(t *testing.T) {
	if !raceEnabled {
		t.Skip("the race detector sees what this checks: run with go test -race")
	}
	const program = `package main

import (
	"fmt"
	"sync"
)

type counter struct {
	mu sync.Mutex
	n  int
}

func (c *counter) inc() {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

func main() {
	var c counter
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 500; i++ {
				c.inc()
			}
		}()
	}
	wg.Wait()
	fmt.Println(c.n)
}
`
	if got := yaegiStdout(t, program); got != "2000\n" {
		t.Errorf("got %q, want 2000", got)
	}
}
