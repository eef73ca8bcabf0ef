package eval

import (
	"strings"
	"testing"
)

// selectConcurrentSrc runs two select statements in eight goroutines at once, each
// goroutine on channels of its own beside nil ones: one select receives from a channel
// filled and closed beforehand, the other sends on a channel with room for every value
// sent. Every value received and sent is checked: the goroutine's own, in order. No
// select can block, whatever channels it is given, so one given another goroutine's
// cases cannot hang the program. Go prints 0 (expected output from go run; corpus
// program select_concurrent_goroutines).
const selectConcurrentSrc = `package main

import (
	"fmt"
	"sync"
)

const workers, rounds = 8, 2000

func work(id int, in, out chan int) (bad int) {
	var none chan int
	for k := 0; k < rounds; k++ {
		v, ok := -1, false
		select {
		case v, ok = <-in:
		case none <- -1:
			panic("sent on a nil channel")
		case v = <-none:
			panic("received from a nil channel")
		}
		if !ok || v != id*1000000+k {
			bad++
		}
		select {
		case v = <-none:
			panic("received from a nil channel")
		case out <- id*1000000 + k:
		case none <- -1:
			panic("sent on a nil channel")
		}
	}
	return bad
}

func main() {
	var wg sync.WaitGroup
	var mu sync.Mutex
	bad := 0
	outs := make([]chan int, workers+1)
	for id := 1; id <= workers; id++ {
		in := make(chan int, rounds)
		for k := 0; k < rounds; k++ {
			in <- id*1000000 + k
		}
		close(in)
		outs[id] = make(chan int, workers*rounds)
		wg.Add(1)
		go func(id int, in, out chan int) {
			defer wg.Done()
			n := work(id, in, out)
			mu.Lock()
			bad += n
			mu.Unlock()
		}(id, in, outs[id])
	}
	wg.Wait()
	for id := 1; id <= workers; id++ {
		close(outs[id])
		k := 0
		for v := range outs[id] {
			if v != id*1000000+k {
				bad++
			}
			k++
		}
		if k != rounds {
			bad++
		}
	}
	fmt.Println("values out of place:", bad)
}
`

// Patch 97: goroutines running the same select statement at once each select on their
// own channels and send their own values. The cases were one slice per statement,
// filled in place by every run: about half the runs of this program, and 1 run in 3 of
// Go's test ken/chan.go, received or sent values for another goroutine. The race
// detector (go test -race) reports the old code's race on every run.
func TestSelectInConcurrentGoroutines(t *testing.T) {
	want := "values out of place: 0\n"
	if got := yaegiStdout(t, selectConcurrentSrc); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, strings.TrimPrefix(selectConcurrentSrc, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}
