package main

import (
	"bufio"
	"fmt"
	"strings"
)

type Point struct{ X, Y int }

func main() {
	var name string
	var age int
	var h float64
	n, err := fmt.Sscanf("alice 30 1.68", "%s %d %f", &name, &age, &h)
	fmt.Println(n, err, name, age, h)
	var x, y int
	n, err = fmt.Sscanf("(3,-4)", "(%d,%d)", &x, &y)
	fmt.Println(n, err, x, y)
	var hex, oct int
	var b bool
	n, err = fmt.Sscanf("ff 17 true", "%x %o %t", &hex, &oct, &b)
	fmt.Println(n, err, hex, oct, b)
	n, err = fmt.Sscanf("12 abc", "%d %d", &x, &y)
	fmt.Println(n, err != nil, x)
	var w1, w2 string
	n, err = fmt.Sscan("  one\n two ", &w1, &w2)
	fmt.Println(n, err, w1, w2)
	var c rune
	fmt.Sscanf("Z", "%c", &c)
	fmt.Println(c, string(c))
	var q string
	fmt.Sscanf(`"quoted str" rest`, "%q", &q)
	fmt.Println(q)
	sc := bufio.NewScanner(strings.NewReader("move 3 4\nmove -1 2\nbad line\nmove 10 0\n"))
	p := Point{}
	for sc.Scan() {
		var dx, dy int
		if _, err := fmt.Sscanf(sc.Text(), "move %d %d", &dx, &dy); err != nil {
			fmt.Println("skip:", sc.Text(), "->", err)
			continue
		}
		p.X += dx
		p.Y += dy
	}
	fmt.Printf("%+v\n", p)
	var a1, a2 int
	n, _ = fmt.Sscanln("5 6\n7", &a1, &a2)
	fmt.Println(n, a1, a2)
	words := bufio.NewScanner(strings.NewReader("the quick  brown\tfox"))
	words.Split(bufio.ScanWords)
	cnt := 0
	for words.Scan() {
		cnt++
	}
	fmt.Println(cnt)
}
