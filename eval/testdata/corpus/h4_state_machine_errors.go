package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

type State int

const (
	Idle State = iota
	Running
	Paused
	Stopped
)

var stateNames = map[State]string{Idle: "idle", Running: "running", Paused: "paused", Stopped: "stopped"}

func (s State) String() string { return stateNames[s] }

type Transition struct {
	From  State
	Event string
	To    State
	Guard func(*Machine) bool
}

type Machine struct {
	State   State
	Ticks   int
	History []State
	rules   []Transition
}

type TransitionError struct {
	From  State
	Event string
}

func (e *TransitionError) Error() string {
	return fmt.Sprintf("no transition from %v on %q", e.From, e.Event)
}

var ErrGuard = errors.New("guard rejected")

func (m *Machine) Fire(ev string) error {
	for _, t := range m.rules {
		if t.From != m.State || t.Event != ev {
			continue
		}
		if t.Guard != nil && !t.Guard(m) {
			return fmt.Errorf("fire %s: %w", ev, ErrGuard)
		}
		m.History = append(m.History, m.State)
		m.State = t.To
		return nil
	}
	return &TransitionError{m.State, ev}
}

func parseProgram(src string) ([]string, error) {
	var out []string
	for i, line := range strings.Split(strings.TrimSpace(src), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "fire":
			out = append(out, f[1])
		case "tick":
			n, err := strconv.Atoi(f[1])
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", i+1, err)
			}
			for j := 0; j < n; j++ {
				out = append(out, "tick")
			}
		default:
			return nil, fmt.Errorf("line %d: unknown %q", i+1, f[0])
		}
	}
	return out, nil
}

func main() {
	m := &Machine{}
	m.rules = []Transition{
		{Idle, "start", Running, nil},
		{Running, "pause", Paused, nil},
		{Paused, "resume", Running, nil},
		{Running, "stop", Stopped, func(m *Machine) bool { return m.Ticks >= 3 }},
	}
	prog, err := parseProgram(`
fire start
tick 2
fire stop
fire pause
fire start
fire resume
tick 1
fire stop
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, ev := range prog {
		if ev == "tick" {
			m.Ticks++
			continue
		}
		err := m.Fire(ev)
		var te *TransitionError
		switch {
		case err == nil:
			fmt.Printf("%-6s -> %v\n", ev, m.State)
		case errors.As(err, &te):
			fmt.Println("error:", te, te.From)
		case errors.Is(err, ErrGuard):
			fmt.Println("guard:", err, m.Ticks)
		}
	}
	fmt.Println(m.History, m.State, m.Ticks)
	_, err = parseProgram("tick x")
	fmt.Println(err)
	var ne *strconv.NumError
	fmt.Println(errors.As(err, &ne), ne.Func, ne.Num, ne.Err == strconv.ErrSyntax)
	_, err = parseProgram("jump 3")
	fmt.Println(err)
	n := 0
	i := 0
again:
	if i < len(prog) {
		if prog[i] == "tick" {
			n++
		}
		i++
		goto again
	}
	fmt.Println("ticks in program:", n)
}
