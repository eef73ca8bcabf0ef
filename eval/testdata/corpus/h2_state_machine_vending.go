package main

import "fmt"

type State int

const (
	Idle State = iota
	HasCoin
	Vending
	Empty
)

func (s State) String() string {
	switch s {
	case Idle:
		return "Idle"
	case HasCoin:
		return "HasCoin"
	case Vending:
		return "Vending"
	case Empty:
		return "Empty"
	}
	return fmt.Sprintf("State(%d)", int(s))
}

type Event string

type Machine struct {
	state State
	stock int
	coins int
	log   []string
}

func (m *Machine) On(e Event) error {
	prev := m.state
	switch m.state {
	case Idle:
		if e == "coin" {
			m.coins++
			m.state = HasCoin
		} else {
			return fmt.Errorf("event %q invalid in %v", e, m.state)
		}
	case HasCoin:
		switch e {
		case "push":
			m.state = Vending
		case "refund":
			m.coins--
			m.state = Idle
		default:
			return fmt.Errorf("event %q invalid in %v", e, m.state)
		}
	case Vending:
		m.stock--
		if m.stock == 0 {
			m.state = Empty
		} else {
			m.state = Idle
		}
	case Empty:
		return fmt.Errorf("machine empty (%d coins)", m.coins)
	}
	m.log = append(m.log, fmt.Sprintf("%v-%s->%v", prev, e, m.state))
	return nil
}

func main() {
	m := &Machine{stock: 2}
	events := []Event{"coin", "push", "done", "push", "coin", "refund", "coin", "push", "done", "coin"}
	for i, e := range events {
		if err := m.On(e); err != nil {
			fmt.Printf("%d: error: %v\n", i, err)
		}
	}
	for _, l := range m.log {
		fmt.Println(l)
	}
	fmt.Println(m.state, State(9), m.coins, m.stock)
	fmt.Printf("%v %d %s\n", m.state, m.state, []State{Idle, Empty})
}
