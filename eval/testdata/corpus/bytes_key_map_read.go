package main

import "fmt"

// gc looks a map up by a key converted from a []byte (m[string(b)]) where the lookup
// stands among the statement's calls, so that the conversion can use b's bytes as they
// are: `ms[string(bs)] + f()` with f changing bs and ms reads the old entry. An entry
// assigned to takes its key after the calls.

var bs = []byte("a")
var ms map[string]int

func f() int {
	bs[0] = 'z'
	ms = map[string]int{"a": -1, "z": -26}
	return 0
}

func reset() {
	bs[0] = 'a'
	ms = map[string]int{"a": 1, "z": 26}
}

func main() {
	reset()
	fmt.Println(ms[string(bs)] + f())
	reset()
	fmt.Println(ms[string(bs)], f())
	reset()
	fmt.Println([]int{ms[(string(bs))], f()})
	reset()
	ms[string(bs)] = f() + 100
	fmt.Println(ms)
	reset()
	ms[string(bs)] += f() + 100
	fmt.Println(ms)
	reset()
	ms[string(bs)]++
	fmt.Println(ms)
}
