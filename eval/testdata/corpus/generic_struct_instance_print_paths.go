// Values of generic struct types' instances without methods of their own, holding
// values with a String method, printed where the printer gets them without their static
// type: through a printing function used as a value, deferred in a range-over-func
// loop's body (random program seed 18455: `defer fmt.Println(G[N]{x, N(-10)})` printed
// {€ -10} for Go's {€ N<-10>}), in a goroutine, through Fprintln, Sprint, Errorf and a
// log.Logger's method value, nested in structs, slices, maps and pointers.

package main

import (
	"fmt"
	"log"
	"os"
	"strings"
)

type N int

func (n N) String() string { return fmt.Sprintf("N<%d>", int(n)) }

type G[T any] struct {
	A T
	B N
}

type H[T any] struct{ V T }

func (h H[T]) String() string { return fmt.Sprintf("H<%v>", h.V) }

type W[T any] struct {
	G G[T]
	S []H[T]
}

func mkG[T any](v T) G[T] { return G[T]{v, 3} }

func showp[T any](v T) {
	p := fmt.Println
	p("showp", v, G[T]{v, 4}, []G[T]{{v, 5}})
}

func main() {
	p := fmt.Println
	pf := fmt.Printf
	sp := fmt.Sprint
	x := "€"
	p(G[string]{x, -10}, H[int]{3})
	p([]G[string]{{x, 1}}, map[string]G[int]{"k": {1, 2}}, &G[bool]{true, 2})
	p(W[int]{G[int]{1, 2}, []H[int]{{5}}})
	pf("%v|%+v|%s|%d\n", G[string]{x, -1}, G[int]{1, 2}, H[int]{3}, G[int]{7, 8})
	p(sp(G[string]{x, 1}), mkG(2.5))
	showp(int8(3))
	fs := []func(...any) (int, error){fmt.Println}
	fs[0](G[int]{1, 1})
	w := fmt.Fprintln
	w(os.Stdout, G[int]{2, 2}, []H[string]{{"a"}})
	var b strings.Builder
	fp := fmt.Fprint
	fp(&b, G[int]{3, 3})
	p(b.String())
	er := fmt.Errorf
	p(er("e %v", G[int]{4, 4}))
	lg := log.New(os.Stdout, "", 0)
	lp := lg.Println
	lp(G[int]{7, 7})
	defer p("deferred", G[int]{8, 8}, H[G[int]]{G[int]{9, 9}})
	for i := range func(yield func(int) bool) { yield(1); yield(2) } {
		defer fmt.Println(i, G[string]{x, N(-10)}, H[int]{3}, &G[int]{1, 2}, []G[int]{{3, 4}})
		defer fmt.Printf("%v %v\n", G[string]{x, N(-10 * i)}, H[int]{i})
	}
	done := make(chan bool)
	go func() { p("go", G[N]{1, 2}, H[int]{3}); done <- true }()
	<-done
	var a any = G[N]{1, 2}
	p(a, []any{G[int]{1, 2}, H[int]{2}}, map[any]any{1: G[int]{1, 2}})
	func(xs ...any) { fmt.Println(xs...) }(G[int]{1, 2}, H[int]{1})
	func(xs ...any) { p(xs...) }(G[int]{1, 2}, H[int]{1})
}
