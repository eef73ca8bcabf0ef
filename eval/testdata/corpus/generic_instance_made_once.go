package main

import "fmt"

// A generic type's instance is made once, whatever first names it: an assertion, a
// type switch case, new, a conversion or a method expression made it under the name
// G[uint32] before a method naming G[T] made it again as main.G[uint32], and the
// methods' bodies were compiled twice ("mismatched types int and bool" in b >= b-a;
// yaegi patch 200, random programs of issue 29).

type Integer interface {
	~int | ~uint8 | ~uint32
}

type A[T Integer] struct{ F T }

func (g *A[T]) Next() *A[T] { return &A[T]{F: g.F + 1} }

func (g *A[T]) Count(n int) int {
	outer := func(a int) int {
		inner := func(b int) int {
			if b >= b-a || false {
				return b + a
			}
			return b - a
		}
		return inner(n)
	}
	return outer(2)
}

type B[T Integer] struct{ F T }

func (g B[T]) Same() B[T] { return B[T]{F: g.F} }

func (g B[T]) Less(x int) bool {
	f := func(a int) bool {
		return func(b int) bool { return b-a < b+a }(x)
	}
	return f(x)
}

type C[T Integer] struct{ F T }

func (g *C[T]) Zero() { *g = C[T]{} }

func (g *C[T]) Shift(x int) T {
	k := func(a int) T {
		return func(b int) T {
			if (b << 1) > b-a {
				return T(b) << 1
			}
			return T(a)
		}(a + 1)
	}
	return k(x) + g.F
}

type D[T Integer] struct{ F T }

func (g D[T]) Copy() any { return D[T]{g.F} }

func (g D[T]) Sum(xs ...int) int {
	s := 0
	for _, x := range xs {
		s += func(a int) int {
			return func(b int) int {
				if b == b+a-a && b != a-b {
					return b
				}
				return 0
			}(x)
		}(x)
	}
	return s
}

type E[T Integer] struct{ F T }

func (g *E[T]) Twin() *E[T] { t := E[T](*g); return &t }

func (g *E[T]) Cmp(x int) string {
	return func(a int) string {
		return func(b int) string { return fmt.Sprint(b > a-b, b <= a*b) }(a + 1)
	}(x)
}

func main() {
	var x any = A[uint32]{F: 3}
	a, ok := x.(A[uint32])
	fmt.Println(a, ok, a.Next().F, a.Count(5))

	switch v := x.(type) {
	case B[uint8]:
		fmt.Println("B", v)
	default:
		fmt.Printf("not B[uint8]: %v\n", v)
	}
	fmt.Println(B[uint8]{F: 9}.Same(), B[uint8]{}.Less(4))

	c := new(C[int])
	c.F = 10
	fmt.Println(c.Shift(3))
	c.Zero()
	fmt.Println(c.F, c.Shift(-2))

	d := D[uint32](D[uint32]{F: 7})
	fmt.Println(d.Copy(), d.Sum(1, 2, 3))

	fmt.Println((*E[uint8]).Cmp(&E[uint8]{F: 1}, 4), (&E[uint8]{F: 2}).Twin().F)
}
