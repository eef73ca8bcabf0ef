package main

import (
	"errors"
	"fmt"
)

type ParseError struct {
	Line int
	Msg  string
}

func (e ParseError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

type FatalError struct{ Code int }

func (e *FatalError) Error() string { return fmt.Sprintf("fatal %d", e.Code) }

func mayPanic(n int) (res string, err error) {
	defer func() {
		if r := recover(); r != nil {
			switch v := r.(type) {
			case ParseError:
				err = fmt.Errorf("recovered parse: %w", v)
			case *FatalError:
				err = v
			case error:
				err = fmt.Errorf("runtime: %v", v)
			default:
				err = fmt.Errorf("unknown %T: %v", v, v)
			}
		}
	}()
	switch n {
	case 0:
		panic(ParseError{7, "bad token"})
	case 1:
		panic(&FatalError{42})
	case 2:
		var a []int
		_ = a[n]
	case 3:
		panic(fmt.Sprintf("str %d", n))
	case 4:
		var m map[string]int
		m["x"] = 1
	case 5:
		x := 0
		_ = 10 / x
	case 6:
		var p *ParseError
		_ = p.Line
	case 7:
		var i any = "s"
		_ = i.(int)
	}
	return "ok", nil
}

func main() {
	for n := 0; n <= 8; n++ {
		res, err := mayPanic(n)
		fmt.Printf("%d: %q %v\n", n, res, err)
		var pe ParseError
		var fe *FatalError
		if errors.As(err, &pe) {
			fmt.Printf("   ParseError line=%d %T\n", pe.Line, pe)
		}
		if errors.As(err, &fe) {
			fmt.Printf("   FatalError code=%d %T %v\n", fe.Code, fe, fe)
		}
	}
	func() {
		defer func() {
			r := recover()
			fmt.Printf("%v|%T\n", r, r)
			err, ok := r.(error)
			fmt.Println(ok, err)
		}()
		panic(ParseError{1, "x"})
	}()
	func() {
		defer func() {
			r := recover()
			fmt.Printf("%v|%+v|%T\n", r, r, r)
		}()
		panic(&FatalError{3})
	}()
	func() {
		defer func() {
			fmt.Println("outer", recover())
		}()
		defer func() {
			panic(fmt.Sprint("second ", recover()))
		}()
		panic("first")
	}()
}
