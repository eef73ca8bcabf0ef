// recover() in a function deferred by every form Go has (yaegi patch 221): methods with
// value and pointer receivers, method values and expressions, promoted, interface and
// generic methods, function and closure values deferred through variables, package
// variables, a function value a call returns, range-over-func loop bodies; and the calls that are not deferred directly,
// whose recover() gets nil.

package main

import "fmt"

type T struct{ n int }

func (T) M()      { fmt.Println("  rec:", recover()) }
func (*T) P()     { fmt.Println("  prec:", recover()) }
func (T) A(x int) { fmt.Println("  arec:", x, recover()) }
func (T) R() int  { fmt.Println("  rrec:", recover()); return 1 }

type I interface{ M() }
type PI interface{ P() }

type E struct{ T }
type EI struct{ I }
type EP struct{ *T }

type G[X any] struct{ x X }

func (G[X]) M()    { fmt.Println("  grec:", recover()) }
func (*G[X]) P()   { fmt.Println("  gprec:", recover()) }
func (G[X]) V(x X) { fmt.Println("  gvrec:", x, recover()) }

func h()       { fmt.Println("  h rec:", recover()) }
func helper()  { fmt.Println("  helper rec:", recover()) }
func h2(x int) { fmt.Println("  h2 rec:", x, recover()) }

var global = h

var globalMethod = (&T{}).P

func (T) String() string { fmt.Println("  srec:", recover()); return "T" }

func mk() func() { return func() { fmt.Println("  made:", recover()) } }

func seq(yield func(int) bool) {
	for i := 0; i < 2; i++ {
		if !yield(i) {
			return
		}
	}
}

func run(name string, f func()) {
	defer func() { fmt.Println(name, "outer:", recover()) }()
	f()
}

func main() {
	run("value", func() { t := T{}; defer t.M(); panic(1) })
	run("valueptr", func() { t := &T{}; defer t.M(); panic(2) })
	run("ptr", func() { t := T{}; defer t.P(); panic(3) })
	run("ptrptr", func() { t := &T{}; defer t.P(); panic(4) })
	run("arg", func() { t := T{}; defer t.A(7); panic(5) })
	run("result", func() { t := T{}; defer t.R(); panic(6) })
	run("methodvalue", func() { t := T{}; m := t.M; defer m(); panic(7) })
	run("ptrmethodvalue", func() { t := &T{}; p := t.P; defer p(); panic(8) })
	run("methodexpr", func() { t := T{}; defer T.M(t); panic(9) })
	run("ptrmethodexpr", func() { t := &T{}; defer (*T).P(t); panic(10) })
	run("embedded", func() { e := E{}; defer e.M(); panic(11) })
	run("embeddediface", func() { e := EI{T{}}; defer e.M(); panic(12) })
	run("embeddedptr", func() { e := EP{&T{}}; defer e.P(); panic(13) })
	run("generic", func() { g := G[int]{}; defer g.M(); panic(14) })
	run("genericptr", func() { g := &G[int]{}; defer g.P(); panic(15) })
	run("genericarg", func() { g := G[string]{}; defer g.V("x"); panic(16) })
	run("genericvalue", func() { g := G[string]{}; m := g.V; defer m("y"); panic(17) })
	run("iface", func() { var i I = T{}; defer i.M(); panic(18) })
	run("ifaceptr", func() { var i PI = &T{}; defer i.P(); panic(19) })
	run("ifacegeneric", func() { var i I = G[string]{}; defer i.M(); panic(20) })
	run("funcvar", func() { fn := h; defer fn(); panic(21) })
	run("func", func() { defer h(); panic(22) })
	run("globalvar", func() { defer global(); panic(23) })
	run("globalmethod", func() { defer globalMethod(); panic(34) })
	run("stringer", func() { var s fmt.Stringer = T{}; defer s.String(); panic(35) })
	run("made", func() { defer mk()(); panic(36) })
	run("litvar", func() { fn := func() { fmt.Println("  litvar:", recover()) }; defer fn(); panic(24) })
	run("loop", func() {
		ts := []T{{1}, {2}}
		for _, t := range ts {
			defer t.M()
		}
		panic(25)
	})
	run("closures", func() {
		var fs []func()
		for i := 0; i < 2; i++ {
			fs = append(fs, func() { fmt.Println("  closure:", i, recover()) })
		}
		for _, f := range fs {
			defer f()
		}
		panic(26)
	})
	run("rangefunc", func() {
		for x := range seq {
			defer h2(x)
		}
		panic(27)
	})
	run("rangefuncvar", func() {
		fn := h2
		for x := range seq {
			defer fn(x)
		}
		panic(28)
	})
	run("rangefuncmethod", func() {
		t := T{}
		for range seq {
			defer t.M()
		}
		panic(29)
	})
	run("indirect", func() { defer func() { helper() }(); panic(30) })
	run("nested", func() { defer func() { func() { fmt.Println("  nested:", recover()) }() }(); panic(31) })
	run("nopanic", func() { defer h() })
	run("twice", func() { defer h(); defer h(); panic(32) })
	run("deferdefer", func() {
		defer func() {
			defer func() { fmt.Println("  inner:", recover()) }()
			panic("inner")
		}()
		panic(33)
	})
	fmt.Println("end")
}
