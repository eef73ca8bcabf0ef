package main

func f(i int) (o int) { o = i + 1; return }

func main() { println(f(4)) }

// Output:
// 5
