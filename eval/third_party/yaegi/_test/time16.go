package main

import "time"

func main() {
	localTime := time.ANSIC
	println(localTime)
}

// Output:
// Mon Jan _2 15:04:05 2006
