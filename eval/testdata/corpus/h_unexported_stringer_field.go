package main

import (
	"errors"
	"fmt"
	"time"
)

type Level int

func (l Level) String() string { return [...]string{"low", "mid", "high"}[l] }

type task struct {
	name  string
	level Level
	err   error
}

type Task struct {
	Name  string
	Level Level
	Err   error
}

func main() {
	t := task{"build", 2, nil}
	fmt.Println(t)
	fmt.Printf("%v %+v\n", t, t)
	T := Task{"build", 2, errors.New("failed")}
	fmt.Println(T)
	fmt.Printf("%+v\n", T)
	fmt.Println([]task{{"a", 0, nil}}, []Task{{"a", 0, nil}})
	fmt.Println(t.level, T.Level)
	wrap := struct {
		inner Level
		Outer Level
	}{1, 1}
	fmt.Println(wrap)
	type job struct {
		Name    string
		timeout time.Duration
		Every   time.Duration
		levels  []Level
		Levels  map[string]Level
	}
	j := job{"sync", 2 * time.Second, time.Minute, []Level{0, 2}, map[string]Level{"a": 1}}
	fmt.Println(j)
	fmt.Printf("%+v\n", j)
	fmt.Println(j.timeout, j.levels)
}
