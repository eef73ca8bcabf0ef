package main

import (
	"fmt"
	"math"
	"math/cmplx"
	"runtime"
	"strings"
)

func printSlice(s []int) {
	fmt.Printf("len=%d cap=%d %v\n", len(s), cap(s), s)
}

func printSlice2(s string, x []int) {
	fmt.Printf("%s len=%d cap=%d %v\n",
		s, len(x), cap(x), x)
}

type Vertex struct {
	X, Y float64
}

func (v Vertex) Abs() float64 {
	return math.Sqrt(v.X*v.X + v.Y*v.Y)
}

func (v *Vertex) Scale(f float64) {
	v.X = v.X * f
	v.Y = v.Y * f
}

type MyFloat float64

func (f MyFloat) Abs() float64 {
	if f < 0 {
		return float64(-f)
	}
	return float64(f)
}

type Abser interface {
	Abs() float64
}

type I interface{ M() }
type T struct{ S string }

func (t *T) M() {
	if t == nil {
		fmt.Println("<nil>")
		return
	}
	fmt.Println(t.S)
}

type F float64

func (f F) M() { fmt.Println(f) }

func describe(i I) { fmt.Printf("(%v, %T)\n", i, i) }

var (
	ToBe   bool       = false
	MaxInt uint64     = 1<<64 - 1
	z      complex128 = cmplx.Sqrt(-5 + 12i)
)

type ErrNegativeSqrt float64

func (e ErrNegativeSqrt) Error() string {
	return fmt.Sprintf("cannot Sqrt negative number: %v", float64(e))
}

func Sqrt(x float64) (float64, error) {
	if x < 0 {
		return 0, ErrNegativeSqrt(x)
	}
	z := 1.0
	for i := 0; i < 10; i++ {
		z -= (z*z - x) / (2 * z)
	}
	return z, nil
}

func fibonacci() func() int {
	a, b := 0, 1
	return func() int {
		r := a
		a, b = b, a+b
		return r
	}
}

func main() {
	s := []int{2, 3, 5, 7, 11, 13}
	printSlice(s)
	s = s[:0]
	printSlice(s)
	s = s[:4]
	printSlice(s)
	s = s[2:]
	printSlice(s)
	var n []int
	printSlice(n)
	n = append(n, 0)
	printSlice(n)
	n = append(n, 1)
	printSlice(n)
	n = append(n, 2, 3, 4)
	printSlice(n)
	a := make([]int, 5)
	printSlice2("a", a)
	b := make([]int, 0, 5)
	printSlice2("b", b)
	c := b[:2]
	printSlice2("c", c)
	d := c[2:5]
	printSlice2("d", d)
	bs := []byte("hello")
	bs = append(bs, " world, this is longer"...)
	fmt.Println(len(bs), cap(bs))
	strs := append([]string(nil), "a", "b", "c")
	fmt.Println(len(strs), cap(strs))
	board := [][]string{
		[]string{"_", "_", "_"},
		[]string{"_", "_", "_"},
		[]string{"_", "_", "_"},
	}
	board[0][0] = "X"
	board[2][2] = "O"
	board[1][2] = "X"
	for i := 0; i < len(board); i++ {
		fmt.Printf("%s\n", strings.Join(board[i], " "))
	}
	var ab Abser
	f := MyFloat(-math.Sqrt2)
	v := Vertex{3, 4}
	ab = f
	fmt.Println(ab.Abs())
	ab = &v
	fmt.Println(ab.Abs())
	v.Scale(10)
	fmt.Println(v.Abs(), v)
	var i I
	var t *T
	i = t
	describe(i)
	i.M()
	i = &T{"hello"}
	describe(i)
	i.M()
	i = F(math.Pi)
	describe(i)
	i.M()
	fmt.Printf("Type: %T Value: %v\n", ToBe, ToBe)
	fmt.Printf("Type: %T Value: %v\n", MaxInt, MaxInt)
	fmt.Printf("Type: %T Value: %v\n", z, z)
	fmt.Println(Sqrt(2))
	fmt.Println(Sqrt(-2))
	fib := fibonacci()
	for i := 0; i < 10; i++ {
		fmt.Print(fib(), " ")
	}
	fmt.Println()
	fmt.Println(runtime.GOOS != "", cmplx.Abs(3+4i), cmplx.Exp(1i*math.Pi))
	m := map[string]Vertex{"Bell Labs": {40.68433, -74.39967}, "Google": {37.42202, -122.08408}}
	fmt.Println(m)
	elem, ok := m["Answer"]
	fmt.Println("The value:", elem, "Present?", ok)
	var x, y int = 3, 4
	var fl float64 = math.Sqrt(float64(x*x + y*y))
	var zz uint = uint(fl)
	fmt.Println(x, y, zz)
	const Big = 1 << 100
	const Small = Big >> 99
	needFloat := func(x float64) float64 { return x * 0.1 }
	fmt.Println(Small*10+1, needFloat(Small), needFloat(Big))
	pow := make([]int, 10)
	for i := range pow {
		pow[i] = 1 << uint(i)
	}
	for _, value := range pow {
		fmt.Printf("%d ", value)
	}
	fmt.Println()
	var iface interface{}
	fmt.Printf("(%v, %T)\n", iface, iface)
	iface = 42
	fmt.Printf("(%v, %T)\n", iface, iface)
	iface = "hello"
	fmt.Printf("(%v, %T)\n", iface, iface)
	sf, okf := iface.(float64)
	fmt.Println(sf, okf)
}
