// fmt.Scanner methods of the program's types, with Sscan, Sscanf and Fscanf on the ScanState.
package main

import (
	"fmt"
	"strings"
)

type Celsius float64

func (c *Celsius) Scan(state fmt.ScanState, verb rune) error {
	tok, err := state.Token(true, func(r rune) bool { return r != ' ' })
	if err != nil {
		return err
	}
	s := strings.TrimSuffix(string(tok), "C")
	var f float64
	if _, err := fmt.Sscan(s, &f); err != nil {
		return err
	}
	*c = Celsius(f)
	return nil
}

type Point struct{ X, Y int }

func (p *Point) Scan(state fmt.ScanState, verb rune) error {
	_, err := fmt.Fscanf(state, "(%d,%d)", &p.X, &p.Y)
	return err
}

func main() {
	var c Celsius
	var n int
	k, err := fmt.Sscan("21.5C 7", &c, &n)
	fmt.Println(k, err, c, n)
	var p Point
	k, err = fmt.Sscanf("pt (3,4)", "pt %v", &p)
	fmt.Println(k, err, p)
	ps := []*Point{{}, {}}
	k, err = fmt.Sscan("(1,2) (5,6)", ps[0], ps[1])
	fmt.Println(k, err, *ps[0], *ps[1])
	_, err = fmt.Sscan("x", &c)
	fmt.Println(err != nil)
}
