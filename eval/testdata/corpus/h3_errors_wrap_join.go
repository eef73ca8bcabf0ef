package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

type NotFound struct {
	Kind, ID string
}

func (e *NotFound) Error() string { return e.Kind + " " + e.ID + " not found" }

type Temporary interface{ Temporary() bool }

type netErr struct{ retry bool }

func (n netErr) Error() string   { return fmt.Sprintf("net error (retry=%v)", n.retry) }
func (n netErr) Temporary() bool { return n.retry }

var ErrPermission = errors.New("permission denied")

func lookup(id string) error {
	switch id {
	case "1":
		return nil
	case "2":
		return fmt.Errorf("lookup %s: %w", id, &NotFound{"user", id})
	case "3":
		return fmt.Errorf("lookup %s: %w", id, netErr{true})
	}
	return fmt.Errorf("lookup %s: %w and %w", id, ErrPermission, netErr{false})
}

func main() {
	for _, id := range []string{"1", "2", "3", "4"} {
		err := lookup(id)
		var nf *NotFound
		var tmp Temporary
		fmt.Printf("%s: %v | notfound=%v temp=%v perm=%v\n", id, err,
			errors.As(err, &nf), errors.As(err, &tmp) && tmp.Temporary(), errors.Is(err, ErrPermission))
	}
	joined := errors.Join(errors.New("a failed"), nil, errors.New("b failed"))
	fmt.Println(joined)
	fmt.Printf("%q\n", joined.Error())
	fmt.Println(errors.Join(nil, nil) == nil)
	wrapped := fmt.Errorf("ctx: %w", joined)
	fmt.Println(errors.Unwrap(wrapped) == joined, errors.Unwrap(joined) == nil)
	_, err := os.Open("/definitely/not/here.txt")
	var pe *fs.PathError
	fmt.Println(errors.As(err, &pe), pe.Op, errors.Is(err, fs.ErrNotExist), errors.Is(err, os.ErrNotExist))
	e1 := errors.New("x")
	e2 := errors.New("x")
	fmt.Println(e1 == e2, errors.Is(e1, e2), fmt.Errorf("%v", e1).Error() == e1.Error())
	noWrap := fmt.Errorf("no wrap: %v", ErrPermission)
	fmt.Println(errors.Is(noWrap, ErrPermission), errors.Unwrap(noWrap))
	var target netErr
	fmt.Println(errors.As(lookup("4"), &target), target.retry)
}
