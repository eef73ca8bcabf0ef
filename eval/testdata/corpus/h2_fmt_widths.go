package main

import (
	"fmt"
	"os"
)

type P struct {
	X, Y int
	tag  string
}

func main() {
	fmt.Printf("|%-8s|%8s|%.2s|%-8.3f|%8.3f|%+d|% d|%05d|%-5d|\n", "ab", "cd", "xyz", 3.14159, -2.5, 5, 5, -42, 7)
	fmt.Printf("|%x|%X|%#x|%08b|%o|%#o|%c|%U|%#U|%q|\n", 255, 255, 255, 5, 8, 8, 'G', 'G', '⌘', 'x')
	fmt.Printf("|%v|%+v|%#v|%T|\n", P{1, 2, "t"}, P{1, 2, "t"}, P{1, 2, "t"}, P{})
	fmt.Printf("|%v|%d|%s|%q|%x|\n", []byte("hi"), []byte("hi"), []byte("hi"), []byte("hi"), []byte("hi"))
	fmt.Printf("|%v|%v|%v|%v|\n", []string{"a b", "c"}, map[int]string{2: "b", 1: "a"}, [2]bool{true}, struct{}{})
	fmt.Printf("|%6.2v|%10v|%-10v|%x|\n", 3.14159, []int{1, 2}, "s", "hello")
	fmt.Printf("|%*d|%-*d|%.*f|\n", 5, 1, 4, 2, 2, 3.14159)
	fmt.Printf("|%!|%d|%s|\n", "str", 3)
	fmt.Printf("|%d %d|\n", 1)
	fmt.Printf("|%[2]d %[1]d|%[1]*[2]d|\n", 3, 4)
	var np *P
	var ni any
	fmt.Printf("|%v|%v|%+v|%d|%s|\n", np, ni, &P{1, 2, ""}, []any{1, "a"}, nil)
	fmt.Printf("|%t|%v|%p|\n", true, false, nil)
	fmt.Printf("|%e|%.0f|%.0f|%g|%g|\n", 123456.789, 0.5, 1.5, 1e-5, 100000.0)
	fmt.Printf("|%8.3e|%-12g|%+.1e|\n", 0.000123, 2.0/3, -1e10)
	fmt.Printf("|%s|%v|\n", fmt.Errorf("e"), error(nil))
	fmt.Fprintf(os.Stdout, "|%3c|%-4q|%#q|\n", 'z', 'y', "back`tick")
	fmt.Println(fmt.Sprint("a", 1, 2, "b", "c", 3.0, nil), fmt.Sprintln("x", 1))
	fmt.Printf("%v %v\n", int8(-128), uint64(1<<63))
	fmt.Printf("%08.3f|%-08.3f|%+08d|% 8d\n", -3.14159, 3.14159, 42, 42)
}
