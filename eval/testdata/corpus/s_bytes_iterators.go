package main

import (
	"bytes"
	"fmt"
	"strings"
)

func main() {
	data := []byte("alpha,beta;gamma delta")
	for f := range bytes.FieldsFuncSeq(data, func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
		fmt.Print(string(f), "|")
	}
	fmt.Println()
	n := 0
	for range bytes.SplitSeq([]byte("a b c d"), []byte(" ")) {
		n++
	}
	fmt.Println(n)
	for s := range strings.SplitAfterSeq("1,2,3", ",") {
		fmt.Printf("%q ", s)
	}
	fmt.Println()
}
