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
	All = Read | Write | Exec
)

func (p Perm) String() string {
	if p == 0 {
		return "none"
	}
	var parts []string
	for _, x := range []struct {
		bit  Perm
		name string
	}{{Read, "r"}, {Write, "w"}, {Exec, "x"}} {
		if p&x.bit != 0 {
			parts = append(parts, x.name)
		}
	}
	return strings.Join(parts, "")
}

type Size float64

const (
	_       = iota
	KB Size = 1 << (10 * iota)
	MB
	GB
)

const (
	a, b = iota, iota * 10
	c, d
	e, f
)

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
	_
	Thursday
)

func main() {
	fmt.Println(Read, Write, Exec, All, Perm(0), Read|Exec)
	var p Perm = All &^ Write
	fmt.Println(p, p&Write == 0, uint8(p))
	fmt.Println(KB, MB, GB)
	fmt.Println(a, b, c, d, e, f)
	fmt.Println(Sunday, Tuesday, Thursday)
	fmt.Printf("%v %d %T\n", Exec, Exec, Exec)
}
