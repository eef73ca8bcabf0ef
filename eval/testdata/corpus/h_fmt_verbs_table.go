package main

import "fmt"

type P struct {
	X, Y int
	Name string
}

func main() {
	p := P{1, -2, "pt"}
	fmt.Printf("%v|%+v|%T\n", p, p, p)
	fmt.Printf("%#v\n", []int(nil))
	fmt.Printf("%#v %#v\n", []string{"a"}, map[string]int{"z": 1, "a": 2})
	fmt.Printf("[%5d][%-5d][%05d][%+d][%x][%X][%o][%b]\n", 42, 42, 42, 42, 255, 255, 8, 5)
	fmt.Printf("[%8.3f][%-8.2f][%08.3f][%e][%g][%G]\n", 3.14159, 2.5, -1.5, 123456.789, 1e21, 1e-7)
	fmt.Printf("[%s][%q][%x][% x][%10s][%-10s|]\n", "hi", "a\"b", "hi", "hi", "right", "left")
	fmt.Printf("[%c][%U][%q][%d]\n", 'G', 'é', 'é', 'A')
	fmt.Printf("[%t][%v][%p]\n", true, nil, nil)
	fmt.Printf("[%*d][%-*d][%.*f]\n", 6, 7, 4, 8, 2, 3.14159)
	fmt.Printf("%[2]d %[1]d %d\n", 10, 20)
	fmt.Printf("%d %s\n", "str", 5)
	fmt.Printf("%d\n")
	fmt.Printf("%d %d\n", 1, 2, 3)
	fmt.Printf("%6.2f%%\n", 12.345)
	fmt.Printf("%v %v\n", [3]bool{true}, struct{ A *int }{nil})
	fmt.Printf("%x %X\n", []byte{1, 171}, "Zz")
	fmt.Printf("%08b %3c|\n", 5, 'x')
	fmt.Println(fmt.Sprint("a", 1, 2, "b", "c", 3.0, 4))
	fmt.Println(fmt.Sprintln("x", 1) + "end")
}
