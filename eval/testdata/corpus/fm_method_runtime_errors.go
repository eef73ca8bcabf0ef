// Runtime errors inside Format, String and GoString methods are reported by fmt as Go
// reports them: %!v(PANIC=Method method: runtime error: ...).
package main

import "fmt"

type Inner struct{ N int }

type Outer struct{ In *Inner }

func (o Outer) Format(f fmt.State, verb rune) { fmt.Fprintf(f, "O%d", o.In.N) }

type Idx struct{ xs []int }

func (i Idx) String() string { return fmt.Sprint(i.xs[5]) }

type Div struct{ a, b int }

func (d Div) GoString() string { return fmt.Sprint(d.a / d.b) }

func main() {
	fmt.Println(Outer{&Inner{1}}, Outer{})
	fmt.Println(Idx{[]int{1}})
	fmt.Printf("%#v\n", Div{1, 0})
	var m map[string]int
	fmt.Println(len(m))
}
