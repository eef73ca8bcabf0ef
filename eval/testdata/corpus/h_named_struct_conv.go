package main

import (
	"fmt"
	"strings"
)

type Celsius float64
type Fahrenheit float64

func CToF(c Celsius) Fahrenheit { return Fahrenheit(c*9/5 + 32) }
func FToC(f Fahrenheit) Celsius { return Celsius((f - 32) * 5 / 9) }

func (c Celsius) String() string    { return fmt.Sprintf("%.1f°C", float64(c)) }
func (f Fahrenheit) String() string { return fmt.Sprintf("%.1f°F", float64(f)) }

type Point struct{ X, Y int }
type Vec Point

func (v Vec) Len2() int { return v.X*v.X + v.Y*v.Y }

type Path []Point

func (p Path) Len() int { return len(p) }

type Names []string

func (n Names) Join() string { return strings.Join(n, "+") }

func main() {
	c := Celsius(100)
	f := CToF(c)
	fmt.Println(c, f, FToC(f), FToC(-40) == Celsius(-40))
	fmt.Printf("%v %.2f %s\n", f, float64(f), Celsius(37.5))
	p := Point{3, 4}
	v := Vec(p)
	fmt.Println(v.Len2(), Point(v) == p, v)
	path := Path{{0, 0}, {1, 1}}
	raw := []Point(path)
	raw[0].X = 9
	fmt.Println(path[0], path.Len(), len(raw))
	n := Names(strings.Fields("a b c"))
	fmt.Println(n.Join(), []string(n)[1])
	type local struct{ X, Y int }
	lp := local(p)
	lp.X = 100
	fmt.Println(lp, p)
	var x any = 1 << 10
	var y any = 2.0
	var z any = 'a'
	var w any = "s" + "t"
	fmt.Printf("%T %T %T %T\n", x, y, z, w)
	temps := []Celsius{30, -5, 12.5}
	var total Celsius
	for _, t := range temps {
		total += t
	}
	fmt.Println(total/Celsius(len(temps)), total > 30)
	bs := []byte("hey")
	s := string(bs)
	bs[0] = 'H'
	fmt.Println(s, string(bs), bs)
	for i, c := range []byte("ab") {
		fmt.Print(i, c, " ")
	}
	fmt.Println()
}
