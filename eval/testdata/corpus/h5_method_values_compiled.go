package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"
)

type Greeter struct {
	name string
	wg   *sync.WaitGroup
}

func (g Greeter) Hello() { fmt.Println("hello", g.name); g.wg.Done() }

type byLen []string

func (b byLen) less(i, j int) bool { return len(b[i]) < len(b[j]) }

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	k := Greeter{"v", &wg}
	time.AfterFunc(5*time.Millisecond, k.Hello)
	k.name = "changed"
	wg.Wait()
	for _, n := range []string{"p", "q"} {
		wg.Add(1)
		g := Greeter{n, &wg}
		time.AfterFunc(2*time.Millisecond, g.Hello)
		wg.Wait()
	}
	ws := byLen{"ccc", "a", "bb"}
	sort.Slice(ws, ws.less)
	fmt.Println(ws, strings.Join(ws, ""))
}
