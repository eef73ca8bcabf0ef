package rewrite_test

import (
	"go/ast"
	"go/parser"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
	"github.com/peerbook/peerbook/eval/internal/stdlib"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

func TestRangeOverInt(t *testing.T) {
	expect(t, `
import "fmt"
type Count uint8
func main() {
	n := 3
	for i := range n { fmt.Print(i) }
	fmt.Println()
	var c Count = 2
	for j := range c { fmt.Printf("%T:%d ", j, j) }
	fmt.Println()
	for i := range 3 { i += 10; fmt.Print(i, " ") }
	fmt.Println()
	var k int64
	for k = range 4 {}
	fmt.Println(k)
	var fs []func() int
	for i := range 3 { fs = append(fs, func() int { return i }) }
	fmt.Println(fs[0](), fs[1](), fs[2]())
	total := 0
	for range 5 { total++ }
	fmt.Println(total)
}`, "012\nmain.Count:0 main.Count:1 \n10 11 12 \n3\n0 1 2\n5\n")
}

func TestRangeOverIntEvaluatesOperandOnce(t *testing.T) {
	expect(t, `
import "fmt"
var calls int
func limit() int { calls++; return 3 }
func main() {
	for i := range limit() { _ = i }
	fmt.Println(calls)
}`, "1\n")
}

func TestRangeOverFunc(t *testing.T) {
	expect(t, `
import (
	"fmt"
	"iter"
)
func count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) { fmt.Print("[stopped] "); return }
		}
	}
}
func pairs(yield func(string, int) bool) {
	_ = yield("a", 1) && yield("b", 2)
}
func find(x int) (int, bool) {
	for v := range count(10) {
		if v == x { return v * 100, true }
	}
	return 0, false
}
func main() {
	for v := range count(6) {
		if v == 1 { continue }
		if v == 4 { break }
		fmt.Print(v, " ")
	}
	fmt.Println()
	for k, v := range pairs { fmt.Print(k, v, " ") }
	fmt.Println()
	fmt.Println(find(7))
	fmt.Println(find(42))
outer:
	for i := range count(3) {
		for j := range count(3) {
			if j > i { continue outer }
			if i == 2 { break outer }
			fmt.Print(i, j, " ")
		}
	}
	fmt.Println()
	var fs []func() int
	for v := range count(3) { fs = append(fs, func() int { return v }) }
	fmt.Println(fs[0](), fs[2]())
}`, "0 2 3 [stopped] \na1 b2 \n[stopped] 700 true\n0 false\n0 0 [stopped] 1 0 1 1 [stopped] [stopped] [stopped] \n0 2\n")
}

func TestLoopVariablePerIteration(t *testing.T) {
	expect(t, `
import "fmt"
func main() {
	var fs []func() int
	for i := 0; i < 6; i++ {
		if i%2 == 1 { i++; continue }
		fs = append(fs, func() int { return i })
	}
	for _, f := range fs { fmt.Print(f(), " ") }
	fmt.Println()
	var ps []*int
	for i := 0; i < 3; i++ { ps = append(ps, &i) }
	fmt.Println(*ps[0], *ps[1], *ps[2])
	var gs []func() string
	for _, s := range []string{"x", "y"} { gs = append(gs, func() string { return s }) }
	fmt.Println(gs[0](), gs[1]())
}`, "0 \n0 1 2\nx y\n")
}

func TestMinMaxClear(t *testing.T) {
	expect(t, `
import (
	"fmt"
	"math"
)
func main() {
	a, b := 3, -1
	const k = min(4, 2, 9)
	fmt.Println(min(a, b), max(a, b, 10), k, max(2.5, 1))
	fmt.Println(min("b", "a"), math.IsNaN(max(1.0, math.NaN())))
	var u uint8 = 7
	fmt.Printf("%T\n", max(u, 3))
	m := map[string]int{"x": 1}
	s := []int{1, 2, 3}
	clear(m)
	clear(s[1:])
	fmt.Println(len(m), s)
}`, "-1 10 2 2.5\na true\nuint8\n0 [1 0 0]\n")
}

func TestDeferAndGoEvaluateArgumentsAtTheStatement(t *testing.T) {
	expect(t, `
import (
	"fmt"
	"sync"
)
type L struct{ p string }
func (l L) Log(s string) { fmt.Println(l.p + s) }
func main() {
	x := 1
	defer fmt.Println("x was", x)
	x = 2
	l := L{"a:"}
	defer l.Log("first")
	l = L{"b:"}
	for i := 0; i < 3; i++ { defer fmt.Print(i, " ") }
	for i := range 2 { defer func() { fmt.Print("c", i, " ") }() }
	var wg sync.WaitGroup
	out := make([]int, 3)
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func(n int) { defer wg.Done(); out[n] = n * n }(i)
	}
	wg.Wait()
	fmt.Println(out)
}`, "[0 1 4]\nc1 c0 2 1 0 a:first\nx was 1\n")
}

func TestTypeSwitches(t *testing.T) {
	expect(t, `
import (
	"errors"
	"fmt"
)
type Shape interface{ Area() float64 }
type Sq float64
func (s Sq) Area() float64 { return float64(s * s) }
type CodeErr struct{ Code int }
func (c CodeErr) Error() string { return fmt.Sprint("code ", c.Code) }
type S struct{}
func (S) String() string { return "S" }
func kind(v any) string {
	switch v.(type) {
	case nil:
		return "nil"
	case int, string:
		return "int or string"
	case error:
		return "error"
	case fmt.Stringer:
		return "stringer"
	}
	return "other"
}
func area(v any) float64 {
	switch s := v.(type) {
	case Shape:
		return s.Area()
	}
	return -1
}
func classify(err error) string {
	switch e := err.(type) {
	case nil:
		return "ok"
	case CodeErr:
		return fmt.Sprint("code error ", e.Code)
	default:
		return "other: " + e.Error()
	}
}
func main() {
	fmt.Println(kind(nil), kind(1), kind("s"), kind(errors.New("x")), kind(S{}), kind(2.5))
	fmt.Println(area(Sq(3)), area(4))
	fmt.Println(classify(nil), classify(CodeErr{404}), classify(errors.New("x")))
}`, "nil int or string int or string error stringer other\n9 -1\nok code error 404 other: x\n")
}

func TestTypeAssertions(t *testing.T) {
	expect(t, `
import (
	"errors"
	"fmt"
)
type Named interface{ Name() string }
type U struct{ n string }
func (u U) Name() string { return u.n }
func main() {
	var v any = U{"ann"}
	if n, ok := v.(Named); ok { fmt.Println("named", n.Name()) }
	fmt.Println(v.(Named).Name(), v.(U).n)
	func() {
		defer func() { fmt.Println(recover()) }()
		var i any = "str"
		_ = i.(int)
	}()
	r := func() (r any) {
		defer func() { r = recover() }()
		panic(errors.New("boom"))
	}()
	if e, ok := r.(error); ok { fmt.Println("error", e) }
}`, "named ann\nann ann\ninterface conversion: interface {} is string, not int\nerror boom\n")
}

func TestMethodExpressionsAndValues(t *testing.T) {
	expect(t, `
import "fmt"
type P struct{ X, Y int }
func (p P) Sum() int { return p.X + p.Y }
func (p *P) Move(d int) { p.X += d }
type Shape interface{ Area() float64 }
type Sq float64
func (s Sq) Area() float64 { return float64(s * s) }
func main() {
	sum, move, area := P.Sum, (*P).Move, Shape.Area
	p := P{1, 2}
	move(&p, 10)
	fmt.Println(sum(p), area(Sq(2)))
	get := p.Sum
	p.X = 100
	fmt.Println(get(), p.Sum())
	fmt.Printf("%T\n", sum)
}`, "13 4\n13 102\nfunc(main.P) int\n")
}

func TestGenericInference(t *testing.T) {
	expect(t, `
import (
	"fmt"
	"strconv"
)
func Map[T, U any](s []T, f func(T) U) []U {
	var r []U
	for _, v := range s { r = append(r, f(v)) }
	return r
}
func Sum[T int | float64](xs ...T) T {
	var s T
	for _, x := range xs { s += x }
	return s
}
func main() {
	fmt.Println(Map([]int{1, 2}, func(i int) string { return strconv.Itoa(i * 10) }))
	fmt.Println(Sum(1, 2, 3), Sum(1.5, 2))
}`, "[10 20]\n6 3.5\n")
}

func TestSelectBreakAndContinue(t *testing.T) {
	expect(t, `
import "fmt"
func main() {
	ch := make(chan int, 10)
	for i := 0; i < 5; i++ { ch <- i }
	close(ch)
	done := false
loop:
	for n := 0; ; n++ {
		select {
		case v, ok := <-ch:
			if !ok { break loop }
			if v == 1 { continue }
			if v == 3 { break }
			fmt.Print(v, " ")
		}
		if done { break }
	}
	fmt.Println("end")
}`, "0 2 4 end\n")
}

func TestPrintingUsesMethodsAndFieldNames(t *testing.T) {
	expect(t, `
import "fmt"
type C float64
func (c C) String() string { return fmt.Sprintf("%.1fC", float64(c)) }
type P struct{ x, Y int }
type Day int
func (d Day) String() string { return [...]string{"Sun", "Mon"}[d] }
type E struct{ msg string }
func (e *E) Error() string { return "E:" + e.msg }
func main() {
	fmt.Println([]C{1, 2}, map[string]C{"a": 3})
	fmt.Printf("%v %+v %T %T\n", P{1, 2}, P{1, 2}, P{}, &P{})
	var a any = C(4)
	fmt.Println(a, []any{C(5), "s", 6})
	fmt.Printf("%v %d %s\n", Day(1), Day(1), []Day{0, 1})
	var err error = &E{"x"}
	fmt.Println(err, []error{&E{"y"}})
	fmt.Println(fmt.Sprint(struct{ D Day }{1}))
}`, "[1.0C 2.0C] map[a:3.0C]\n{1 2} {x:1 Y:2} main.P *main.P\n4.0C [5.0C s 6]\nMon 1 [Sun Mon]\nE:x [E:y]\n{Mon}\n")
}

func TestErrorsIsAsWithSessionTypes(t *testing.T) {
	expect(t, `
import (
	"errors"
	"fmt"
)
var ErrEmpty = errors.New("empty")
type ParseError struct{ Line int; Err error }
func (e *ParseError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *ParseError) Unwrap() error { return e.Err }
type NotFound struct{ Key string }
func (n NotFound) Error() string { return "not found " + n.Key }
func parse() error { return &ParseError{3, ErrEmpty} }
func main() {
	err := fmt.Errorf("load: %w", parse())
	fmt.Println(err, errors.Is(err, ErrEmpty))
	var pe *ParseError
	fmt.Println(errors.As(err, &pe), pe.Line)
	var nf NotFound
	wrapped := fmt.Errorf("x: %w", NotFound{"k"})
	fmt.Println(errors.As(wrapped, &nf), nf.Key, errors.Is(wrapped, NotFound{"k"}))
	fmt.Println(errors.Unwrap(err) == error(pe))
}`, "load: line 3: empty true\ntrue 3\ntrue k true\ntrue\n")
}

func TestInitOrderAndJSON(t *testing.T) {
	expect(t, `
import (
	"encoding/json"
	"fmt"
)
var a = b + 1
var b = f()
var c = "c"
func f() int { fmt.Println("f sees", c); return 1 }
type Acct struct {
	ID       int
	password string
}
func main() {
	out, _ := json.Marshal(Acct{1, "secret"})
	fmt.Println(a, b, string(out))
}`, "f sees c\n2 1 {\"ID\":1}\n")
}

func TestSlicesMapsAndCmp(t *testing.T) {
	expect(t, `
import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
)
type P struct{ Name string; Age int }
func main() {
	s := []int{3, 1, 2, 3}
	fmt.Println(slices.Max(s), slices.Min(s), slices.Index(s, 2), slices.Contains(s, 9))
	c := slices.Clone(s)
	slices.Sort(c)
	fmt.Println(c, slices.Compact(c), slices.IsSorted(c))
	i, found := slices.BinarySearch([]int{1, 3, 5}, 4)
	fmt.Println(i, found, slices.Equal(s, s))
	ps := []P{{"b", 2}, {"a", 2}, {"c", 1}}
	slices.SortStableFunc(ps, func(x, y P) int { return cmp.Compare(x.Age, y.Age) })
	fmt.Println(ps)
	fmt.Println(slices.Insert([]int{1, 4}, 1, 2, 3), slices.Delete([]int{0, 1, 2, 3}, 1, 3))
	m := map[string]int{"b": 2, "a": 1}
	fmt.Println(slices.Sorted(maps.Keys(m)), maps.Equal(m, maps.Clone(m)))
	fmt.Println(slices.Collect(slices.Values([]string{"x", "y"})), cmp.Or("", "d"))
	words := strings.Fields("b a c")
	slices.SortFunc(words, strings.Compare)
	fmt.Println(words)
}`, "3 1 2 false\n[1 2 3 0] [1 2 3] false\n2 false true\n[{c 1} {b 2} {a 2}]\n[1 2 3 4] [0 3]\n[a b] true\n[x y] d\n[a b c]\n")
}

// Later cells see what earlier cells declared: a range over a function declared in an
// earlier cell is rewritten (it is told from a range over a slice by its type), and a
// variable declared by a cell's top-level statements keeps its type.
func TestCellsSeeEarlierDeclarations(t *testing.T) {
	s := newSession(t)
	if _, err := s.cell(`import "fmt"
type Celsius float64
func (c Celsius) String() string { return fmt.Sprintf("%.1fC", float64(c)) }
func Upto(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ { if !yield(i) { return } }
	}
}`, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := s.cell("", "temps := []Celsius{1, 2}\nn := int64(3)"); err != nil {
		t.Fatal(err)
	}
	got, err := s.cell("", `for i := range Upto(int(n)) { fmt.Print(i) }
for j := range n { fmt.Printf(" %T", j) }
fmt.Println("", temps)`)
	if err != nil {
		t.Fatal(err)
	}
	if want := "012 int64 int64 int64 [1.0C 2.0C]\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A rewritten construct keeps the user's positions: yaegi's error for code inside a
// rewritten loop names the line of the cell.
func TestErrorsKeepCellPositions(t *testing.T) {
	s := newSession(t)
	_, err := s.file(`import "fmt"
func main() {
	for i := range 3 {
		fmt.Println(i + undefinedName)
	}
}`)
	if err == nil || !strings.Contains(err.Error(), "5:") {
		t.Fatalf("error %v does not point at line 5 of the cell", err)
	}
}

// Bad input never panics the rewriter: a cell that does not type-check is rewritten as
// far as possible and left to yaegi to report.
func TestBadCellsDoNotPanic(t *testing.T) {
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	rw := rewrite.New()
	if err := rw.Prepare(i); err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{
		"package main\nfunc main() { for x := range undefined { _ = x } }",
		"package main\nfunc f() int { for v := range g { return v } }",
		"package main\nvar a = b\nvar b = a",
		"package main\ntype T struct{ T }",
		"package main\nfunc main() { defer; }",
		"package main\nimport \"no/such/package\"\nfunc main() { nosuch.F(min()) }",
	} {
		f, _ := parser.ParseFile(i.FileSet(), "bad.go", src, parser.AllErrors)
		if f == nil {
			continue
		}
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("Cell panicked on %q: %v", src, p)
				}
			}()
			_ = rw.Cell(i.FileSet(), f, &ast.BlockStmt{})
		}()
	}
}

