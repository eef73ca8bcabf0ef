package main

import (
	"fmt"
	"strconv"
)

func main() {
	n, err := strconv.ParseInt("-ff", 16, 64)
	fmt.Println(n, err)
	_, err = strconv.Atoi("12a")
	fmt.Println(err)
	_, err = strconv.ParseInt("999999999999999999999", 10, 64)
	fmt.Println(err)
	u, _ := strconv.ParseUint("777", 8, 16)
	fmt.Println(u)
	fmt.Println(strconv.FormatFloat(3.14159, 'f', 2, 64), strconv.FormatFloat(1e21, 'g', -1, 64))
	fmt.Println(strconv.Itoa(-45), strconv.QuoteRune('☺'), strconv.AppendInt([]byte("n="), 42, 10))
	s, err := strconv.Unquote(`"a\tb"`)
	fmt.Printf("%q %v\n", s, err)
}
