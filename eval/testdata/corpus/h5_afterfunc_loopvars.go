package main

import (
	"fmt"
	"sort"
	"sync"
	"time"
)

func later(f func()) { f() }

func main() {
	var mu sync.Mutex
	var got []int
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		time.AfterFunc(time.Millisecond, func() { mu.Lock(); got = append(got, i); mu.Unlock(); wg.Done() })
	}
	wg.Wait()
	sort.Ints(got)
	fmt.Println(got)
	got = nil
	for i := 0; i < 3; i++ {
		wg.Add(1)
		time.AfterFunc(time.Millisecond, func() { mu.Lock(); got = append(got, i); mu.Unlock(); wg.Done() })
	}
	wg.Wait()
	sort.Ints(got)
	fmt.Println(got)
	got = nil
	var fs []func()
	for i := range 3 {
		f := func() { got = append(got, i) }
		var t *time.Timer = time.AfterFunc(time.Hour, f)
		t.Stop()
		fs = append(fs, f)
	}
	for _, f := range fs {
		f()
	}
	fmt.Println(got)
	got = nil
	for _, v := range []int{7, 8, 9} {
		wg.Add(1)
		time.AfterFunc(time.Millisecond, func() { mu.Lock(); got = append(got, v); mu.Unlock(); wg.Done() })
	}
	wg.Wait()
	sort.Ints(got)
	fmt.Println(got)
}
