package main

import (
	"bufio"
	"fmt"
	"strings"
)

func main() {
	input := "the cat sat\non the mat\n\nthe end"
	sc := bufio.NewScanner(strings.NewReader(input))
	sc.Split(bufio.ScanWords)
	n := 0
	longest := ""
	for sc.Scan() {
		n++
		if len(sc.Text()) > len(longest) {
			longest = sc.Text()
		}
	}
	fmt.Println(n, longest)
	lines := bufio.NewScanner(strings.NewReader(input))
	i := 0
	for lines.Scan() {
		i++
		fmt.Printf("%d: %q\n", i, lines.Text())
	}
	r := bufio.NewReader(strings.NewReader("key=value\nrest"))
	line, _ := r.ReadString('\n')
	fmt.Printf("%q\n", line)
}
