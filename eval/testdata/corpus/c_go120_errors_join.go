package main

import (
	"errors"
	"fmt"
	"strings"
)

type FieldError struct {
	Field, Problem string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Problem }

var ErrRequired = errors.New("required")

type Signup struct {
	Email, Password string
	Age             int
}

func validate(s Signup) error {
	var errs []error
	if s.Email == "" {
		errs = append(errs, fmt.Errorf("email: %w", ErrRequired))
	} else if !strings.Contains(s.Email, "@") {
		errs = append(errs, &FieldError{"email", "missing @"})
	}
	if len(s.Password) < 8 {
		errs = append(errs, &FieldError{"password", fmt.Sprintf("too short (%d)", len(s.Password))})
	}
	if s.Age < 13 {
		errs = append(errs, &FieldError{"age", "too young"})
	}
	return errors.Join(errs...)
}

func main() {
	cases := []Signup{{"a@b.c", "correcthorse", 30}, {"", "pw", 40}, {"nope", "12345678", 9}}
	for _, c := range cases {
		err := validate(c)
		if err == nil {
			fmt.Println("valid")
			continue
		}
		fmt.Printf("invalid:\n%v\n", err)
		var fe *FieldError
		fmt.Println("  required:", errors.Is(err, ErrRequired), "first field error:", errors.As(err, &fe) && fe != nil, fe)
		if u, ok := err.(interface{ Unwrap() []error }); ok {
			fmt.Println("  count:", len(u.Unwrap()))
		}
	}
	fmt.Println(errors.Join() == nil, errors.Join(nil, nil) == nil)
	fmt.Printf("%q\n", errors.Join(errors.New("a"), nil, errors.New("b")).Error())
}
