// recover() in deferred calls of more callee forms (yaegi patch 221): function values in
// a struct field, a slice and a map, a generic function's deferred literal, a method of
// a type parameter, a generic type's pointer method, named results set by the recover,
// a goroutine's deferred method, a panic replaced in a deferred call, methods deferred
// in a loop, and methods and method values deferred in range-over-func loop bodies,
// nested too.

package main

import (
	"fmt"
	"sync"
)

type T struct{ n int }

func (T) M() { fmt.Println("  rec:", recover()) }

type I interface{ M() }

func (*T) P() { fmt.Println("  prec:", recover()) }

type G[X any] struct{ x X }

func (G[X]) M() { fmt.Println("  grec:", recover()) }

func seq(yield func(int) bool) {
	for i := 0; i < 2; i++ {
		if !yield(i) {
			return
		}
	}
}

type H struct{ fn func() }

func rec() { fmt.Println("  rec fn:", recover()) }

func gen[X any](x X) {
	defer func() { fmt.Println("  gen rec:", x, recover()) }()
	panic(x)
}

func genM[X interface{ M() }](x X) {
	defer x.M()
	panic("genM")
}

type Box[X any] struct{ v X }

func (b *Box[X]) Rec() { fmt.Println("  box rec:", b.v, recover()) }

func run(name string, f func()) {
	defer func() { fmt.Println(name, "outer:", recover()) }()
	f()
}

func named() (r int) {
	defer func() {
		if e := recover(); e != nil {
			r = 42
		}
	}()
	panic("n")
}

func main() {
	run("field", func() { h := H{fn: rec}; defer h.fn(); panic(1) })
	run("slice", func() {
		fs := []func(){rec, func() { fmt.Println("  lit:", recover()) }}
		defer fs[0]()
		defer fs[1]()
		panic(2)
	})
	run("map", func() { m := map[string]func(){"a": rec}; defer m["a"](); panic(3) })
	run("gen", func() { gen(4) })
	run("genM", func() { genM(T{}) })
	run("box", func() { b := &Box[string]{"s"}; defer b.Rec(); panic(5) })
	run("named", func() { fmt.Println("  named:", named()) })
	run("goroutine", func() {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer T{}.M()
			panic(6)
		}()
		wg.Wait()
	})
	run("repanic", func() {
		defer func() { fmt.Println("  second:", recover()) }()
		defer func() { panic(fmt.Sprint("re-", recover())) }()
		panic(7)
	})
	run("loopmethod", func() {
		for i := 0; i < 2; i++ {
			t := T{i}
			defer t.M()
		}
		panic(8)
	})
	run("rangefunc nested", func() {
		t := T{}
		for range seq {
			for range seq {
				defer t.M()
			}
		}
		panic(1)
	})
	run("rangefunc iface", func() {
		var i I = T{}
		for range seq {
			defer i.M()
		}
		panic(2)
	})
	run("rangefunc generic", func() {
		g := G[int]{}
		for range seq {
			defer g.M()
		}
		panic(3)
	})
	run("rangefunc ptr", func() {
		t := &T{}
		for range seq {
			defer t.P()
		}
		panic(4)
	})
	run("rangefunc methodvalue", func() {
		t := T{}
		m := t.M
		for range seq {
			defer m()
		}
		panic(5)
	})
	fmt.Println("end")
}
