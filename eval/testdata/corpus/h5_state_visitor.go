package main

import (
	"fmt"
	"strings"
)

type State int

const (
	Idle State = iota
	Running
	Done
)

var names = map[State]string{Idle: "idle", Running: "running", Done: "done"}

func (s State) String() string { return names[s] }

type Machine struct {
	state State
	trans map[State][]State
	log   strings.Builder
}

func NewMachine() *Machine {
	return &Machine{trans: map[State][]State{Idle: {Running}, Running: {Done, Idle}}}
}

func (m *Machine) To(s State) error {
	for _, t := range m.trans[m.state] {
		if t == s {
			fmt.Fprintf(&m.log, "%v->%v;", m.state, s)
			m.state = s
			return nil
		}
	}
	return fmt.Errorf("bad transition %v -> %v", m.state, s)
}

type Visitor interface {
	VisitNum(n Num) int
	VisitAdd(a Add) int
}

type Expr interface{ Accept(v Visitor) int }
type Num int
type Add struct{ L, R Expr }

func (n Num) Accept(v Visitor) int { return v.VisitNum(n) }
func (a Add) Accept(v Visitor) int { return v.VisitAdd(a) }

type evaluator struct{ depth int }

func (e *evaluator) VisitNum(n Num) int { return int(n) }
func (e *evaluator) VisitAdd(a Add) int {
	e.depth++
	return a.L.Accept(e) + a.R.Accept(e)
}

func main() {
	m := NewMachine()
	fmt.Println(m.To(Running), m.To(Running), m.To(Done), m.To(Idle))
	fmt.Println(m.log.String(), m.state)
	fmt.Printf("%v %d %s\n", m.state, m.state, State(7))
	ev := &evaluator{}
	e := Add{Num(1), Add{Num(2), Num(3)}}
	fmt.Println(e.Accept(ev), ev.depth)
	fmt.Printf("%v %+v\n", e, e)
	var x Expr = Num(4)
	switch v := x.(type) {
	case Add:
		fmt.Println("add", v.L)
	case Num:
		fmt.Println("num", int(v)+1)
	}
}
