package main

import "fmt"

type ID int
type Point struct{ X, Y int }
type Name string

func main() {
	fmt.Printf("%s|%d|%x\n", ID(3), Name("n"), Name("hi"))
	fmt.Printf("%d %v\n", Point{1, 2}, []ID{1, 2})
	fmt.Printf("%v %v\n", 1)
	fmt.Printf("%v\n", 1, 2)
	fmt.Printf("%!\n")
	fmt.Println(fmt.Sprint(ID(1), ID(2), "x", Name("y"), 3))
	fmt.Printf("%08.3f|%-5d|%5s|%+d|%x|%X|%o|%b|%e\n", 3.14159, ID(42), Name("ab"), ID(5), ID(255), 255, 8, 5, 1234.5)
	fmt.Printf("%q %U %c\n", 'x', 'é', 0x4E16)
	fmt.Printf("%t %p\n", true, nil)
	fmt.Printf("%6.2v|%.1s|%*d\n", 3.14159, "hello", 4, 7)
	var ip *int
	fmt.Printf("%v %d\n", ip, []byte("ab"))
	fmt.Printf("%x % x %X\n", "hey", []byte{1, 2}, "hey")
	type inner struct {
		A *int
		B []string
		C map[string]ID
	}
	fmt.Printf("%+v\n", inner{nil, nil, map[string]ID{"k": 1}})
}
