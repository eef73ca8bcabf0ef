package rewrite_test

import "testing"

// A defer statement in the body of a range over a function evaluates its function and
// arguments when it runs, and a deferred function literal's recover stops a panic of the
// body (the calls were collected as written: arguments read at the function's end, and
// recover, called one call too deep, returned nil: the panic went on, silently so under
// a recover of the caller).
func TestRangeFuncDeferArgumentsAndRecover(t *testing.T) {
	expect(t, `
import (
	"errors"
	"fmt"
)

func seq(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		defer fmt.Println("seq done")
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

func show(s string, v int) { fmt.Println("deferred", s, v) }

func pair() (string, int) { return "pair", 5 }

func f() (res int, err error) {
	defer fmt.Println("outer defer")
	for i := range seq(3) {
		defer show("arg", i*10)
		defer show(pair())
		x := i
		defer func() { fmt.Println("closure sees", x, res) }()
		defer func() {
			if r := recover(); r != nil {
				err = errors.New(fmt.Sprint("recovered: ", r))
				res = -1
			}
		}()
		if i == 1 {
			var s []int
			_ = s[5]
		}
	}
	return 7, nil
}

func g() int {
	for i := range seq(2) {
		defer func() { fmt.Println("no recover here", i) }()
		if i == 1 {
			panic("boom")
		}
	}
	return 1
}

func main() {
	fmt.Println(f())
	func() {
		defer func() { fmt.Println("main recovered:", recover()) }()
		fmt.Println(g())
	}()
}`, "seq done\nclosure sees 1 -1\ndeferred pair 5\ndeferred arg 10\nclosure sees 0 -1\ndeferred pair 5\ndeferred arg 0\nouter defer\n-1 recovered: runtime error: index out of range [5] with length 0\nseq done\nno recover here 1\nno recover here 0\nmain recovered: boom\n")
}

// A goroutine or deferred function literal in a loop gets the loop's variables it uses
// as parameters (yaegi would read them as they are when it runs), except those it
// changes: a copy would lose the change (total += k under a mutex, mu.Lock() on a
// copied mutex, wg.Done() on a copied WaitGroup).
func TestLoopClosureKeepsVariablesItChanges(t *testing.T) {
	expect(t, `
import (
	"fmt"
	"sync"
)

type Acc struct{ n int }

func (a *Acc) Add(k int) { a.n += k }

func main() {
	for i := range 3 {
		var wg sync.WaitGroup
		var mu sync.Mutex
		total := 0
		acc := Acc{}
		for k := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				mu.Lock()
				total += k * i
				acc.Add(k)
				mu.Unlock()
			}()
		}
		wg.Wait()
		fmt.Println(i, total, acc.n)
	}
	for i := 0; i < 3; i++ {
		defer func() { fmt.Println("deferred", i) }()
		i++
	}
}`, "0 0 6\n1 6 6\n2 12 6\ndeferred 3\ndeferred 1\n")
}

// The call of a defer or go statement goes through the rewrites of calls too: a deferred
// fmt.Println of a slice of a type with a String method printed the elements without it
// (fmt's operands go through _pb_show, which the deferred call was not given).
func TestDeferredPrintSeesMethods(t *testing.T) {
	expect(t, `
import (
	"fmt"
	"strconv"
)

type N int64

func (x N) String() string { return "N<" + strconv.FormatInt(int64(x), 10) + ">" }

func main() {
	v := []N{1, 2}
	defer fmt.Println("deferred", v, N(3))
	x := N(10)
	defer fmt.Printf("%v %d\n", []N{x + 6}, x)
	v[1] = 7
	fmt.Println("body", v)
}`, "body [N<1> N<7>]\n[N<16>] 10\ndeferred [N<1> N<7>] N<3>\n")
}
