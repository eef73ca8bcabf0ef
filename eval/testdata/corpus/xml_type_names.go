package main

import (
	"encoding/xml"
	"fmt"
	"os"
)

// encoding/xml names an element by its type where nothing else names it.

type A[T, U any] struct {
	Name T `xml:"name"`
	Data U `xml:"data"`
}

type Point struct {
	X, Y int
}

type Celsius float64

type Blob []byte

type Named struct {
	XMLName xml.Name `xml:"thing"`
	V       int
}

type Outer struct {
	P    Point
	Ps   []Point `xml:"pt"`
	Temp Celsius
}

type List []int

func show(b []byte, err error) {
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(string(b))
}

func main() {
	src := &A[string, int]{Name: "name", Data: 1}
	show(xml.Marshal(src))
	dst := &A[string, int]{}
	data, _ := xml.Marshal(src)
	if err := xml.Unmarshal(data, dst); err != nil {
		panic(err)
	}
	fmt.Println(*src == *dst)
	show(xml.Marshal(Point{1, 2}))
	show(xml.Marshal([]Point{{1, 2}, {3, 4}}))
	show(xml.Marshal([]*Point{{5, 6}, nil}))
	show(xml.Marshal(Celsius(21.5)))
	show(xml.Marshal(Blob("hi")))
	show(xml.Marshal(Named{V: 3}))
	show(xml.Marshal(&Outer{P: Point{1, 1}, Ps: []Point{{2, 2}}, Temp: 3}))
	show(xml.MarshalIndent(Outer{}, ">", "  "))
	show(xml.Marshal(List{1, 2}))
	var nilp *Point
	show(xml.Marshal(nilp))
	enc := xml.NewEncoder(os.Stdout)
	enc.Indent("", " ")
	if err := enc.Encode(Point{7, 8}); err != nil {
		panic(err)
	}
	fmt.Println()
	if err := enc.Encode(map[string]int{}); err != nil {
		fmt.Println("error:", err)
	}
}
