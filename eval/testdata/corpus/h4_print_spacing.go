package main

import (
	"fmt"
	"log"
	"os"
)

type Name string

func (n Name) String() string { return "N:" + string(n) }

type Label string

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1fC", float64(t)) }

type Pt struct{ X, Y int }

func main() {
	n := Name("ann")
	l := Label("lbl")
	t := Temp(21.5)
	fmt.Print(1, 2, "a", 3, "b", "c", 4.5, nil, []int{1}, "\n")
	fmt.Print(n, 1, 2, n, "\n")
	fmt.Print(1, n, 2, "\n")
	fmt.Print(l, 1, l, 2, "\n")
	fmt.Print(t, 1, t, "\n")
	fmt.Print(Pt{1, 2}, Pt{3, 4}, "\n")
	fmt.Print(1, Pt{1, 2}, "x", Pt{3, 4}, 2, "\n")
	var a any = n
	var b any = l
	fmt.Print(a, 5, b, 6, "\n")
	s := fmt.Sprint(n, 7, l, 8, t, 9)
	fmt.Println(s)
	fmt.Fprint(os.Stdout, l, l, n, n, 3, 4, "\n")
	fmt.Println(fmt.Sprint(Name("x"), Name("y")), fmt.Sprint(Label("x"), Label("y")), fmt.Sprint(Temp(1), Temp(2)))
	vals := []any{n, 1, l, 2}
	fmt.Print(vals...)
	fmt.Println()
	fmt.Print(vals[0], vals[1], vals[2], vals[3], "\n")
	log.SetOutput(os.Stdout)
	log.SetFlags(0)
	log.Print(n, 1, l, 2)
	b2 := fmt.Append([]byte("app:"), l, 3, t, 4)
	fmt.Println(string(b2))
}
