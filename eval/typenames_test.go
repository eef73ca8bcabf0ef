package eval

import (
	"reflect"
	"strings"
	"testing"
)

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

// %T of a value held in a compiled interface (fmt.Stringer, error) names its dynamic
// type; a value of a cell non-struct type there has lost its type and %T fails loudly.
func TestTypeNameInCompiledInterface(t *testing.T) {
	got := cellStdout(t, `import (
	"errors"
	"fmt"
)

type P struct{ X int }

func (p P) String() string { return "p" }

type E struct{ Code int }

func (e *E) Error() string { return "e" }

func main() {
	var q fmt.Stringer = P{1}
	fmt.Printf("%T\n", q)
	var err error = &E{1}
	fmt.Printf("%T\n", err)
	err = errors.New("x")
	fmt.Printf("%T\n", err)
	var s fmt.Stringer
	fmt.Printf("%T\n", s)
}`)
	if want := "main.P\n*main.E\n*errors.errorString\n<nil>\n"; got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
	}
	const celsius = `import "fmt"
type Celsius float64
func (c Celsius) String() string { return "c" }
var c fmt.Stringer = Celsius(2)
fmt.Printf("%T\n", c)`
	if got := cellStdout(t, celsius); got != "main.Celsius\n" {
		t.Errorf("%%T of a Celsius in a fmt.Stringer: got %q, want %q (go run)", got, "main.Celsius\n")
	}
	defer exhaustPool(t, reflect.TypeOf(0.0))()
	s := newSession(t)
	_, e, _ := run(t, s, celsius)
	if e == nil || !strings.Contains(e.Value, "is not supported in cells") {
		t.Errorf("%%T of a Celsius in a fmt.Stringer, no pool type left: got %v, want a loud error", e)
	}
}

// errors.As finds a cell error value through yaegi's error wrapper: the binding of
// "case error:" of a type switch on a recovered value, wrapped with %w (go run: true).
func TestErrorsAsThroughWrapper(t *testing.T) {
	got := cellStdout(t, `import (
	"errors"
	"fmt"
)

type ValidationError struct{ Field string }

func (e ValidationError) Error() string { return "invalid " + e.Field }

func safe() (err error) {
	defer func() {
		switch v := recover().(type) {
		case error:
			err = fmt.Errorf("recovered: %w", v)
		}
	}()
	panic(ValidationError{"name"})
}

func main() {
	err := safe()
	var ve ValidationError
	fmt.Println(err, errors.As(err, &ve), ve.Field)
}`)
	if want := "recovered: invalid name true name\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// %T of an interface holding a plain int fails loudly when the session has a named type
// whose values are ints at run time (type Count int declared when the pool of patch 53
// had no int type left): the interface holds a plain int, and %T cannot tell which it
// was.
func TestTypeNameAmbiguousRefused(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "import \"fmt\"\ntype Label string")
	if out, _ := mustExec(t, s, `fmt.Sprintf("%T", any(3))`); out != "int" {
		t.Errorf("no int type in the session: got %q, want int", out)
	}
	mustExec(t, s, "type ID int")
	if out, _ := mustExec(t, s, `fmt.Sprintf("%T %T", any(ID(3)), any(3))`); out != "main.ID int" {
		t.Errorf("ID took a pool type: got %q, want %q", out, "main.ID int")
	}
	release := exhaustPool(t, reflect.TypeOf(0))
	defer release()
	mustExec(t, s, "type Count int")
	_, e, _ := run(t, s, `fmt.Sprintf("%T", any(Count(3)))`)
	if e == nil || !strings.Contains(e.Value, "is not supported in cells: main.Count is also a int") {
		t.Errorf("no pool type left: got %v, want a loud error naming main.Count", e)
	}
}
