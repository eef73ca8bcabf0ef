// errors.As with an interface-typed target finds errors that have a Temporary method.
package main

import (
	"errors"
	"fmt"
)

type temporary interface {
	Temporary() bool
}

type NetError struct {
	Op   string
	temp bool
}

func (e *NetError) Error() string   { return "net: " + e.Op }
func (e *NetError) Temporary() bool { return e.temp }

func fetch(i int) error {
	if i%2 == 0 {
		return fmt.Errorf("fetch %d: %w", i, &NetError{Op: "dial", temp: i == 2})
	}
	return errors.New("not found")
}

func main() {
	for i := 1; i <= 4; i++ {
		err := fetch(i)
		var t temporary
		if errors.As(err, &t) {
			fmt.Println(err, "temporary:", t.Temporary())
		} else {
			fmt.Println(err, "no temporary info")
		}
	}
}
