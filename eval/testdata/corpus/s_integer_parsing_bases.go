package main

import (
	"fmt"
	"strconv"
)

func main() {
	for _, s := range []string{"0x1F", "0o17", "0b101", "42", "-0x10", "1_000"} {
		n, err := strconv.ParseInt(s, 0, 64)
		fmt.Println(s, n, err)
	}
	fmt.Println(0x1F, 0o17, 0b101, 1_000_000, 'a', 0x1p-2)
}
