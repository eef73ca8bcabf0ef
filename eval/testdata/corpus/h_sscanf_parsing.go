package main

import (
	"fmt"
	"strings"
)

type Claim struct {
	ID, X, Y, W, H int
}

func main() {
	lines := []string{"#1 @ 1,3: 4x4", "#2 @ 3,1: 4x4", "#3 @ 5,5: 2x2"}
	var claims []Claim
	for _, l := range lines {
		var c Claim
		n, err := fmt.Sscanf(l, "#%d @ %d,%d: %dx%d", &c.ID, &c.X, &c.Y, &c.W, &c.H)
		if err != nil || n != 5 {
			fmt.Println("bad", l, err)
			continue
		}
		claims = append(claims, c)
	}
	fabric := map[[2]int]int{}
	for _, c := range claims {
		for x := c.X; x < c.X+c.W; x++ {
			for y := c.Y; y < c.Y+c.H; y++ {
				fabric[[2]int{x, y}]++
			}
		}
	}
	overlap := 0
	for _, v := range fabric {
		if v > 1 {
			overlap++
		}
	}
	fmt.Println(len(claims), overlap)
	var name string
	var age int
	var score float64
	n, err := fmt.Sscan("bob 42 97.5", &name, &age, &score)
	fmt.Println(n, err, name, age, score)
	n, err = fmt.Sscanf("x=10 y=abc", "x=%d y=%d", &age, &age)
	fmt.Println(n, err != nil, age)
	var a, b string
	fmt.Sscanln("first second\nthird", &a, &b)
	fmt.Println(a, b)
	r := strings.NewReader("1 2 3\n4 5 6\n")
	total := 0
	for {
		var v int
		_, err := fmt.Fscan(r, &v)
		if err != nil {
			break
		}
		total += v
	}
	fmt.Println(total)
	var hex, oct int
	fmt.Sscanf("ff 17", "%x %o", &hex, &oct)
	fmt.Println(hex, oct)
	var q string
	fmt.Sscanf(`"quoted str"`, "%q", &q)
	fmt.Println(q)
}
