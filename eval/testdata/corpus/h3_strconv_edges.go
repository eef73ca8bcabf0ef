package main

import (
	"errors"
	"fmt"
	"strconv"
)

func main() {
	ints := []string{"42", "-0", "+7", "0x1F", "1_000", "9223372036854775808", "", " 5", "077"}
	for _, s := range ints {
		n, err := strconv.Atoi(s)
		fmt.Printf("Atoi(%q) = %d, %v\n", s, n, err)
	}
	for _, s := range []string{"0x1F", "0b101", "0o17", "017", "1_000", "-0x80"} {
		n, err := strconv.ParseInt(s, 0, 8)
		fmt.Println(s, n, err)
	}
	u, err := strconv.ParseUint("-1", 10, 64)
	fmt.Println(u, err)
	var ne *strconv.NumError
	_, err = strconv.ParseInt("300", 10, 8)
	fmt.Println(errors.As(err, &ne), errors.Is(err, strconv.ErrRange), ne.Num)
	for _, s := range []string{"3.14", "1e400", "-1e-400", "inf", "-Infinity", "nan", "0x1p-2", "1_0.5"} {
		f, err := strconv.ParseFloat(s, 64)
		fmt.Println(s, f, err)
	}
	for _, s := range []string{"true", "T", "0", "yes"} {
		b, err := strconv.ParseBool(s)
		fmt.Println(s, b, err)
	}
	fmt.Println(strconv.Quote("tab\there \"q\" é\x00"), strconv.QuoteToASCII("héllo☺"))
	q, err := strconv.Unquote(`"a\tb\u00e9"`)
	fmt.Println(q, err)
	_, err = strconv.Unquote(`'ab'`)
	fmt.Println(err)
	fmt.Println(strconv.FormatInt(-255, 16), strconv.FormatInt(255, 2), strconv.FormatUint(1<<63, 36))
	fmt.Println(strconv.Itoa(-0), strconv.QuoteRune('☺'), strconv.AppendInt([]byte("n="), 12, 10))
	b := strconv.AppendQuote(nil, "x")
	fmt.Println(string(b), len(b))
}
