package main

import (
	"errors"
	"fmt"
	"os"
	"strconv"
)

type step struct {
	name string
	in   string
}

func parseAll(steps []step) (total int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered in parseAll: %v", r)
		}
	}()
	for _, s := range steps {
		n, perr := strconv.Atoi(s.in)
		if perr != nil {
			var ne *strconv.NumError
			if errors.As(perr, &ne) {
				fmt.Fprintln(os.Stdout, "bad input:", ne.Func, ne.Num, ne.Err)
			}
			continue
		}
		vals := make([]int, n)
		total += vals[n-1] + n
	}
	return total, nil
}

func main() {
	fmt.Println(parseAll([]step{{"a", "3"}, {"b", "x"}, {"c", "99999999999999999999"}, {"d", "2"}}))
	fmt.Println(parseAll([]step{{"a", "4"}, {"z", "0"}, {"b", "1"}}))
	_, err := strconv.ParseFloat("1e400", 64)
	fmt.Println(err)
	_, err = strconv.ParseBool("yes")
	fmt.Println(err)
}
