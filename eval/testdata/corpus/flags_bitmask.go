// Bit flags with iota and a String method that lists the names.
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
	if p == 0 {
		return "none"
	}
	var parts []string
	for _, f := range []struct {
		bit  Perm
		name string
	}{{Read, "r"}, {Write, "w"}, {Exec, "x"}} {
		if p&f.bit != 0 {
			parts = append(parts, f.name)
		}
	}
	return strings.Join(parts, "|")
}

func main() {
	var p Perm
	fmt.Println(p)
	p |= Read | Exec
	fmt.Println(p, p&Write == 0)
	p &^= Read
	fmt.Println(p, uint8(p))
	fmt.Println([]Perm{Read, Write | Exec, 7})
}
