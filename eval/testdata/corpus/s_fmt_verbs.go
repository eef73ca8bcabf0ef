package main

import "fmt"

type P struct {
	Name string
	Age  int
}

func main() {
	p := P{"Ann", 30}
	fmt.Printf("%v|%+v\n", p, p)
	fmt.Printf("%5d|%-5d|%05d\n", 42, 42, 42)
	fmt.Printf("%x %X %o %b\n", 255, 255, 8, 5)
	fmt.Printf("%8.3f|%-8.2f|%e|%g\n", 3.14159, 2.5, 123456.789, 0.000001)
	fmt.Printf("%q %v %c %U\n", "hi", 'x', 65, 0x1F600)
	fmt.Printf("%t %p\n", true, nil)
	fmt.Printf("%T %T %T\n", p, []int{}, map[string]bool{})
	fmt.Printf("%6s|%-6s|%.2s\n", "go", "go", "golang")
	s := fmt.Sprintf("%[2]d %[1]d", 1, 2)
	fmt.Println(s, fmt.Sprint("a", 1, 2, "b"), fmt.Sprintln("x", 3))
}
