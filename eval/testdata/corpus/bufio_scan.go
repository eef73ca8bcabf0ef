// bufio.Scanner over a string: lines and words, and fmt.Sscanf.
package main

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
)

func main() {
	input := "3 4\n10 20\nx y\n"
	sc := bufio.NewScanner(strings.NewReader(input))
	sum := 0
	for sc.Scan() {
		parts := strings.Fields(sc.Text())
		for _, p := range parts {
			n, err := strconv.Atoi(p)
			if err != nil {
				fmt.Println("skip", p)
				continue
			}
			sum += n
		}
	}
	fmt.Println("sum", sum)
	ws := bufio.NewScanner(strings.NewReader("one two  three"))
	ws.Split(bufio.ScanWords)
	count := 0
	for ws.Scan() {
		count++
	}
	fmt.Println("words", count)
	var name string
	var age int
	n, err := fmt.Sscanf("ann 31", "%s %d", &name, &age)
	fmt.Println(n, err, name, age)
	var a, b int
	fmt.Sscan("7 8", &a, &b)
	fmt.Println(a * b)
}
