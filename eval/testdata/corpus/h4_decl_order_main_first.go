package main

import (
	"fmt"
	"strings"
)

func main() {
	fmt.Println(limit, half, label, defaultUser.Greet(), len(users), ops["add"](2, 3), ops["mul"](2, 3))
	for _, u := range users {
		fmt.Println(u.Greet())
	}
	fmt.Println(matrix, identity(3))
	fmt.Println(describe(Point{1, 2}), origin, unit.Scale(3))
}

func (u User) Greet() string { return "hi " + u.Name + strings.Repeat("!", u.Level) }

var users = []User{defaultUser, {Name: "zoe", Level: maxLevel}}

var defaultUser = User{Name: "guest", Level: 1}

type User struct {
	Name  string
	Level int
}

const maxLevel = limit / 50

const (
	limit = 100
	half  = limit / 2
	label = "lim" + "it"
)

var ops = map[string]func(int, int) int{
	"add": add,
	"mul": func(a, b int) int { return a * b },
}

func add(a, b int) int { return a + b }

var matrix = identity(2)

func identity(n int) [][]int {
	m := make([][]int, n)
	for i := range m {
		m[i] = make([]int, n)
		m[i][i] = 1
	}
	return m
}

var origin = Point{}
var unit = Point{1, 1}

func (p Point) Scale(k int) Point { return Point{p.X * k, p.Y * k} }

type Point struct{ X, Y int }

func describe(s fmt.Stringer) string { return "<" + s.String() + ">" }

func (p Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }
