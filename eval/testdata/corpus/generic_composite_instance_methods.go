// Instances of generic slice, map, array and channel types with methods, in interfaces
// and printed: yaegi named such an instance by its underlying type ([]int for
// L[int]), so a value of it in an interface printed without its String method
// (`var a any = L[int]{1}; fmt.Println(a)` gave [1] for Go's L1) and %T of it was
// refused. Methods, conversions, sort.Interface, JSON, ranging, assertions to the
// instance itself.

package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

type L[X any] []X

func (l L[X]) String() string { return fmt.Sprintf("L%d", len(l)) }
func (l L[X]) Len() int       { return len(l) }
func (l *L[X]) Push(x X)      { *l = append(*l, x) }

type Mp[K comparable, V any] map[K]V

func (m Mp[K, V]) String() string { return fmt.Sprintf("Mp%d", len(m)) }

type Arr[T any] [2]T

func (a Arr[T]) String() string { return fmt.Sprint("Arr:", a[0]) }

type Ch[T any] chan T

func (c Ch[T]) String() string { return "Ch" }

type Plain[T any] []struct{ V T }

type Sorter[T int | string] []T

func (s Sorter[T]) Len() int           { return len(s) }
func (s Sorter[T]) Less(i, j int) bool { return s[i] < s[j] }
func (s Sorter[T]) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }

func main() {
	l := L[int]{1, 2}
	l.Push(3)
	var s []int = l
	l2 := L[int](s)
	fmt.Println(l, s, l2, len(l), l[0], l[1:])
	var a any = l
	ll, isL := a.(L[int])
	fmt.Println(isL, ll)
	fmt.Printf("%T %v %s %d %+v\n", l, l, l, l, l)
	m := Mp[string, int]{"a": 1}
	m["b"] = 2
	var am any = m
	fmt.Println(m, am, len(m))
	fmt.Printf("%T\n", am)
	ar := Arr[string]{"x", "y"}
	var aa any = ar
	fmt.Println(ar, aa, ar[1])
	c := make(Ch[int], 1)
	c <- 5
	var ac any = c
	fmt.Println(c, ac, <-c)
	p := Plain[int]{{4}, {5}}
	var ap any = p
	fmt.Println(p, ap)
	srt := Sorter[string]{"b", "a", "c"}
	sort.Sort(srt)
	fmt.Println(srt, sort.IsSorted(srt))
	b, err := json.Marshal(L[string]{"q"})
	fmt.Println(string(b), err)
	var back L[string]
	fmt.Println(json.Unmarshal([]byte(`["x","y"]`), &back), back)
	fmt.Println(strings.Join(L[string]{"a", "b"}, "+"))
	for i, v := range l {
		fmt.Print(i, v, " ")
	}
	fmt.Println()
	ls := []L[int]{{1}, {2, 3}}
	mm := map[string]L[int]{"k": {1}}
	fmt.Println(ls, mm, &l)
	var st fmt.Stringer = l
	fmt.Println(st, st.String())
	eq := fmt.Sprint(l) == "L3"
	fmt.Println(eq)
	p2 := fmt.Println
	p2(l, m, ar, []any{L[string]{"a"}})
	for i := range func(yield func(int) bool) { yield(1) } {
		defer fmt.Println(i, l, m, ar)
	}
}
