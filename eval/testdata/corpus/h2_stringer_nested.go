package main

import (
	"fmt"
	"strings"
)

type Color int

const (
	Red Color = iota
	Green
	Blue
)

func (c Color) String() string { return [...]string{"Red", "Green", "Blue"}[c] }

type Pixel struct {
	X, Y int
	C    Color
}

type Image struct {
	Name   string
	Pixels []Pixel
	ByName map[string]Color
	Ptr    *Pixel
}

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°C", float64(t)) }

type Named struct{ first, last string }

func (n *Named) String() string { return strings.ToUpper(n.first[:1]) + ". " + n.last }

func main() {
	img := Image{"pic", []Pixel{{1, 2, Red}, {3, 4, Blue}}, map[string]Color{"sky": Blue, "grass": Green}, &Pixel{0, 0, Green}}
	fmt.Println(img.Pixels, img.ByName)
	fmt.Printf("%v\n%+v\n", img.Pixels[1], img.Pixels[1])
	fmt.Printf("%d %s %q %x\n", Blue, Blue, Green, Red)
	fmt.Println([]Color{Blue, Red}, [2]Color{Green}, map[Color]int{Blue: 1, Red: 2})
	temps := []Temp{21.5, -3}
	fmt.Println(temps, Temp(0), fmt.Sprint(Temp(100)))
	fmt.Printf("%v %.2f %s\n", temps[0], temps[0], temps[1])
	n := Named{"ada", "lovelace"}
	fmt.Println(&n, []*Named{&n})
	var s fmt.Stringer = Blue
	fmt.Println(s, s.String())
	fmt.Printf("%v %s\n", struct{ C Color }{Green}, []any{Red, Temp(1), 3})
}
