package main

import (
	"errors"
	"fmt"
)

type Temporary interface {
	Temporary() bool
}

type netErr struct {
	op   string
	temp bool
}

func (e *netErr) Error() string   { return "net " + e.op }
func (e *netErr) Temporary() bool { return e.temp }

type diskErr struct{ path string }

func (e diskErr) Error() string { return "disk " + e.path }

func retryable(err error) bool {
	var t Temporary
	if errors.As(err, &t) {
		return t.Temporary()
	}
	return false
}

func main() {
	errs := []error{
		&netErr{"dial", true},
		fmt.Errorf("fetch: %w", &netErr{"read", false}),
		fmt.Errorf("outer: %w", fmt.Errorf("inner: %w", &netErr{"write", true})),
		diskErr{"/tmp/x"},
		errors.Join(diskErr{"/a"}, &netErr{"joined", true}),
	}
	for _, e := range errs {
		var t Temporary
		found := errors.As(e, &t)
		fmt.Printf("%-40q as=%-5v retry=%v\n", e.Error(), found, retryable(e))
	}
	var de diskErr
	fmt.Println(errors.As(errs[4], &de), de.path)
}
