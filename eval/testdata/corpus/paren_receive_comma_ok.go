// Receives in parentheses: in select clauses and in the two-value forms (yaegi patch 98).
package main

import "fmt"

func two() (int, string) { return 4, "four" }

func main() {
	ch := make(chan int, 8)
	for i := 1; i <= 5; i++ {
		ch <- i * 10
	}
	select {
	case u := (<-ch):
		fmt.Println("u", u)
	}
	var w int
	select {
	case w = (<-ch):
	}
	fmt.Println("w", w)
	select {
	case (<-ch):
		fmt.Println("dropped one")
	}
	select {
	case z, ok := (<-ch):
		fmt.Println("z", z, ok)
	}
	var y int
	var ok2 bool
	select {
	case y, ok2 = (<-ch):
	}
	fmt.Println("y", y, ok2, len(ch))
	ch <- 60
	close(ch)
	x, ok := (<-ch)
	fmt.Println(x, ok)
	var x2, ok3 = (<-ch)
	fmt.Println(x2, ok3)
	m := map[string]int{"a": 1}
	v, found := (m["a"])
	var v2, found2 = (m["b"])
	fmt.Println(v, found, v2, found2)
	var i any = "s"
	s, isStr := (i.(string))
	var n2, isInt = (i.(int))
	fmt.Println(s, isStr, n2, isInt)
	n, name := (two())
	fmt.Println(n, name)
}
