// Incrementing the values of a container/list in place.
package main

import (
	"container/list"
	"fmt"
)

func main() {
	l := list.New()
	for i := 1; i <= 4; i++ {
		l.PushBack(i * 10)
	}
	for e := l.Front(); e != nil; e = e.Next() {
		i := e.Value.(int)
		e.Value = i + 1
	}
	for e := l.Front(); e != nil; e = e.Next() {
		fmt.Print(e.Value, " ")
	}
	fmt.Println()
}
