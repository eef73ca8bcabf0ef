package main

import "fmt"

// A built-in called with the results of a call: copy(f(a)), delete(h(m)), print(f()),
// println(f()), complex(f()), append(f()) bind the results to the parameters in order, as Go does (Go's tests
// fixedbugs/issue15992.go, fixedbugs/issue35576.go and fixedbugs/issue5793.go).

func f(a []byte) ([]byte, []byte) { return a, []byte("abc") }

func g(a []byte) ([]byte, string) { return a, "xyz" }

func h(m map[string]int) (map[string]int, string) { return m, "b" }

func three() (int16, float64, string) { return -42, 42.0, "x" }

func parts() (float64, float64) { return 5, 7 }

func parts32() (float32, float32) { return 1.5, -2 }

func appendArgs() ([]string, string) { return []string{"foo"}, "bar" }

func appendMulti() ([]byte, byte, byte) { return []byte{'a', 'b'}, '1', '2' }

func main() {
	a := []byte{1, 2, 3, 4}
	n := copy(f(a))
	fmt.Println(n, a)
	b := []byte{1, 2}
	fmt.Println(copy(g(b)), b)

	m := map[string]int{"a": 1, "b": 2}
	delete(h(m))
	fmt.Println(len(m), m)

	c := complex(parts())
	fmt.Printf("%v %T %v\n", c, c, complex(parts32()))
	fmt.Println(append(appendArgs()), string(append(appendMulti())))

	print(three())
	println(three())
	println()
	fmt.Println("done")
}
