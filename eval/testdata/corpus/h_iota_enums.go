package main

import (
	"fmt"
	"strings"
)

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
	Wednesday
	Thursday
	Friday
	Saturday
)

var dayNames = [...]string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}

func (d Weekday) String() string {
	if d < 0 || int(d) >= len(dayNames) {
		return fmt.Sprintf("Weekday(%d)", int(d))
	}
	return dayNames[d]
}

func (d Weekday) Weekend() bool { return d == Saturday || d == Sunday }

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
		}
	}
	if len(parts) == 0 {
		return "-"
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
	A, B = iota, iota * 10
	C, D
	_, _
	E, F
)

type Color int

const (
	Red Color = iota + 1
	Green
	Blue = Green + 5
	Violet
)

func main() {
	for d := Sunday; d <= Saturday; d++ {
		fmt.Print(d, d.Weekend(), " ")
	}
	fmt.Println()
	fmt.Println(Weekday(9), Friday+1, Monday)
	fmt.Printf("%v %d %s %x\n", Tuesday, Tuesday, Tuesday, Tuesday)
	perm := Read | Exec
	fmt.Println(perm, Perm(0), Read|Write|Exec, perm&^Read, uint8(perm))
	fmt.Println(KB, MB, GB/MB)
	fmt.Println(A, B, C, D, E, F)
	fmt.Println(Red, Green, Blue, Violet)
	days := map[Weekday]int{Monday: 8, Friday: 6}
	fmt.Println(days)
}
