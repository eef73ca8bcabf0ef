package main

import (
	"fmt"
	"sync"
	"time"
)

type Greeter struct{ name string }

func (g Greeter) Hello()   { fmt.Println("hello", g.name) }
func (g *Greeter) HelloP() { fmt.Println("helloP", g.name) }

func main() {
	var wg sync.WaitGroup
	g := Greeter{"first"}
	wg.Add(1)
	renamed := make(chan struct{})
	time.AfterFunc(5*time.Millisecond, func() { defer wg.Done(); <-renamed; g.Hello() })
	h := Greeter{"a"}
	t := time.AfterFunc(time.Hour, h.Hello)
	t.Stop()
	done := make(chan bool)
	k := Greeter{"value-bound"}
	time.AfterFunc(2*time.Millisecond, func() { done <- true })
	hello := k.Hello
	k.name = "changed"
	hello()
	<-done
	g.name = "second"
	close(renamed)
	wg.Wait()
	gs := []Greeter{{"x"}, {"y"}}
	var fs []func()
	for _, gg := range gs {
		fs = append(fs, gg.Hello)
	}
	for _, f := range fs {
		f()
	}
}
