// Deferred and goroutine calls of fmt with operands of types that have String methods,
// in slices and maps: fmt sees the methods when the deferred call runs, and the
// elements as they are then.
package main

import (
	"fmt"
	"strings"
	"sync"
)

type Level int

func (l Level) String() string { return [...]string{"debug", "info", "warn"}[l] }

type Tag string

func (t Tag) String() string { return "#" + strings.ToLower(string(t)) }

func main() {
	levels := []Level{0, 1}
	tags := map[string]Tag{"a": "Go"}
	defer fmt.Println("deferred", levels, tags, Level(2))
	defer fmt.Printf("%v|%s\n", []Tag{"X"}, levels)
	levels[1] = 2
	var wg sync.WaitGroup
	out := make(chan string, 1)
	wg.Add(1)
	go func() {
		defer wg.Done()
		out <- fmt.Sprint(levels)
	}()
	wg.Wait()
	fmt.Println("goroutine", <-out)
}
