package main

import (
	"cmp"
	"fmt"
	"slices"
)

type Version struct{ Major, Minor, Patch int }

func (v Version) Compare(o Version) int {
	return cmp.Or(cmp.Compare(v.Major, o.Major), cmp.Compare(v.Minor, o.Minor), cmp.Compare(v.Patch, o.Patch))
}

type Comparer[T any] interface {
	Compare(T) int
}

func MaxOf[T Comparer[T]](xs ...T) T {
	best := xs[0]
	for _, x := range xs[1:] {
		if x.Compare(best) > 0 {
			best = x
		}
	}
	return best
}

func Clamp[T cmp.Ordered](v, lo, hi T) T { return min(max(v, lo), hi) }

type Grade string

func main() {
	vs := []Version{{1, 2, 3}, {1, 10, 0}, {1, 9, 9}, {0, 99, 0}}
	fmt.Println(MaxOf(vs...))
	slices.SortFunc(vs, Version.Compare)
	fmt.Println(vs)
	fmt.Println(Clamp(15, 0, 10), Clamp(-2.5, -1, 1), Clamp[Grade]("Z", "A", "F"), Clamp("m", "a", "z"))
	idx, found := slices.BinarySearchFunc(vs, Version{1, 9, 9}, Version.Compare)
	fmt.Println(idx, found)
	fmt.Println(slices.MaxFunc(vs, func(a, b Version) int { return cmp.Compare(a.Patch, b.Patch) }))
	fmt.Println(cmp.Less(Grade("B"), Grade("A")), min(Grade("C"), "B", "D"))
}
