package main

import (
	"fmt"
	"strconv"
)

func main() {
	for _, s := range []string{"42", "-17", "0x1F", "1e3", "  5", "99999999999999999999", ""} {
		n, err := strconv.Atoi(s)
		fmt.Printf("Atoi(%q) = %d, %v\n", s, n, err)
	}
	v, err := strconv.ParseInt("-0x1F", 0, 64)
	fmt.Println(v, err)
	v, err = strconv.ParseInt("300", 10, 8)
	fmt.Println(v, err)
	u, err := strconv.ParseUint("ff", 16, 8)
	fmt.Println(u, err)
	u, err = strconv.ParseUint("-1", 10, 64)
	fmt.Println(u, err)
	f, err := strconv.ParseFloat("3.14159", 64)
	fmt.Println(f, err)
	f, err = strconv.ParseFloat("1e400", 64)
	fmt.Println(f, err)
	b, err := strconv.ParseBool("T")
	fmt.Println(b, err)
	_, err = strconv.ParseBool("yes")
	fmt.Println(err)
	fmt.Println(strconv.FormatInt(-255, 16), strconv.FormatInt(255, 2), strconv.FormatUint(35, 36), strconv.Itoa(-0))
	fmt.Println(strconv.FormatFloat(1.0/3, 'f', 4, 64), strconv.FormatFloat(1e21, 'g', -1, 64), strconv.FormatFloat(0.1, 'e', 3, 32), strconv.FormatFloat(2.5, 'f', -1, 32))
	fmt.Println(strconv.Quote("tab\there \"q\" é\x00"), strconv.QuoteToASCII("é世"), strconv.QuoteRune('☺'))
	s, err := strconv.Unquote(`"a\tb\u00e9"`)
	fmt.Printf("%q %v\n", s, err)
	_, err = strconv.Unquote("noquotes")
	fmt.Println(err)
	buf := strconv.AppendInt([]byte("n="), 12, 10)
	buf = strconv.AppendQuote(buf, "x")
	buf = strconv.AppendBool(buf, false)
	fmt.Println(string(buf))
	ne := &strconv.NumError{Func: "ParseInt", Num: "zz", Err: strconv.ErrSyntax}
	fmt.Println(ne)
}
