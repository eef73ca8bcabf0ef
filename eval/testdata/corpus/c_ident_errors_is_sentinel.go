package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

var ErrNotFound = errors.New("not found")
var ErrDenied = errors.New("denied")

type codeError struct{ code int }

func (e codeError) Error() string { return fmt.Sprintf("code %d", e.code) }

func (e codeError) Is(target error) bool {
	t, ok := target.(codeError)
	return ok && (t.code == 0 || t.code == e.code)
}

func lookup(key string) error {
	switch key {
	case "missing":
		return fmt.Errorf("lookup %q: %w", key, ErrNotFound)
	case "secret":
		return fmt.Errorf("lookup %q: %w", key, fmt.Errorf("layer: %w", ErrDenied))
	case "code":
		return fmt.Errorf("wrapped: %w", codeError{404})
	case "file":
		_, err := os.Open("/definitely/not/here.txt")
		return err
	}
	return nil
}

func main() {
	for _, k := range []string{"ok", "missing", "secret", "code", "file"} {
		err := lookup(k)
		fmt.Printf("%-8s notfound=%-5v denied=%-5v code404=%-5v anycode=%-5v fsnotexist=%v\n", k,
			errors.Is(err, ErrNotFound), errors.Is(err, ErrDenied),
			errors.Is(err, codeError{404}), errors.Is(err, codeError{}), errors.Is(err, fs.ErrNotExist))
	}
	fmt.Println(errors.Unwrap(lookup("missing")) == ErrNotFound)
}
