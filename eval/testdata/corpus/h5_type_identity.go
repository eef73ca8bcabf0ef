package main

import (
	"context"
	"errors"
	"fmt"
)

type Dog struct{ Name string }
type Cat struct{ Name string }
type Celsius float64
type Kelvin float64
type key string
type otherKey string

type MyErr struct{ Code int }

func (e MyErr) Error() string { return fmt.Sprintf("code %d", e.Code) }

func kind(v any) string {
	switch v.(type) {
	case Dog:
		return "dog"
	case Cat:
		return "cat"
	case Celsius:
		return "celsius"
	case Kelvin:
		return "kelvin"
	case float64:
		return "float64"
	case error:
		return "error"
	}
	return "?"
}

func main() {
	var a any = Cat{"Tom"}
	_, isDog := a.(Dog)
	c, isCat := a.(Cat)
	fmt.Println(isDog, isCat, c.Name)
	for _, v := range []any{Dog{}, Cat{}, Celsius(1), Kelvin(2), 3.0, MyErr{1}, &MyErr{2}} {
		fmt.Print(kind(v), " ")
	}
	fmt.Println()
	ctx := context.WithValue(context.Background(), key("user"), "alice")
	ctx = context.WithValue(ctx, otherKey("user"), "bob")
	fmt.Println(ctx.Value(key("user")), ctx.Value(otherKey("user")), ctx.Value("user"))
	m := map[any]int{key("a"): 1, "a": 2, otherKey("a"): 3}
	fmt.Println(len(m), m[key("a")], m["a"], m[otherKey("a")])
	fmt.Println(any(key("a")) == any("a"), any(Celsius(1)) == any(Kelvin(1)), any(Celsius(1)) == any(Celsius(1)))
	func() {
		defer func() {
			r := recover()
			if err, ok := r.(error); ok {
				var me MyErr
				fmt.Println("recovered error:", err, errors.As(err, &me), me.Code)
			}
		}()
		panic(MyErr{7})
	}()
	var target interface{ Error() string }
	err := fmt.Errorf("wrap: %w", MyErr{9})
	fmt.Println(errors.As(err, &target), target)
	fmt.Printf("%T %T %T\n", a, Celsius(3), err)
}
