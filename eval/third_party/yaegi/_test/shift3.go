package main

const a = 1.0

const b = a + 3

func main() { println(b << (1)) }

// Output:
// 8
