// String methods of user types are used inside slices, maps, structs and any.
package main

import "fmt"

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type Point struct{ X, Y int }

func (p Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

type Reading struct {
	Where string
	Temp  Celsius
}

func main() {
	temps := []Celsius{20.5, 18}
	fmt.Println(temps)
	fmt.Println(map[string]Celsius{"oslo": -3, "rome": 21.25})
	fmt.Println(Reading{"lab", 22})
	fmt.Printf("%v %+v\n", Reading{"lab", 22}, Reading{"roof", 5})
	var a any = Point{1, 2}
	fmt.Println(a, []any{Point{3, 4}, Celsius(1), "s", 7})
	pts := []Point{{1, 1}, {2, 2}}
	fmt.Println(pts, len(pts))
	fmt.Println(map[Point]string{{0, 1}: "up"})
	fmt.Printf("%s|%v|%d\n", Celsius(3), []Point{{5, 6}}, Point{7, 8})
	s := fmt.Sprint(Point{9, 9}, " ", temps)
	fmt.Println(s)
}
