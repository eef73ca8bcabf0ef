package eval

import (
	"reflect"
	"strings"
	"testing"
)

// Tests of patch 38 to the in-tree copy of yaegi (eval/third_party/yaegi/PATCHES.md):
// interface values holding values of cell types with methods compare and hash by their
// dynamic types and values. The expected outputs are what `go run` prints for the same
// programs.

// Patch 38: == and != on interfaces (any, a cell interface, error) holding values of cell
// types with methods, an interface compared with a concrete value, map[any] keys
// (insert, lookup, delete, len), a switch on an interface value with case values, and
// Go's runtime errors for uncomparable and unhashable dynamic types.
func TestPatchInterfaceEquality(t *testing.T) {
	src := `package main

import (
	"errors"
	"fmt"
)

type Point struct{ X, Y int }

func (p Point) Sum() int { return p.X + p.Y }

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1fC", float64(c)) }

type Fahr float64

func (c Fahr) String() string { return "F" }

type MyErr struct{ Code int }

func (e MyErr) Error() string { return fmt.Sprint("code ", e.Code) }

var ErrX = MyErr{7}

type Summer interface{ Sum() int }

type Bag struct{ Items []int }

func (b Bag) Len() int { return len(b.Items) }

func main() {
	var a, b any = Point{1, 2}, Point{1, 2}
	fmt.Println("1", a == b, a != b, a == any(Point{2, 1}))
	var s Summer = Point{1, 2}
	fmt.Println("2", s == Summer(Point{1, 2}), s == Point{1, 2}, s != Point{1, 3}, a == s)
	var c any = Celsius(1)
	var f any = Fahr(1)
	fmt.Println("3", c == any(Celsius(1)), c == f, c == Celsius(1), c != Celsius(2))
	var err error = MyErr{7}
	fmt.Println("4", err == ErrX, err == error(MyErr{8}), errors.Is(err, ErrX))
	m := map[any]int{}
	m[Point{1, 2}] = 1
	m[Point{1, 2}] = 2
	m[Celsius(1)] = 3
	m["f"] = 4
	m["g"] = 5
	fmt.Println("5", len(m), m[Point{1, 2}], m[a], m[Celsius(1)], m["f"], m["g"])
	delete(m, b)
	fmt.Println("6", len(m))
	ms := map[any]string{Point{1, 2}: "p"}
	ms[s] = "q"
	fmt.Println("7", len(ms), ms[Point{1, 2}])
	switch a {
	case Point{2, 1}:
		fmt.Println("8 wrong")
	case Point{1, 2}:
		fmt.Println("8 right")
	default:
		fmt.Println("8 default")
	}
	switch c {
	case Fahr(1):
		fmt.Println("9 fahr")
	case Celsius(1):
		fmt.Println("9 celsius")
	}
	func() {
		defer func() { fmt.Println("10", recover()) }()
		var x, y any = Bag{}, Bag{}
		fmt.Println(x == y)
	}()
	func() {
		defer func() { fmt.Println("11", recover()) }()
		mm := map[any]int{}
		mm[Bag{}] = 1
	}()
}
`
	want := `1 true false false
2 true true true true
3 true false true true
4 true false true
5 4 2 2 3 4 5
6 3
7 1 q
8 right
9 celsius
10 runtime error: comparing uncomparable type main.Bag
11 runtime error: hash of unhashable type main.Bag
`
	if got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}

