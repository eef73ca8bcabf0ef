// Embedded structs: shadowed fields and methods, promotion through two levels,
// printing of embedded structs.
package main

import "fmt"

type Base struct {
	ID   int
	Name string
}

func (b Base) Describe() string { return fmt.Sprintf("base %d %s", b.ID, b.Name) }
func (b *Base) Rename(n string) { b.Name = n }

type Mid struct {
	Base
	Name string
}

type Top struct {
	*Mid
	Extra bool
}

func main() {
	m := Mid{Base{1, "inner"}, "outer"}
	fmt.Println(m.Name, m.Base.Name, m.ID)
	m.Rename("renamed")
	fmt.Println(m.Describe(), m.Name)
	t := Top{&m, true}
	fmt.Println(t.ID, t.Name, t.Describe())
	t.Rename("via top")
	fmt.Println(m.Base.Name)
	fmt.Printf("%v %+v\n", m, m)
}
