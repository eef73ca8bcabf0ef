// defer with a method call: the receiver and the arguments are evaluated at the defer.
package main

import "fmt"

type Logger struct{ prefix string }

func (l Logger) Log(msg string) { fmt.Println(l.prefix + msg) }

type Counter struct{ n int }

func (c *Counter) Show(label string) { fmt.Println(label, c.n) }

func main() {
	l := Logger{"[a] "}
	defer l.Log("first")
	l = Logger{"[b] "}
	defer l.Log("second")
	c := &Counter{}
	defer c.Show("counter")
	c.n = 5
	msg := "hello"
	defer func(m string) { fmt.Println("closure arg", m, "captured", msg) }(msg)
	msg = "bye"
}
