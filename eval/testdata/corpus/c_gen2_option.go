package main

import (
	"errors"
	"fmt"
	"strconv"
)

type Option[T any] struct {
	val T
	ok  bool
}

func Some[T any](v T) Option[T] { return Option[T]{v, true} }
func None[T any]() Option[T]    { return Option[T]{} }

func (o Option[T]) Get() (T, bool) { return o.val, o.ok }

func (o Option[T]) OrElse(d T) T {
	if o.ok {
		return o.val
	}
	return d
}

func (o Option[T]) String() string {
	if !o.ok {
		return "None"
	}
	return fmt.Sprintf("Some(%v)", o.val)
}

func MapOpt[T, U any](o Option[T], f func(T) U) Option[U] {
	if v, ok := o.Get(); ok {
		return Some(f(v))
	}
	return None[U]()
}

type Result[T any] struct {
	Val T
	Err error
}

func Try[T any](v T, err error) Result[T] { return Result[T]{v, err} }

func (r Result[T]) Must() T {
	if r.Err != nil {
		panic(r.Err)
	}
	return r.Val
}

func find(m map[string]int, k string) Option[int] {
	if v, ok := m[k]; ok {
		return Some(v)
	}
	return None[int]()
}

func main() {
	ages := map[string]int{"ann": 31}
	a, b := find(ages, "ann"), find(ages, "bob")
	fmt.Println(a, b, a.OrElse(0), b.OrElse(-1))
	s := MapOpt(a, func(n int) string { return strconv.Itoa(n * 2) })
	fmt.Println(s, MapOpt(b, strconv.Itoa))
	r := Try(strconv.Atoi("42"))
	fmt.Println(r.Must() + 1)
	bad := Try(strconv.Atoi("x"))
	defer func() {
		rec := recover()
		err, _ := rec.(error)
		var ne *strconv.NumError
		fmt.Println("recovered:", errors.As(err, &ne), ne.Func)
	}()
	fmt.Println(bad.Must())
}
