// Error types defined on integers and strings, matched with errors.As, errors.Is and
// type switches.
package main

import (
	"errors"
	"fmt"
	"strconv"
)

type HTTPStatus int

func (s HTTPStatus) Error() string { return "http " + strconv.Itoa(int(s)) }

type ConfigError string

func (e ConfigError) Error() string { return "config: " + string(e) }

type Retryable int

func (r Retryable) Error() string { return fmt.Sprintf("retry after %ds", int(r)) }

const ErrNotFound = HTTPStatus(404)

func fetch(path string) error {
	switch path {
	case "/missing":
		return fmt.Errorf("fetch %s: %w", path, ErrNotFound)
	case "/busy":
		return fmt.Errorf("fetch %s: %w", path, Retryable(30))
	case "/bad":
		return ConfigError("no base URL")
	case "/down":
		return fmt.Errorf("gateway: %w", HTTPStatus(502))
	}
	return nil
}

func classify(err error) string {
	switch e := err.(type) {
	case nil:
		return "ok"
	case ConfigError:
		return "config problem (" + string(e) + ")"
	case HTTPStatus:
		return "status " + strconv.Itoa(int(e))
	}
	var st HTTPStatus
	if errors.As(err, &st) {
		return fmt.Sprintf("wrapped status %d (%T)", int(st), st)
	}
	var r Retryable
	if errors.As(err, &r) {
		return fmt.Sprintf("retry in %v", int(r))
	}
	return "unknown"
}

func main() {
	for _, p := range []string{"/ok", "/missing", "/busy", "/bad", "/down"} {
		err := fetch(p)
		fmt.Printf("%-8s %-40v %s | notfound=%v\n", p, err, classify(err), errors.Is(err, ErrNotFound))
	}
	var target ConfigError
	fmt.Println(errors.As(fetch("/missing"), &target), errors.As(fetch("/bad"), &target), target)
	fmt.Println(errors.Is(fetch("/down"), HTTPStatus(502)), errors.Is(fetch("/down"), HTTPStatus(503)))
}
