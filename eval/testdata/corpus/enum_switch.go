// An enum type with a String method, switched on and used as map keys and in structs.
package main

import (
	"fmt"
	"sort"
)

type State int

const (
	Idle State = iota
	Running
	Done
)

func (s State) String() string {
	switch s {
	case Idle:
		return "idle"
	case Running:
		return "running"
	case Done:
		return "done"
	}
	return fmt.Sprintf("State(%d)", int(s))
}

type Task struct {
	Name  string
	State State
}

func next(s State) State {
	switch s {
	case Idle:
		return Running
	case Running:
		return Done
	default:
		return s
	}
}

func main() {
	tasks := []Task{{"a", Idle}, {"b", Running}, {"c", Done}}
	counts := map[State]int{}
	for i := range tasks {
		tasks[i].State = next(tasks[i].State)
		counts[tasks[i].State]++
	}
	fmt.Println(tasks)
	fmt.Printf("%+v\n", tasks[0])
	fmt.Println(counts)
	states := []State{Done, Idle, State(7), Running}
	sort.Slice(states, func(i, j int) bool { return states[i] < states[j] })
	fmt.Println(states)
	fmt.Printf("%v|%d|%q|%x\n", Running, Running, Done, Idle)
}
