// Sentinel errors compared with == and errors.Is in a switch, and error returns.
package main

import (
	"errors"
	"fmt"
	"strconv"
)

var (
	ErrNotFound = errors.New("not found")
	ErrInvalid  = errors.New("invalid")
)

var db = map[int]string{1: "one", 2: "two"}

func get(key string) (string, error) {
	id, err := strconv.Atoi(key)
	if err != nil {
		return "", fmt.Errorf("get %q: %w", key, ErrInvalid)
	}
	v, ok := db[id]
	if !ok {
		return "", fmt.Errorf("get %d: %w", id, ErrNotFound)
	}
	return v, nil
}

func main() {
	for _, k := range []string{"1", "7", "x"} {
		v, err := get(k)
		switch {
		case err == nil:
			fmt.Println("value", v)
		case errors.Is(err, ErrNotFound):
			fmt.Println("missing:", err)
		case errors.Is(err, ErrInvalid):
			fmt.Println("bad key:", err)
		}
	}
	fmt.Println(ErrNotFound == errors.New("not found"))
}
