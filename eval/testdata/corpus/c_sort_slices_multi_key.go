package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

type File struct {
	Dir  string
	Name string
	Size int64
}

func main() {
	files := []File{
		{"/src", "main.go", 1200}, {"/doc", "README", 300}, {"/src", "util.go", 1200},
		{"/src", "a.go", 50}, {"/doc", "guide.md", 9000}, {"/bin", "tool", 0},
	}
	slices.SortFunc(files, func(a, b File) int {
		return cmp.Or(
			strings.Compare(a.Dir, b.Dir),
			-cmp.Compare(a.Size, b.Size),
			strings.Compare(a.Name, b.Name),
		)
	})
	for _, f := range files {
		fmt.Printf("%-5s %-9s %5d\n", f.Dir, f.Name, f.Size)
	}
	largest := slices.MaxFunc(files, func(a, b File) int { return cmp.Compare(a.Size, b.Size) })
	fmt.Println("largest:", largest.Name)
	i, ok := slices.BinarySearchFunc(files, "/doc", func(f File, dir string) int { return strings.Compare(f.Dir, dir) })
	fmt.Println(i, ok)
	sizes := []int{5, 2, 8, 2, 9, 1}
	slices.Sort(sizes)
	fmt.Println(sizes, slices.Compact(slices.Clone(sizes)), slices.Index(sizes, 8))
	slices.Reverse(sizes)
	fmt.Println(sizes, slices.IsSorted(sizes), slices.Min(sizes), slices.Max(sizes))
	words := strings.Fields("Banana apple Cherry apple banana")
	slices.SortStableFunc(words, func(a, b string) int { return cmp.Compare(strings.ToLower(a), strings.ToLower(b)) })
	fmt.Println(words)
	fmt.Println(slices.Insert([]int{1, 4}, 1, 2, 3), slices.Delete([]int{0, 1, 2, 3}, 1, 3), slices.Equal(sizes, sizes))
}
