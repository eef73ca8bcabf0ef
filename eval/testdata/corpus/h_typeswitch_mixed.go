package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
)

type Celsius float64
type Point struct{ X, Y int }
type Shape interface{ Area() float64 }
type Sq struct{ S float64 }

func (s Sq) Area() float64 { return s.S * s.S }

func (p Point) String() string { return "(" + strconv.Itoa(p.X) + "," + strconv.Itoa(p.Y) + ")" }

func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int, int64:
		return fmt.Sprintf("integer %v (%T)", x, x)
	case float64:
		return "float " + strconv.FormatFloat(x, 'f', 2, 64)
	case string:
		return "string of " + strconv.Itoa(len(x))
	case []int:
		return fmt.Sprintf("ints sum=%d", sum(x))
	case map[string]int:
		return fmt.Sprintf("map with %d keys", len(x))
	case error:
		return "error: " + x.Error()
	case Shape:
		return fmt.Sprintf("shape area %.1f", x.Area())
	case fmt.Stringer:
		return "stringer " + x.String()
	case func() int:
		return "func returning " + strconv.Itoa(x())
	case *int:
		return "ptr to " + strconv.Itoa(*x)
	case chan int:
		return "chan cap " + strconv.Itoa(cap(x))
	case struct{}:
		return "empty struct"
	default:
		return fmt.Sprintf("other %T", x)
	}
}

func sum(xs []int) (s int) {
	for _, x := range xs {
		s += x
	}
	return
}

func main() {
	n := 5
	vals := []any{nil, 1, int64(2), 2.5, "héllo", []int{1, 2}, map[string]int{"a": 1},
		io.EOF, errors.New("x"), Sq{2}, Point{1, 2}, func() int { return 9 }, &n,
		make(chan int, 3), struct{}{}, true, uint8(1), []string{}}
	for _, v := range vals {
		fmt.Println(describe(v))
	}
	var s Shape = Sq{3}
	switch s.(type) {
	case Sq:
		fmt.Println("is Sq")
	}
	if st, ok := any(Point{}).(fmt.Stringer); ok {
		fmt.Println("stringer", st)
	}
}
