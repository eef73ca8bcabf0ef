package eval

import "testing"

// Tests of the yaegi patches 38 to 40 (eval/third_party/yaegi/PATCHES.md), found by the
// hunter2 branch's corpus programs, each on a bare interpreter (yaegiStdout) with the
// expected output taken from go run.

// Patch 39: a method value binds its receiver when it is evaluated. cs[i].Inc taken in a
// loop incremented the last element for every value (the receiver was read again from
// the index expression's slot at call time), p.Inc called after p changed incremented the
// new p, and x.Get saw later changes of x.
func TestPatchMethodValueBindsReceiver(t *testing.T) {
	src := `package main

import "fmt"

type C struct{ n int }

func (c *C) Inc()    { c.n++ }
func (c C) Get() int { return c.n }

func main() {
	cs := []C{{1}, {2}}
	var incs []func()
	for i := range cs {
		incs = append(incs, cs[i].Inc)
	}
	for _, f := range incs {
		f()
	}
	fmt.Println(cs)
	ps := []*C{{1}, {2}}
	var pincs []func()
	for i := 0; i < len(ps); i++ {
		pincs = append(pincs, ps[i].Inc)
	}
	pincs[0]()
	fmt.Println(*ps[0], *ps[1])
	a, b := &C{1}, &C{10}
	p := a
	f := p.Inc
	p = b
	f()
	fmt.Println(*a, *b)
	x := C{5}
	g := x.Get
	h := x.Inc
	x.n = 7
	h()
	fmt.Println(g(), x)
}`
	want := "[{2} {3}]\n{2} {2}\n{2} {10}\n5 {8}\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 40: the nil of an interface type of the interpreter held in an any (var s Shape;
// var a any = s) fails a type assertion to a concrete type, to error and to fmt.Stringer,
// and panics for a single-valued one, where reflect panicked ("call of reflect.Value.Type
// on zero Value", nil dereference) on every form.
func TestPatchNilInterfaceAssert(t *testing.T) {
	src := `package main

import "fmt"

type Shape interface{ Area() float64 }

func main() {
	var s Shape
	var a any = s
	_, isInt := a.(int)
	_, isErr := a.(error)
	_, isStr := a.(fmt.Stringer)
	_, isShape := a.(Shape)
	fmt.Println(isInt, isErr, isStr, isShape, a == nil)
	defer func() { fmt.Println("recovered:", recover() != nil) }()
	_ = a.(error)
}`
	want := "false false false false true\nrecovered: true\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 41: converting a value of a type with methods to an interface copies it, as Go
// does: appended in a loop to a []Scored, a []any or a map, or to a []fmt.Stringer (a
// compiled interface), every element was the variable's storage, so all of them showed
// the last iteration's value, and an element converted from players[i] followed later
// changes of players[i].
func TestPatchInterfaceConversionCopies(t *testing.T) {
	src := `package main

import "fmt"

type Player struct{ W, P int }

func (p Player) Rate() float64 { return float64(p.W) / float64(p.P) }

type Scored interface{ Rate() float64 }

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1fC", float64(c)) }

func main() {
	var sc []Scored
	var anys []any
	m := map[int]Scored{}
	for i, p := range []Player{{3, 4}, {1, 2}} {
		sc = append(sc, p)
		anys = append(anys, p)
		m[i] = p
	}
	fmt.Println(sc[0].Rate(), sc[1].Rate(), m[0].Rate(), m[1].Rate(), anys[0].(Player).W, anys[1].(Player).W)
	players := []Player{{1, 4}, {2, 4}}
	var held []Scored
	for i := range players {
		held = append(held, players[i])
	}
	players[0].W = 0
	fmt.Println(held[0].Rate(), held[1].Rate())
	var temps []fmt.Stringer
	t := Celsius(1)
	for k := 0; k < 3; k++ {
		temps = append(temps, t)
		t += 10
	}
	fmt.Println(temps[0].String(), temps[1].String(), temps[2].String())
}`
	want := "0.75 0.5 0.75 0.5 3 1\n0.25 0.5\n1.0C 11.0C 21.0C\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}
