package main

import "fmt"

// Universe functions declared again at package level and in a function: the
// program's own declarations are called, and the builtins the rest of the
// program would use keep working where they are not shadowed.

func len(x int) int { return x * 10 }

func append(s string, n int) string { return fmt.Sprint(s, "+", n) }

func copy() string { return "own copy" }

func cap(xs ...int) int { return 99 }

func describe(v any) string {
	switch w := v.(type) {
	case int:
		return fmt.Sprint("int ", w)
	case string:
		return "string " + w
	}
	return "other"
}

func main() {
	fmt.Println(len(4), append("a", 2), copy(), cap(1, 2))
	panic := func(x int) { fmt.Println("own panic", x) }
	panic(3)
	recover := func() string { return "own recover" }
	defer fmt.Println("deferred", recover())
	make := func(n int) []string { return []string{fmt.Sprint(n)} }
	fmt.Println(make(2), describe(5), describe("s"), describe(1.5))
	var a any = 7
	if n, ok := a.(int); ok {
		fmt.Println("asserted", n)
	}
	for i := range 3 {
		fmt.Print(i, " ")
	}
	fmt.Println(min(3, 1), max(2, 8))
	p := new(int)
	*p = 9
	fmt.Println("new", *p, p != nil)
}
