package main

import "fmt"

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°C", float64(t)) }

type Vec struct{ X, Y int }

func (v Vec) String() string { return fmt.Sprintf("(%d,%d)", v.X, v.Y) }

func main() {
	t := Temp(21.55)
	fmt.Println(t)
	fmt.Printf("%v %s %.2f\n", t, t, float64(t))
	v := Vec{1, 2}
	fmt.Println(v, &v, []Vec{{3, 4}})
	fmt.Printf("%+v %d\n", struct{ A, B int }{1, 2}, v)
}
