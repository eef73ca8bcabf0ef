// A String method promoted through embedding, and on a pointer of a value type.
package main

import "fmt"

type Base struct{ ID int }

func (b Base) String() string { return fmt.Sprintf("Base#%d", b.ID) }

type Derived struct {
	Base
	Extra string
}

type Wrapper struct {
	Inner Base
	Note  string
}

func main() {
	d := Derived{Base{7}, "x"}
	fmt.Println(d)
	fmt.Println(&d)
	fmt.Println(Wrapper{Base{8}, "n"})
	b := Base{9}
	fmt.Println(&b, []*Base{&b})
	fmt.Printf("%v %s\n", d, d.Base)
}
