package main

import "fmt"

// make of a receive-only or send-only channel type, in plain and generic code (yaegi
// patch 142).

type Recv <-chan int

type sliceOf[E any] interface{ ~[]E }

func Append[S sliceOf[T], T any](s S, t ...T) S { return append(s, t...) }

func Make[C ~<-chan int]() C { return make(C, 2) }

func MakeSend[C ~chan<- int]() C { return make(C, 2) }

func main() {
	recv := make(Recv)
	a := Append([]Recv{recv}, recv)
	fmt.Println(len(a), a[0] == recv, a[1] == recv)
	send := make(chan<- int, 3)
	send <- 1
	fmt.Println(len(send), cap(send))
	r := make(<-chan string)
	fmt.Printf("%T %d\n", r, cap(r))
	c := MakeSend[chan<- int]()
	c <- 5
	fmt.Printf("%T %d %d\n", c, len(c), cap(c))
	fmt.Printf("%T\n", Make[Recv]())
}
