// Formatting verbs, widths, precisions and flags.
package main

import "fmt"

func main() {
	fmt.Printf("%d|%5d|%-5d|%05d|%+d\n", 42, 42, 42, 42, 42)
	fmt.Printf("%x|%X|%o|%b|%#x|%#o\n", 255, 255, 8, 5, 255, 8)
	fmt.Printf("%f|%.2f|%8.3f|%-8.1f|%e|%g\n", 3.14159, 3.14159, 3.14159, 3.14159, 123456.789, 0.000012)
	fmt.Printf("%s|%10s|%-10s|%q|%.2s\n", "go", "go", "go", "go", "golang")
	fmt.Printf("%t|%v|%p\n", true, nil, nil)
	fmt.Printf("%c|%U|%#U\n", 'A', 'A', 'A')
	fmt.Printf("%v|%+v|%#v\n", []int{1, 2}, map[string]int{"a": 1}, []string{"x"})
	fmt.Printf("%*d|%-*d|\n", 4, 7, 4, 7)
	fmt.Printf("%6.2f%%\n", 12.345)
	fmt.Printf("%v %v %v\n", 1e21, 1e20, 100000000.0)
	fmt.Printf("%x %X\n", "hi", []byte("hi"))
	fmt.Printf("%d %s\n", "str", 5)
	fmt.Printf("%d\n", 1, 2)
	fmt.Printf("%d %d\n", 1)
	fmt.Println(fmt.Sprintf("%08.3f", -3.5), fmt.Sprint("a", 1, 2, "b", "c", 3.0))
	fmt.Println(fmt.Sprintln("x", 1) + "end")
	fmt.Printf("%v %.3v %10.4v|\n", 2.0/3, 2.0/3, 2.0/3)
	fmt.Printf("%t %v\n", false, complex(1, -2))
}
