// Conversions with strconv, with errors for bad input.
package main

import (
	"fmt"
	"strconv"
)

func main() {
	n, err := strconv.Atoi("123")
	fmt.Println(n+1, err)
	_, err = strconv.Atoi("12a")
	fmt.Println(err)
	f, _ := strconv.ParseFloat("3.25", 64)
	fmt.Println(f * 2)
	b, _ := strconv.ParseBool("true")
	fmt.Println(b)
	i, _ := strconv.ParseInt("-ff", 16, 64)
	fmt.Println(i)
	_, err = strconv.ParseInt("300", 10, 8)
	fmt.Println(err)
	fmt.Println(strconv.Itoa(-45), strconv.FormatInt(255, 2), strconv.FormatFloat(1.5, 'f', 3, 64))
	fmt.Println(strconv.Quote("hi\n\"there\""), strconv.QuoteRune('☺'))
	s, err := strconv.Unquote(`"a\tb"`)
	fmt.Printf("%q %v\n", s, err)
	fmt.Println(string(strconv.AppendInt([]byte("n="), 42, 10)))
}
