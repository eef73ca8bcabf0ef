package main

import "fmt"

type State int

const (
	Idle State = iota
	Running
	Paused
	Stopped
)

var names = map[State]string{Idle: "idle", Running: "running", Paused: "paused", Stopped: "stopped"}

func (s State) String() string { return names[s] }

type Event string

var transitions = map[State]map[Event]State{
	Idle:    {"start": Running},
	Running: {"pause": Paused, "stop": Stopped},
	Paused:  {"resume": Running, "stop": Stopped},
}

func main() {
	s := Idle
	for _, e := range []Event{"start", "pause", "bogus", "resume", "stop", "start"} {
		next, ok := transitions[s][e]
		if !ok {
			fmt.Printf("%v: %s ignored\n", s, e)
			continue
		}
		fmt.Printf("%v -> %v\n", s, next)
		s = next
	}
}
