package main

import (
	"fmt"
	"strings"
)

type Perm uint8

const (
	Read Perm = 1 << iota
	Write
	Exec
)

func (p Perm) String() string {
	var parts []string
	for _, f := range []struct {
		p Perm
		n string
	}{{Read, "r"}, {Write, "w"}, {Exec, "x"}} {
		if p&f.p != 0 {
			parts = append(parts, f.n)
		} else {
			parts = append(parts, "-")
		}
	}
	return strings.Join(parts, "")
}

func main() {
	p := Read | Write
	fmt.Println(p, Perm(7), Perm(0), p&Exec == 0)
	p |= Exec
	p &^= Write
	fmt.Println(p, uint8(p))
}
