package eval

import "testing"

// %T of a value held in a cell interface names the value's dynamic type, not the
// interface (expected output from go run).
func TestTypeNameOfCellInterfaceValue(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type Circle struct{ R float64 }
type Square struct{ S float64 }

func (c Circle) Area() float64  { return 3 * c.R * c.R }
func (s *Square) Area() float64 { return s.S * s.S }

type Shape interface{ Area() float64 }

func main() {
	shapes := []Shape{Circle{1}, &Square{2}}
	for _, s := range shapes {
		fmt.Printf("%T\n", s)
	}
	var s Shape = Circle{2}
	fmt.Println(fmt.Sprintf("%T", s))
}`)
	if want := "main.Circle\n*main.Square\nmain.Circle\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
