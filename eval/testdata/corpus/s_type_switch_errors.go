package main

import (
	"errors"
	"fmt"
	"io"
	"os"
)

func classify(err error) string {
	switch e := err.(type) {
	case nil:
		return "no error"
	case *os.PathError:
		return "path error on " + e.Path
	default:
		if errors.Is(err, io.EOF) {
			return "eof"
		}
		return "other: " + e.Error()
	}
}

func main() {
	_, err := os.Open("/no/such/file")
	fmt.Println(classify(err))
	fmt.Println(classify(nil))
	fmt.Println(classify(fmt.Errorf("read: %w", io.EOF)))
	fmt.Println(classify(errors.New("x")))
}
