package main

import "fmt"

type Color int

const (
	Red Color = iota
	Green
	Blue
)

func (c Color) String() string {
	return [...]string{"red", "green", "blue"}[c]
}

type Vec struct{ X, Y float64 }

func main() {
	fmt.Println(Red, Green, Blue)
	fmt.Print(Red, Blue, "\n")
	fmt.Print(1, 2, "a", 3, "b", "c", 4.5, 5, "\n")
	s := fmt.Sprint("x", 1, 2, "y")
	fmt.Println(len(s), s)
	fmt.Println(fmt.Sprintln("a", 1) == "a 1\n")
	fmt.Println([]Color{Red, Blue}, map[Color]int{Green: 2})
	fmt.Println(Vec{1.5, -2}, &Vec{0, 0}, []Vec{{1, 1}})
	fmt.Println([]any{Red, 1, "s", nil, Vec{}})
	fmt.Println(1e6, 1e21, 123456789.0, 0.000001, float32(0.1), 2.0/3)
	fmt.Println(complex(1, -2), []byte("hi"), [3]bool{true})
	var ip *int
	fmt.Println(ip, []int(nil), map[string]int(nil), error(nil))
}
