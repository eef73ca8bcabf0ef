package main

import (
	"encoding/json"
	"fmt"
)

type Base struct {
	ID      int    `json:"id"`
	Created string `json:"created"`
}

func (b Base) Describe() string { return fmt.Sprintf("#%d@%s", b.ID, b.Created) }
func (b *Base) SetID(id int)    { b.ID = id }

type User struct {
	Base
	Name  string `json:"name"`
	Email string `json:"email,omitempty"`
}

type Admin struct {
	*User
	Level int
}

type Named struct{ Name string }
type Conflict struct {
	Named
	User
}

func main() {
	u := User{Base{1, "2024-01-01"}, "ann", ""}
	u.SetID(7)
	fmt.Println(u.ID, u.Base.ID, u.Describe())
	fmt.Printf("%+v\n", u)
	b, _ := json.Marshal(u)
	fmt.Println(string(b))
	var u2 User
	json.Unmarshal([]byte(`{"id":3,"name":"bob","created":"x"}`), &u2)
	fmt.Printf("%+v\n", u2)
	a := Admin{&u, 9}
	a.SetID(11)
	a.Name = "root"
	fmt.Println(u.ID, u.Name, a.Describe(), a.Level)
	c := Conflict{Named{"n"}, u}
	fmt.Println(c.Named.Name, c.User.Name, c.ID)
	type Point struct{ X, Y int }
	type Circle struct {
		Point
		R int
	}
	cc := Circle{Point{1, 2}, 3}
	cc.X += 10
	fmt.Printf("%v %+v\n", cc, cc)
	cp := cc
	cp.Point.Y = 100
	fmt.Println(cc.Y, cp.Y)
}
