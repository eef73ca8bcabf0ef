package main

import (
	"fmt"
	"strconv"
)

type Shape interface{ Area() int }

type Square int

func (s Square) Area() int { return int(s * s) }

var trace string

func slot(name string, p *int) *int {
	trace += name
	return p
}

func parse(name, s string) string {
	trace += name
	return s
}

func shape(name string, v any) any {
	trace += name
	return v
}

// insert puts x before s[i], sharing s's backing array when it has room.
func insert(s []byte, i int, x byte) []byte {
	return append(s[:i], x, s[i])
}

func main() {
	var n, m int
	var err error
	var ok bool
	counts := map[string]int{}

	// The destinations' operands are evaluated before the right side.
	*slot("a", &n), err = strconv.Atoi(parse("b", "42"))
	fmt.Println(n, err, trace)
	trace = ""
	counts[parse("k", "x")], err = strconv.Atoi(parse("v", "7"))
	m = counts["x"]
	fmt.Println(counts, m, trace)
	trace = ""
	var sh Shape
	var boxed *Shape = &sh
	*func() *Shape { trace += "d"; return boxed }(), ok = shape("s", Square(3)).(Shape)
	fmt.Println(sh.Area(), ok, trace)

	// append reads all its arguments before it stores any.
	buf := make([]byte, 5, 8)
	copy(buf, "abcde")
	buf = insert(buf[:4], 3, 'X')
	fmt.Println(string(buf))
	nums := make([]int, 3, 10)
	nums[0], nums[1], nums[2] = 1, 2, 3
	nums = append(nums[:1], 9, nums[1], nums[2])
	fmt.Println(nums)
}
