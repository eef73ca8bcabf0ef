// Named array types of predeclared types (a vector, a board, a hash, an address, map
// keys): methods, %T/%#v, map[any] keys and == beside the unnamed array type, switches.
package main

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math"
)

type Vec3 [3]float64

func (v Vec3) Add(o Vec3) Vec3 { return Vec3{v[0] + o[0], v[1] + o[1], v[2] + o[2]} }
func (v Vec3) Len() float64    { return math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2]) }
func (v *Vec3) Scale(k float64) {
	for i := range v {
		v[i] *= k
	}
}

type Board [3][3]string

func (b Board) String() string {
	s := ""
	for _, row := range b {
		for _, c := range row {
			if c == "" {
				c = "."
			}
			s += c
		}
		s += "\n"
	}
	return s
}

type Hash [32]byte
type IP [4]byte
type Point [2]int
type Sudoku [9][9]int

func main() {
	v := Vec3{1, 2, 2}
	w := v.Add(Vec3{1, 0, 0})
	w.Scale(2)
	fmt.Println(v, w, v.Len())
	fmt.Printf("%T %v %#v\n", w, w, v)
	var b Board
	b[1][1] = "X"
	b[0][2] = "O"
	fmt.Print(b)
	fmt.Printf("%T\n", b)
	h := Hash(sha256.Sum256([]byte("go")))
	fmt.Printf("%x %T\n", h[:4], h)
	ip := IP{127, 0, 0, 1}
	fmt.Println(ip, ip == IP{127, 0, 0, 1})
	seen := map[Point]bool{{1, 2}: true}
	fmt.Println(seen[Point{1, 2}], seen[Point{2, 1}])
	keys := map[any]string{Point{1, 2}: "point", [2]int{1, 2}: "array"}
	fmt.Println(len(keys), keys[Point{1, 2}], keys[[2]int{1, 2}])
	var a, c any = Point{1, 2}, [2]int{1, 2}
	fmt.Println(a == c, a == any(Point{1, 2}))
	for _, x := range []any{v, [3]float64{}, b, ip, [4]byte{}, Point{}} {
		switch x.(type) {
		case Vec3:
			fmt.Print("Vec3 ")
		case [3]float64:
			fmt.Print("[3]float64 ")
		case Board:
			fmt.Print("Board ")
		case IP:
			fmt.Print("IP ")
		case [4]byte:
			fmt.Print("[4]byte ")
		default:
			fmt.Printf("%T ", x)
		}
	}
	fmt.Println()
	var s Sudoku
	s[8][8] = 9
	fmt.Println(len(s), s[8])
	j, _ := json.Marshal(struct{ V Vec3 }{v})
	fmt.Println(string(j))
	arr := [3]float64(v)
	fmt.Println(arr, Vec3(arr) == v)
}
