// A struct validator driven by tags, as in many web backends.
package main

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

type Address struct {
	Street string `validate:"required"`
	Zip    string `validate:"len=5"`
}

type SignupForm struct {
	Username string `validate:"required,min=3,max=12"`
	Email    string `validate:"required,contains=@"`
	Age      int    `validate:"min=13,max=130"`
	Address
	Nickname string
	password string `validate:"required"`
}

type FieldError struct {
	Field string
	Rule  string
}

func (e FieldError) Error() string { return e.Field + " fails " + e.Rule }

func validate(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer {
		rv = rv.Elem()
	}
	return validateStruct(rv, "")
}

func validateStruct(rv reflect.Value, prefix string) error {
	var errs []error
	rt := rv.Type()
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		fv := rv.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			if err := validateStruct(fv, prefix+f.Name+"."); err != nil {
				errs = append(errs, err)
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("validate")
		if tag == "" {
			continue
		}
		for _, rule := range strings.Split(tag, ",") {
			name, arg, hasArg := strings.Cut(rule, "=")
			if !hasArg && name != "required" {
				continue
			}
			if !check(fv, name, arg) {
				errs = append(errs, FieldError{prefix + f.Name, rule})
			}
		}
	}
	return errors.Join(errs...)
}

func check(v reflect.Value, rule, arg string) bool {
	n, _ := strconv.Atoi(arg)
	switch rule {
	case "required":
		return !v.IsZero()
	case "min":
		if v.Kind() == reflect.String {
			return len(v.String()) >= n
		}
		return v.Int() >= int64(n)
	case "max":
		if v.Kind() == reflect.String {
			return len(v.String()) <= n
		}
		return v.Int() <= int64(n)
	case "len":
		return v.Len() == n
	case "contains":
		return strings.Contains(v.String(), arg)
	}
	return false
}

func main() {
	good := SignupForm{"gopher", "g@go.dev", 30, Address{"Main St", "12345"}, "", "x"}
	fmt.Println("good:", validate(good))
	bad := &SignupForm{Username: "go", Email: "nope", Age: 7, Address: Address{Zip: "123"}}
	err := validate(bad)
	fmt.Println(err)
	var fe FieldError
	fmt.Println(errors.As(err, &fe), fe.Field, fe.Rule)
	t := reflect.TypeOf(bad).Elem()
	f, ok := t.FieldByName("password")
	fmt.Println(f.Name, ok, f.PkgPath, f.Tag, f.Index)
	z, ok := t.FieldByName("Zip")
	fmt.Println(z.Name, ok, z.Index, z.Tag.Get("validate"))
}
