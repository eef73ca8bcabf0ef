package main

import "fmt"

type Logger struct{ prefix string }

func (l Logger) Log(msg string)   { fmt.Println(l.prefix + msg) }
func (l *Logger) PLog(msg string) { fmt.Println(l.prefix + msg) }

func val(name string, v int) int {
	fmt.Println("evaluate", name)
	return v
}

func sum(a, b int) { fmt.Println("sum", a+b) }

func main() {
	l := Logger{"[v] "}
	defer l.Log("value receiver, bound early")
	defer l.PLog("pointer receiver, sees later prefix")
	defer sum(val("a", 1), val("b", 2))
	l.prefix = "[changed] "
	arr := [3]int{1, 2, 3}
	defer fmt.Println("array copy", arr)
	sl := []int{1, 2, 3}
	defer fmt.Println("slice shares", sl)
	arr[0], sl[0] = 100, 100
	f := func() { fmt.Println("f v1") }
	defer f()
	f = func() { fmt.Println("f v2") }
	fmt.Println("body done")
}
