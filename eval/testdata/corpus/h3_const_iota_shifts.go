package main

import (
	"fmt"
	"math"
)

type Size uint64

const (
	_       = iota
	KB Size = 1 << (10 * iota)
	MB
	GB
	TB
)

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
	_
	Thursday
)

const (
	a, b = iota * 10, iota + 100
	c, d
	e, f
)

const huge = 1 << 100
const ratio = huge >> 98
const third = 1.0 / 3
const big = math.MaxUint64

type Flags uint8

const (
	FlagRead Flags = 1 << iota
	FlagWrite
	FlagExec
	FlagAll = FlagRead | FlagWrite | FlagExec
)

func main() {
	fmt.Println(KB, MB, GB, TB)
	fmt.Println(Sunday, Monday, Tuesday, Thursday)
	fmt.Println(a, b, c, d, e, f)
	fmt.Println(ratio, huge/(1<<99), third*3 == 1)
	var u uint64 = big
	fmt.Println(u, big > 0, big/2)
	fmt.Println(FlagAll, FlagAll&^FlagWrite, FlagRead|FlagExec)
	var s uint = 3
	x := 1 << s
	var y int32 = 1 << s
	fmt.Println(x, y)
	var fl float64 = 1 << 3
	fmt.Println(fl)
	const mask = ^uint32(0)
	fmt.Println(mask, mask>>28, ^0, -1<<3)
	fmt.Printf("%T %T %T\n", huge>>90, 'a'+1, 2.0*3)
	fmt.Println(math.MaxInt8+1, math.Pi*2 > 6, 7/2, 7/2.0, -7/2, -7%3)
	const h = 'h'
	fmt.Println(h, string(rune(h+1)), h*2)
	type Level int
	const (
		Low Level = iota + 1
		Mid
		High
	)
	fmt.Println(Low, Mid, High, High-Low)
}
