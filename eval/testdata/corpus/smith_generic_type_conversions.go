// Conversions to instances of generic types: of another package (iter.Seq, iter.Seq2)
// and of the program, with one and two type arguments; the range-over-func loops of
// random programs convert function literals so (yaegi patch 100).
package main

import (
	"fmt"
	"iter"
	"strings"
)

type F[K, V any] func(K) V

type P[K comparable, V any] map[K]V

type Box[T any] []T

func main() {
	for x := range iter.Seq[string](func(yield func(string) bool) {
		for _, w := range strings.Fields("a b c") {
			if !yield(w) {
				return
			}
		}
	}) {
		if x == "c" {
			break
		}
		fmt.Print(x, " ")
	}
	fmt.Println()
	for k, v := range iter.Seq2[int, string](func(yield func(int, string) bool) {
		_ = yield(1, "one") && yield(2, "two")
	}) {
		fmt.Println(k, v)
	}
	f := F[int, string](func(i int) string { return fmt.Sprint(i * 2) })
	fmt.Println(f(21))
	p := P[string, int](map[string]int{"a": 1, "b": 2})
	fmt.Println(p, len(p))
	b := Box[float64]([]float64{1.5, 2})
	fmt.Printf("%v %T\n", b, b)
}
