package eval

import "testing"

// Yaegi patch 94: `case nil` of an expression switch whose tag is a slice, a map, a func,
// a pointer or a channel matches when the tag is nil. It never matched: the nil literal
// is an empty interface's zero, and the tag converted to that interface differed from
// it, status ok (Go's test fixedbugs/issue53635.go). Expected output from go run.
func TestSwitchCaseNilMatchesNilTag(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type T struct{ n int }

func kind[T any](s []T) string {
	switch s {
	case nil:
		return "nil"
	}
	return fmt.Sprint("len ", len(s))
}

func describe(p *T, q *T) string {
	switch p {
	case nil:
		return "nil pointer"
	case q:
		return "q"
	default:
		return "other"
	}
}

func main() {
	for _, s := range [][]int{nil, {}, {1, 2}} {
		switch s {
		case nil:
			fmt.Println("slice: nil")
		default:
			fmt.Println("slice:", len(s))
		}
	}
	fmt.Println(kind[string](nil), kind([]string{"a"}))
	q := &T{1}
	fmt.Println(describe(nil, q), describe(q, q), describe(&T{2}, q))
	var m map[string]int
	for i := 0; i < 2; i++ {
		switch m {
		case nil:
			fmt.Println("map: nil")
			m = map[string]int{}
		default:
			fmt.Println("map: made")
		}
	}
	var c chan int
	switch c {
	case nil:
		fmt.Println("chan: nil")
	}
	var f func()
	switch f {
	case nil:
		fmt.Println("func: nil")
	}
	f = func() {}
	switch f {
	case nil:
		fmt.Println("func: nil")
	default:
		fmt.Println("func: set")
	}
	var e error
	switch e {
	case nil:
		fmt.Println("error: nil")
	}
	switch []T(nil) {
	case nil:
		fmt.Println("conversion: nil")
	}
}`)
	want := `slice: nil
slice: 0
slice: 2
nil len 1
nil pointer q other
map: nil
map: made
chan: nil
func: nil
func: set
error: nil
conversion: nil
`
	if got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}
