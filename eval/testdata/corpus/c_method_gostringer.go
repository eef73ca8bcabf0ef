package main

import "fmt"

type Secret string

func (s Secret) String() string   { return "****" }
func (s Secret) GoString() string { return `Secret("redacted")` }

type Creds struct {
	User string
	Pass Secret
}

type Vec struct{ X, Y int }

func (v Vec) GoString() string { return fmt.Sprintf("Vec(%d, %d)", v.X, v.Y) }

type PtrOnly struct{ N int }

func (p *PtrOnly) String() string { return fmt.Sprintf("PtrOnly<%d>", p.N) }

func main() {
	c := Creds{"root", "hunter2"}
	fmt.Printf("%v\n", c)
	fmt.Printf("%+v\n", c)
	fmt.Printf("%#v\n", c)
	fmt.Printf("%s %q %x\n", c.Pass, c.Pass, c.Pass)
	fmt.Printf("%#v %v\n", Vec{1, 2}, Vec{1, 2})
	fmt.Printf("%#v\n", []Vec{{3, 4}})
	fmt.Printf("%#v\n", map[string]Secret{"k": "v"})
	p := PtrOnly{5}
	fmt.Println(p, &p)
	fmt.Println([]*PtrOnly{&p}, []PtrOnly{p})
	fmt.Println(fmt.Sprint(c.Pass) == "****", string(c.Pass))
}
