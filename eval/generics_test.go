package eval

import "testing"

// Generic code in cells beyond the yaegi patches (yaegipatch_*_test.go): what the rewriter
// does for instances of generic types.

// Values of a generic instance with a String method printed where their static type is
// a type parameter (o.v in Option[T].String, v in Show[T]) use the method, as in Go: the
// printer registers the instances with their zero value (it registered none, and printed
// some({3 true}) for some(some(3)), silently).
func TestGenericInstancePrintedAsTypeParam(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type Option[T any] struct {
	v  T
	ok bool
}

func Some[T any](v T) Option[T] { return Option[T]{v, true} }

func (o Option[T]) String() string {
	if !o.ok {
		return "none"
	}
	return fmt.Sprintf("some(%v)", o.v)
}

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1fC", float64(c)) }

func Show[T any](v T) string { return fmt.Sprint("<", v, ">") }

func main() {
	fmt.Println(Some(Some(3)), Some(Celsius(21)))
	fmt.Println(Show(Some("x")), Show(Celsius(3)), Show(Option[int]{}))
}
`)
	if want := "some(some(3)) some(21.0C)\n<some(x)> <3.0C> <none>\n"; got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}
