package main

import (
	"fmt"
	"time"
)

type Base struct{ ID int }

func (b Base) String() string { return fmt.Sprintf("Base#%d", b.ID) }

type User struct {
	Base
	Name string
}

type PtrBase struct{ ID int }

func (b *PtrBase) String() string { return fmt.Sprintf("PtrBase#%d", b.ID) }

type Doc struct {
	*PtrBase
	Title string
}

type Event struct {
	time.Time
	Label string
}

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°C", float64(t)) }

type Node struct{ v int }

func (n *Node) String() string { return fmt.Sprintf("node(%d)", n.v) }

func main() {
	u := User{Base{7}, "ann"}
	fmt.Println(u)
	fmt.Printf("%v|%+v|%s\n", u, u, u)
	fmt.Println([]User{u}, u.Name)
	d := Doc{&PtrBase{3}, "t"}
	fmt.Println(d)
	fmt.Printf("%v %s\n", d, d.Title)
	ev := Event{time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC), "launch"}
	fmt.Println(ev)
	fmt.Printf("[%8v][%-8v][%x][%q][%d]\n", Temp(21.5), Temp(3), Temp(1), Temp(2), 42)
	var np *Node
	fmt.Println(np)
	fmt.Printf("%v %s\n", np, &Node{4})
	temps := map[Temp]string{30: "hot", -5: "cold", 15: "mild"}
	fmt.Println(temps)
	var nilErr error
	fmt.Printf("%v|%s|%d\n", nilErr, nilErr, []Temp{1, 2})
	fmt.Println(fmt.Sprint(Temp(1), Temp(2)), fmt.Sprint("a", Temp(1), "b"))
}
