package main

import (
	"errors"
	"fmt"
	"time"
)

type Level int

func (l Level) String() string { return [...]string{"DEBUG", "INFO", "WARN"}[l] }

type Temp float64

func (t *Temp) String() string { return fmt.Sprintf("%.1f°", float64(*t)) }

type ValidationError struct {
	Field string
}

func (v ValidationError) Error() string { return "invalid " + v.Field }

type Report struct {
	Err   error
	Lvl   Level
	When  time.Duration
	Inner struct{ L Level }
	Errs  []error
}

type Wrapper struct {
	T  Temp
	PT *Temp
}

func main() {
	m := map[Level]int{2: 1, 0: 5, 1: 3}
	fmt.Println(m)
	r := Report{Err: ValidationError{"name"}, Lvl: 1, When: time.Second, Errs: []error{ValidationError{"a"}, errors.New("b")}}
	r.Inner.L = 2
	fmt.Printf("%v\n%+v\n", r, r)
	t := Temp(21.5)
	fmt.Println(t, &t)
	w := Wrapper{t, &t}
	fmt.Printf("%v %s\n", w.T, w.PT)
	fmt.Println([]Level{0, 2}, [2]Level{1, 1}, map[string]Level{"x": 2})
	var e error = ValidationError{"f"}
	fmt.Printf("%v|%s|%q|%x\n", e, e, e, e)
	fmt.Println(fmt.Sprint(Level(0), Level(1)), fmt.Sprintln(Level(2), "x"))
	var lp *Level
	fmt.Println(lp == nil)
	fmt.Printf("%d %v %s %q\n", Level(1), Level(1), Level(1), Level(1))
	fmt.Printf("%5s|%-6v|%x\n", Level(0), Level(2), Level(1))
	type pair struct {
		K string
		V any
	}
	fmt.Printf("%v %+v\n", pair{"a", Level(1)}, []pair{{"b", ValidationError{"z"}}, {"c", nil}})
}
