package eval

import "testing"

// Tests of the yaegi patches 38 and 39 (eval/third_party/yaegi/PATCHES.md), found by the
// hunter2 branch's corpus programs, each on a bare interpreter (yaegiStdout) with the
// expected output taken from go run.

// Patch 38: a method value binds its receiver when it is evaluated. cs[i].Inc taken in a
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

// Patch 39: the nil of an interface type of the interpreter held in an any (var s Shape;
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