func TestPrepareIsRequiredOnce(t *testing.T) {
	rw := rewrite.New()
	if err := rw.File(nil, &ast.File{Name: ast.NewIdent("main")}); err == nil {
		t.Error("File before Prepare: no error")
	}
	i := interp.New(interp.Options{})
	if err := rw.Prepare(i); err == nil || !strings.Contains(err.Error(), "stdlib") {
		t.Errorf("Prepare without the standard library: %v", err)
	}
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if err := rw.Prepare(i); err != nil {
		t.Fatal(err)
	}
	if err := rw.Prepare(i); err == nil {
		t.Error("second Prepare: no error")
	}
}

func TestNilPointerErrorIsNotNil(t *testing.T) {
	expect(t, `
import "fmt"
type MyErr struct{}
func (*MyErr) Error() string { return "my error" }
func mayFail(fail bool) error {
	var p *MyErr
	if fail { p = &MyErr{} }
	return p
}
func main() {
	fmt.Println(mayFail(false) == nil, mayFail(false))
}`, "false my error\n")
}

func TestDeferInsideRangeOverFunc(t *testing.T) {
	expect(t, `
import "fmt"
func seq(yield func(int) bool) {
	for i := 0; i < 3; i++ {
		if !yield(i) { return }
	}
}
func run() {
	defer fmt.Println("first deferred")
	for v := range seq {
		defer fmt.Println("deferred", v)
		if v == 1 { break }
	}
	defer fmt.Println("last deferred")
	fmt.Println("end of run")
}
func main() { run() }`, "end of run\nlast deferred\ndeferred 1\ndeferred 0\nfirst deferred\n")
}
