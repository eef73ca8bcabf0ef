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

// %#v writes the names of cell types (expected output from go run).
func TestGoSyntaxOfCellTypes(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type Point struct{ X, Y int }
type Tags []string
type Index map[string]int
type Color int

func main() {
	p := Point{1, 2}
	fmt.Printf("%#v %#v\n", p, &p)
	fmt.Printf("%#v\n", []Point{{1, 1}})
	fmt.Printf("%#v %#v\n", Tags{"a"}, Tags(nil))
	fmt.Printf("%#v %#v\n", Index{"k": 1}, Color(3))
	fmt.Printf("%v %+v\n", p, p)
}`)
	want := `main.Point{X:1, Y:2} &main.Point{X:1, Y:2}
[]main.Point{main.Point{X:1, Y:1}}
main.Tags{"a"} main.Tags(nil)
main.Index{"k":1} 3
{1 2} {X:1 Y:2}
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
