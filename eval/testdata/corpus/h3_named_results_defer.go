package main

import (
	"errors"
	"fmt"
	"strconv"
)

func parseAll(in []string) (sum int, err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("parseAll(%d items): %w", len(in), err)
			sum = -1
		}
	}()
	for _, s := range in {
		n, err := strconv.Atoi(s)
		if err != nil {
			return sum, err
		}
		sum += n
	}
	return
}

func triple() (x int) {
	defer func() { x *= 3 }()
	x = 2
	return x + 1
}

func shadowed() (n int) {
	defer func() { n++ }()
	{
		n := 100
		_ = n
	}
	return 10
}

func counter() (calls int, last string) {
	for i, s := range []string{"a", "b", "c"} {
		calls = i + 1
		last = s
	}
	return
}

type closer struct{ name string }

func (c *closer) Close() error {
	if c.name == "bad" {
		return errors.New("close " + c.name)
	}
	return nil
}

func useFile(name string) (err error) {
	c := &closer{name}
	defer func() {
		if cerr := c.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	return nil
}

func main() {
	fmt.Println(parseAll([]string{"1", "2", "3"}))
	s, err := parseAll([]string{"4", "x5"})
	fmt.Println(s, err)
	var ne *strconv.NumError
	fmt.Println(errors.As(err, &ne), ne.Func, ne.Num, errors.Is(err, strconv.ErrSyntax))
	fmt.Println(triple(), shadowed())
	fmt.Println(counter())
	fmt.Println(useFile("ok"), useFile("bad"))
}
