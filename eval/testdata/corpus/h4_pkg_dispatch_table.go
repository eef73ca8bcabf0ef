package main

import (
	"fmt"
	"os"
	"strings"
)

var handlers = map[string]func([]string) string{
	"echo":  echo,
	"upper": upper,
	"count": count,
}

var _ = register("boot")

var q, r = divmod(17, 5)

var nextID = func() func() int {
	id := 0
	return func() int { id++; return id }
}()

var defaultShape = Shape{Name: "unit", Sides: sides}
var sides = len(strings.Fields(polygon))
var polygon = "a b c d"

type Shape struct {
	Name  string
	Sides int
}

func (s Shape) Describe() string { return fmt.Sprintf("%s with %d sides", s.Name, s.Sides) }

var describe = defaultShape.Describe

var log []string

func register(name string) int {
	log = append(log, name)
	fmt.Println("registered", name)
	return len(log)
}

func divmod(a, b int) (int, int) { return a / b, a % b }

func echo(args []string) string  { return strings.Join(args, " ") }
func upper(args []string) string { return strings.ToUpper(echo(args)) }
func count(args []string) string { return fmt.Sprint(len(args), " args, prefix ", prefix) }

var prefix = strings.Repeat(">", depth)
var depth = 2

func isEven(n int) bool {
	if n == 0 {
		return true
	}
	return isOdd(n - 1)
}

func isOdd(n int) bool {
	if n == 0 {
		return false
	}
	return isEven(n - 1)
}

func main() {
	for _, cmd := range []string{"echo", "upper", "count", "nope"} {
		h, ok := handlers[cmd]
		if !ok {
			fmt.Fprintln(os.Stdout, "unknown command", cmd)
			continue
		}
		fmt.Println(cmd, "=>", h([]string{"x", "y"}))
	}
	fmt.Println(q, r, nextID(), nextID(), describe(), log)
	fmt.Println(isEven(10), isOdd(7), defaultShape)
}
