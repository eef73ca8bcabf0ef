package main

import (
	"fmt"
	"strings"
)

type Point struct{ X, Y int }
type W struct{ P *Point }
type Temp float64

func addr(s string) bool { return strings.Contains(s, "0x") && !strings.Contains(s, "&") }

func main() {
	p := &Point{1, 2}
	t := Temp(3)
	fmt.Println(addr(fmt.Sprintf("%v", struct{ P *Point }{p})), addr(fmt.Sprintf("%+v", W{p})), addr(fmt.Sprintf("%v", []*Point{p})))
	fmt.Println(addr(fmt.Sprintf("%v", map[string]*Point{"a": p})), addr(fmt.Sprintf("%v", [1]*Temp{&t})), addr(fmt.Sprint([]any{p})))
	fmt.Println(fmt.Sprintf("%v", p), fmt.Sprintf("%+v", p), fmt.Sprintf("%d", W{p})[:1], fmt.Sprintf("%x", []*Point{p})[:1])
	fmt.Println(addr(fmt.Sprintf("%#v", W{p})), strings.HasPrefix(fmt.Sprintf("%#v", W{p}), "main.W{P:(*main.Point)(0x"))
	fmt.Println(fmt.Sprintf("%s", W{p})[:20])
	fmt.Println([]*Point{nil}, W{})
}
