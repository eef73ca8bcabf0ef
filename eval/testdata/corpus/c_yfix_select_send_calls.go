// An event bus whose producer sends handler counts from a select, stopping on a quit channel.
package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

type Event struct {
	At   int
	Name string
}

type Bus struct {
	mu       sync.Mutex
	handlers map[string][]func(Event)
}

func (b *Bus) On(name string, h func(Event)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.handlers == nil {
		b.handlers = map[string][]func(Event){}
	}
	b.handlers[name] = append(b.handlers[name], h)
}

func (b *Bus) Emit(e Event) int {
	b.mu.Lock()
	hs := b.handlers[e.Name]
	b.mu.Unlock()
	for _, h := range hs {
		h(e)
	}
	return len(hs)
}

type Recorder struct {
	sync.Mutex
	seen []string
}

func (r *Recorder) Record(e Event) {
	r.Lock()
	defer r.Unlock()
	r.seen = append(r.seen, fmt.Sprintf("%s@%d", e.Name, e.At))
}

func main() {
	bus := &Bus{}
	rec := &Recorder{}
	bus.On("tick", rec.Record)
	var last Event
	bus.On("tick", func(e Event) { last = e })
	bus.On("stop", rec.Record)
	results := make(chan int)
	quit := make(chan bool)
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		for i := 1; ; i++ {
			select {
			case <-quit:
				return
			case results <- bus.Emit(Event{i, "tick"}):
				if i%2 == 0 {
					continue
				}
				bus.Emit(Event{i, "stop"})
			}
		}
	}()
	total := 0
	for n := range results {
		total += n
		if total >= 8 {
			close(quit)
			break
		}
	}
	<-finished
	rec.Lock()
	seen := append([]string(nil), rec.seen...)
	rec.Unlock()
	sort.Strings(seen)
	fmt.Println("total", total, "last", last.Name, last.At >= 4)
	fmt.Println(strings.Join(seen[:4], " "))
}
