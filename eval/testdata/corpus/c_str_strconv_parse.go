package main

import (
	"errors"
	"fmt"
	"strconv"
)

func main() {
	for _, s := range []string{"42", "-17", "0x1F", "1_000", "abc", "99999999999999999999", " 5"} {
		n, err := strconv.Atoi(s)
		fmt.Printf("Atoi(%q) = %d, %v\n", s, n, err)
	}
	for _, s := range []string{"0x1F", "0b101", "0o17", "017", "1_000"} {
		n, err := strconv.ParseInt(s, 0, 64)
		fmt.Println(s, n, err)
	}
	n, err := strconv.ParseInt("300", 10, 8)
	fmt.Println(n, err, errors.Is(err, strconv.ErrRange))
	u, err := strconv.ParseUint("-1", 10, 64)
	fmt.Println(u, err)
	f, err := strconv.ParseFloat("3.25e2", 64)
	fmt.Println(f, err)
	f, err = strconv.ParseFloat("NaN", 64)
	fmt.Println(f, err)
	b, err := strconv.ParseBool("T")
	fmt.Println(b, err)
	fmt.Println(strconv.Itoa(-99), strconv.FormatInt(255, 2), strconv.FormatInt(-255, 36))
	fmt.Println(strconv.FormatFloat(3.14159, 'f', 2, 64), strconv.FormatFloat(1e21, 'g', -1, 64),
		strconv.FormatFloat(0.000012, 'e', 3, 32), strconv.FormatFloat(2.5, 'f', -1, 64))
	fmt.Println(strconv.Quote("tab\there \"q\" é"), strconv.QuoteToASCII("é☺"), strconv.QuoteRune('☺'))
	s, err := strconv.Unquote(`"a\tb\u00e9"`)
	fmt.Printf("%q %v\n", s, err)
	_, err = strconv.Unquote("noquotes")
	fmt.Println(err)
	buf := strconv.AppendInt([]byte("n="), 12, 10)
	buf = strconv.AppendQuote(append(buf, ' '), "x")
	fmt.Println(string(buf))
}
