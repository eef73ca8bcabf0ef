package main

import (
	"errors"
	"fmt"
	"net/http"
)

type StatusError struct {
	Code int
	Op   string
}

func (e StatusError) Error() string {
	return fmt.Sprintf("%s: %d %s", e.Op, e.Code, http.StatusText(e.Code))
}

func (e StatusError) Is(target error) bool {
	switch target {
	case ErrClient:
		return e.Code >= 400 && e.Code < 500
	case ErrServer:
		return e.Code >= 500
	}
	return false
}

var (
	ErrClient = errors.New("client error")
	ErrServer = errors.New("server error")
)

type RetryError struct {
	Attempts int
	Last     error
}

func (r *RetryError) Error() string { return fmt.Sprintf("after %d attempts: %v", r.Attempts, r.Last) }
func (r *RetryError) Unwrap() error { return r.Last }

func call(code int) error {
	if code == 200 {
		return nil
	}
	err := error(StatusError{code, "GET /items"})
	if code >= 500 {
		return &RetryError{3, err}
	}
	return err
}

func main() {
	for _, code := range []int{200, 404, 429, 503} {
		err := call(code)
		var se StatusError
		var re *RetryError
		fmt.Printf("%d client=%-5v server=%-5v status=%-5v retry=%-5v %v\n", code,
			errors.Is(err, ErrClient), errors.Is(err, ErrServer), errors.As(err, &se), errors.As(err, &re), err)
		if se.Code != 0 {
			fmt.Println("   code from As:", se.Code)
		}
	}
	fmt.Println(errors.Is(StatusError{500, "x"}, StatusError{500, "x"}))
}
