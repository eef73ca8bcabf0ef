package main

import (
	"errors"
	"fmt"
	"os"
)

type point struct{ x, y int }

type temp float64

func (t temp) String() string { return fmt.Sprintf("%.1f°C", float64(t)) }

func main() {
	fmt.Printf("%d\n", "x")
	fmt.Printf("%d %d\n", 1)
	fmt.Printf("%d\n", 1, 2)
	fmt.Printf("%z\n", 3)
	fmt.Printf("%!\n")
	fmt.Printf("%s\n", nil)
	fmt.Printf("%d\n", nil)
	fmt.Printf("%.2f %s\n", "str", 3.5)
	fmt.Printf("%[2]d %[1]d %d\n", 10, 20)
	fmt.Printf("%[3]d\n", 1, 2)
	fmt.Printf("%*d|%-*d|\n", 5, 42, 4, 7)
	fmt.Printf("%.*f\n", 2, 3.14159)
	fmt.Printf("%q %U %#U %x % x %X\n", "hi\n", 'G', '⌘', "go", "go", []byte{1, 171})
	fmt.Printf("%08.3f|%+d|%-10s|%10s|\n", 3.14159, 5, "left", "right")
	fmt.Printf("%v %+v %#v\n", point{1, 2}, point{1, 2}, point{1, 2})
	fmt.Printf("%v %+v\n", &point{3, 4}, []*point{nil})
	fmt.Printf("%t %v %p\n", true, nil, nil)
	fmt.Printf("%o %#o %O %b %#x %#X\n", 64, 64, 64, 5, 255, 255)
	fmt.Printf("%e %E %g %G\n", 123456.789, 0.000123, 1e21, 1e-7)
	fmt.Printf("%6.2f%%\n", 12.345)
	fmt.Printf("%c|%5c|%-5c|\n", 65, 'é', 'x')
	fmt.Printf("%v %s %d\n", temp(21.55), temp(0), temp(3))
	fmt.Printf("%x %X\n", -255, "Hello")
	fmt.Printf("%#v %#v %#v\n", []string{"a"}, map[string]int{"b": 1, "a": 2}, struct{}{})
	fmt.Printf("%v\n", [][]int{{1}, {2, 3}, nil})
	fmt.Printf("%s\n", errors.New("boom"))
	fmt.Printf("%v|%d\n", []byte("AB"), []byte("AB"))
	fmt.Printf("%5.1q|%-8q|\n", "abcdef", 'x')
	fmt.Printf("%+q %#q\n", "héllo", "back`tick")
	fmt.Printf("%08b %3x %-4o|\n", 5, 10, 8)
	fmt.Printf("%t\n", 1)
	fmt.Printf("%s %v\n", []any{1, "a", nil}, map[int]bool{2: true, 1: false})
	fmt.Fprintf(os.Stdout, "%6.3v|%.0f|%.1e\n", 3.14159, 2.5, 12345.0)
	n, err := fmt.Printf("%s %d\n", "count", 12)
	fmt.Println(n, err)
	s := fmt.Sprint("a", 1, 2, "b", "c", 3.0, nil, true)
	fmt.Println(s)
	fmt.Println(fmt.Sprintln("x", 1) + "|")
	fmt.Println(fmt.Sprintf("%v", [3]bool{true}), fmt.Sprintf("%08.2f", -1.5), fmt.Sprintf("%+.3e", 0.0))
	fmt.Println(fmt.Sprintf("%x", 3.5), fmt.Sprintf("%d", []int32{1, -2}), fmt.Sprintf("%x", []string{"ab", "c"}))
	var ip *int
	fmt.Println(fmt.Sprintf("%v %d", ip, []*int{}))
	fmt.Printf("%v %v\n", complex(1, -2), 1e6)
	fmt.Printf("%10.3v|%-10v|\n", "abcdef", true)
	fmt.Printf("%#v %#v %#v\n", 3.0, "s", int64(7))
	fmt.Printf("%T %T %T %T\n", temp(1), point{}, &point{}, []any{})
}
