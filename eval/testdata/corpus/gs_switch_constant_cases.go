package main

import "fmt"

type Level uint8

func kind(x uint64) string {
	switch x {
	case 1e16:
		return "1e16"
	case 1 << 60:
		return "2^60"
	}
	return "other"
}

func level(l Level) string {
	switch l {
	case 'a':
		return "a"
	case 2.0:
		return "two"
	}
	return "?"
}

func main() {
	fmt.Println(kind(1e16), kind(1e16+1), kind(1<<60), kind(1<<60+1))
	fmt.Println(level(97), level(2), level(3))
	var big int64 = 9007199254740993 // 2^53 + 1
	switch big {
	case 9007199254740992:
		fmt.Println("2^53")
	case 9007199254740993:
		fmt.Println("2^53+1")
	}
	ch := make(chan int)
	var recv <-chan int = ch
	switch ch {
	case recv:
		fmt.Println("same channel")
	default:
		fmt.Println("other channel")
	}
	switch recv {
	case ch:
		fmt.Println("same channel")
	default:
		fmt.Println("other channel")
	}
}
