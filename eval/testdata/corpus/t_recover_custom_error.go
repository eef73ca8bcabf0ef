// A panic with a custom error value is recovered and classified.
package main

import (
	"errors"
	"fmt"
)

type ValidationError struct {
	Field string
}

func (e ValidationError) Error() string { return "invalid " + e.Field }

func validate(name string) {
	if name == "" {
		panic(ValidationError{"name"})
	}
	if len(name) > 5 {
		panic("name too long")
	}
}

func safe(name string) (err error) {
	defer func() {
		r := recover()
		switch v := r.(type) {
		case nil:
		case error:
			err = fmt.Errorf("recovered error: %w", v)
		default:
			err = fmt.Errorf("recovered %v", v)
		}
	}()
	validate(name)
	return nil
}

func main() {
	for _, n := range []string{"bob", "", "alexander"} {
		err := safe(n)
		fmt.Println(err)
		var ve ValidationError
		fmt.Println("validation:", errors.As(err, &ve))
	}
}