// Patch 38: structs and arrays holding interface values compare and key maps by the
// dynamic values.
func TestPatchInterfaceEqualityInStructs(t *testing.T) {
	src := `package main

import "fmt"

type Point struct{ X, Y int }

func (p Point) String() string { return fmt.Sprint(p.X, ",", p.Y) }

type K struct {
	Name string
	V    any
}

func main() {
	a, b := K{"a", Point{1, 2}}, K{"a", Point{1, 2}}
	fmt.Println(a == b, a != b)
	mk := map[K]int{a: 1}
	mk[b]++
	fmt.Println(len(mk), mk[b])
	arr1, arr2 := [2]any{Point{1, 2}, 3}, [2]any{Point{1, 2}, 3}
	fmt.Println(arr1 == arr2)
}
`
	want := "true false\n1 2\ntrue\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}

// Patch 38: where the dynamic type cannot be told (type Celsius float64 is a float64 at
// run time when the pool of patch 53 has no float64 type left), comparing fails loudly
// rather than guessing; Go prints false for any(Celsius(1)) == any(1.0), as the session
// does when Celsius took a pool type.
func TestPatchInterfaceEqualityAmbiguous(t *testing.T) {
	const code = `import "fmt"

type Celsius float64

func (c Celsius) String() string { return "C" }

var c any = Celsius(1)
fmt.Println(c == any(1.0), c == any(Celsius(1)))`
	if got := cellStdout(t, code); got != "false true\n" {
		t.Errorf("with a pool type: got %q, want %q (go run)", got, "false true\n")
	}
	defer exhaustPool(t, reflect.TypeOf(0.0))()
	s := newSession(t)
	_, e, _ := run(t, s, code)
	if e == nil || !strings.Contains(e.Value, "peerbook: comparing interface values holding a main.Celsius and a float64 is not supported in cells") {
		t.Fatalf("pool exhausted: want a peerbook refusal, got %+v", e)
	}
}

// Patch 38: maps whose keys yaegi cannot hash as Go does are refused at compile time.
func TestPatchInterfaceEqualityRefusals(t *testing.T) {
	for _, tc := range []struct{ code, want string }{
		{`type Summer interface{ Sum() int }
var m = map[Summer]int{}`, "map keys of interface type Summer are not supported in cells"},
		{`import "fmt"

type P struct{ X int }

func (p P) String() string { return "p" }

var m = map[fmt.Stringer]int{P{1}: 1}`, "a key of type P in a map[fmt.Stringer]int is not supported in cells"},
		{`type E struct{ C int }

func (e E) Error() string { return "e" }

func count() int {
	m := map[error]int{}
	m[E{1}]++
	return len(m)
}`, "a key of type E in a map[error]int is not supported in cells"},
	} {
		s := newSession(t)
		_, e, _ := run(t, s, tc.code)
		if e == nil || !strings.Contains(e.Value, tc.want) {
			t.Errorf("%s:\nwant an error containing %q, got %+v", tc.code, tc.want, e)
		}
	}
}

// Patch 38: pointers, nil, compiled values, funcs and channels held in interfaces compare
// as before, and a struct holding a value of an interface of the interpreter compares
// the value held.
func TestPatchInterfaceEqualityKinds(t *testing.T) {
	src := `package main

import (
	"fmt"
	"io"
	"os"
)

type Node struct{ V int }

func (n *Node) Get() int { return n.V }

type Getter interface{ Get() int }

func try(name string, f func() bool) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panic", r)
		}
	}()
	fmt.Println(name, f())
}

func main() {
	a, b := &Node{1}, &Node{1}
	var ga, gb Getter = a, b
	var ga2 Getter = a
	try("ptr", func() bool { return ga == gb })
	try("ptr same", func() bool { return ga == ga2 })
	try("ptr any", func() bool { return any(a) == any(a) })
	var nilG Getter
	try("nil", func() bool { return nilG == nil })
	try("nil2", func() bool { return ga == nil })
	var w io.Writer = os.Stdout
	try("compiled", func() bool { return w == io.Writer(os.Stdout) })
	f := func() {}
	var x, y any = f, f
	try("func", func() bool { return x == y })
	ch := make(chan int)
	var c1, c2 any = ch, ch
	try("chan", func() bool { return c1 == c2 })
	m := map[any]int{a: 1}
	try("ptr key", func() bool { return m[ga] == 1 && m[b] == 0 })
	var e error
	try("nil err", func() bool { return e == nil })
	type S struct{ G Getter }
	try("struct iface field", func() bool { return S{ga} == S{ga2} })
}
`
	want := `ptr false
ptr same true
ptr any true
nil true
nil2 false
compiled true
func panic runtime error: comparing uncomparable type func()
chan true
ptr key true
nil err true
struct iface field true
`
	if got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}

// ifaceEqSetup declares the values the interface comparison benchmarks compare.
const ifaceEqSetup = `type Point struct{ X, Y int }

func (p Point) Sum() int { return p.X + p.Y }

var pa, pb any = Point{1, 2}, Point{1, 2}
var ia, ib any = 7, 7
var hits int`

// Cost of == on interfaces holding cell structs with methods (patch 38 unwraps them),
// next to interfaces holding ints and compiled Go (BenchmarkInterfaceEqualGo): 10,000
// comparisons a cell.
func BenchmarkInterfaceEqualCellStruct(b *testing.B) {
	benchCell(b, ifaceEqSetup, func(int) string {
		return "for i := 0; i < 10000; i++ {\n\tif pa == pb {\n\t\thits++\n\t}\n}"
	})
}

func BenchmarkInterfaceEqualCellInt(b *testing.B) {
	benchCell(b, ifaceEqSetup, func(int) string {
		return "for i := 0; i < 10000; i++ {\n\tif ia == ib {\n\t\thits++\n\t}\n}"
	})
}

type benchPoint struct{ X, Y int }

func (p benchPoint) Sum() int { return p.X + p.Y }

var benchSink int

// The same 10,000 comparisons compiled.
func BenchmarkInterfaceEqualGo(b *testing.B) {
	var pa, pb any = benchPoint{1, 2}, benchPoint{1, 2}
	for i := 0; i < b.N; i++ {
		for j := 0; j < 10000; j++ {
			if pa == pb {
				benchSink++
			}
		}
	}
}

// Patch 38: keys that reach a map with interface keys with methods at run time in a
// wrapper (through a variable of the interface type, or an instance of a generic type)
// panic with a peerbook error instead of being hashed as wrappers. Go prints "1 2" and
// recovers nil twice; the session prints "1 2" and two refusals.
func TestPatchInterfaceEqualityRuntimeRefusals(t *testing.T) {
	src := `package main

import (
	"fmt"
	"time"
)

type Point struct{ X, Y int }

func (p Point) String() string { return "p" }

type Summer interface{ Sum() int }

func (p Point) Sum() int { return p.X + p.Y }

type Cache[K comparable, V any] struct{ m map[K]V }

func NewCache[K comparable, V any]() Cache[K, V] { return Cache[K, V]{m: map[K]V{}} }

func main() {
	m := map[fmt.Stringer]int{}
	m[time.Second]++
	m[time.Second]++
	fmt.Println(len(m), m[time.Second])
	var s fmt.Stringer = Point{1, 2}
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		m[s]++
	}()
	c := NewCache[Summer, int]()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var k Summer = Point{1, 2}
		c.m[k] = 1
	}()
}
`
	got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n"))
	for _, want := range []string{
		"1 2\n",
		"recovered: peerbook: a key of a map[fmt.Stringer] holding a value of a type declared in a cell is not supported in cells",
		"recovered: peerbook: map keys of interface type main.Summer are not supported in cells",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("got %q, want it to contain %q", got, want)
		}
	}
}

// Patch 38: a struct key holding a value of an interface of the cell with methods
// (a wrapper) is refused at run time; Go prints "recovered: <nil>" and 1.
func TestPatchInterfaceEqualityStructKeyRefusal(t *testing.T) {
	src := `package main

import "fmt"

type Getter interface{ Get() int }

type N struct{ V int }

func (n N) Get() int { return n.V }

type S struct{ G Getter }

func main() {
	m := map[S]int{}
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		m[S{N{1}}]++
		m[S{N{1}}]++
	}()
	fmt.Println(len(m))
}
`
	got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n"))
	want := "recovered: peerbook: map keys of type main.S are not supported in cells"
	if !strings.Contains(got, want) {
		t.Errorf("got %q, want it to contain %q", got, want)
	}
}
