package main

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"time"
)

func largest[T cmp.Ordered](xs ...T) T { return slices.Max(xs) }

func main() {
	ds := []time.Duration{3 * time.Second, time.Second, 2 * time.Millisecond}
	slices.Sort(ds)
	fmt.Println(ds, slices.Max(ds), cmp.Compare(ds[0], ds[1]))
	fmt.Println(largest(time.Minute, time.Hour), largest(os.FileMode(0o644), os.ModePerm))
	ms := []time.Month{time.March, time.January}
	slices.Sort(ms)
	fmt.Println(ms, cmp.Less(time.May, time.April))
}
