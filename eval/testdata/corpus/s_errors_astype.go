package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

type NotFound struct{ Key string }

func (e *NotFound) Error() string { return "not found: " + e.Key }

func lookup(k string) error {
	return fmt.Errorf("lookup: %w", &NotFound{k})
}

func main() {
	err := lookup("x")
	if nf, ok := errors.AsType[*NotFound](err); ok {
		fmt.Println("key", nf.Key)
	}
	_, err = os.Open("/does/not/exist")
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		fmt.Println(pe.Op, pe.Path, errors.Is(err, fs.ErrNotExist))
	}
	if _, ok := errors.AsType[*fs.PathError](lookup("y")); !ok {
		fmt.Println("not a path error")
	}
	j := errors.Join(errors.New("a"), errors.New("b"))
	fmt.Println(j)
}
