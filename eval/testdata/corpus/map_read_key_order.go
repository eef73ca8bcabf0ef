package main

import "fmt"

// A read of a map whose key the runtime takes by address (an int8 key, an interface
// key) gets a key that is not addressable (k+1, -k+3, a conversion) copied where it
// stands among the statement's calls: in `m8[k8+1] + f()` with f changing k8, gc looks
// the old k8+1 up. (Where the map is looked up, and an int64 or addressable key, are
// left out: gc evaluates them after the calls, and under -race where they stand.)

var k8 int8 = 1
var k64 int64 = 1
var m8 = map[int8]int{1: 100, 2: 200, 10: 1000, 11: 1100}
var mm = map[int8]map[int8]int{2: {2: 2}, 11: {11: 11}}
var ma = map[any]int{int64(2): 2, int64(11): 11}
var s []int8

func f() int {
	k8, k64 = 10, 10
	s = []int8{}
	return 0
}

func reset() {
	k8, k64 = 1, 1
	s = []int8{5}
}

func try(name string, fn func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panic:", r)
		}
	}()
	fn()
}

func main() {
	reset()
	fmt.Println(m8[k8+1] + f())
	reset()
	fmt.Println(m8[k8+1], f())
	reset()
	a, b := m8[k8+1], f()
	fmt.Println(a, b)
	reset()
	fmt.Println(mm[k8+1][k8+1] + f())
	reset()
	fmt.Println(ma[k64+1] + f())
	reset()
	x := []int{m8[-k8+3], f()}
	fmt.Println(x)
	reset()
	try("s[0]+0", func() { fmt.Println(m8[s[0]+0] + f()) })
	reset()
	c := 0
	c, d := m8[int8(k64)+1], f()
	fmt.Println(c, d)
	reset()
	r := make([]int, 6)
	r[m8[k8+1]/100+3] = f() + 7
	fmt.Println(r)
}
