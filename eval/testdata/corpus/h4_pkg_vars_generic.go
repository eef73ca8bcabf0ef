package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

var shapes = []Shape{Circle{1}, Square{2}, &Rect{2, 3}}

var area = Square.Area

var total = Sum([]float64{1.5, 2.5})

var cfg = &Config{Name: "app", Limits: map[string]int{"cpu": 2}}

var logger Logger = &consoleLogger{prefix: "[" + cfg.Name + "] "}

var fib func(int) int

var ErrEmpty = errors.New("empty")

const (
	KB Size = 1 << (10 * (iota + 1))
	MB
	GB
)

type Size int64

func (s Size) String() string {
	switch {
	case s >= GB:
		return fmt.Sprintf("%dG", s/GB)
	case s >= MB:
		return fmt.Sprintf("%dM", s/MB)
	}
	return fmt.Sprintf("%dK", s/KB)
}

type Shape interface{ Area() float64 }
type Circle struct{ R float64 }
type Square struct{ S float64 }
type Rect struct{ W, H float64 }

func (c Circle) Area() float64 { return 3 * c.R * c.R }
func (s Square) Area() float64 { return s.S * s.S }
func (r *Rect) Area() float64  { return r.W * r.H }

type Config struct {
	Name   string
	Limits map[string]int
}

func (c *Config) Set(k string, v int) { c.Limits[k] = v }

type Logger interface{ Log(string) }
type consoleLogger struct {
	prefix string
	n      int
}

func (l *consoleLogger) Log(s string) {
	l.n++
	fmt.Printf("%s%d %s\n", l.prefix, l.n, s)
}

type Number interface{ ~int | ~float64 }

func Sum[T Number](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func init() {
	fib = func(n int) int {
		if n < 2 {
			return n
		}
		return fib(n-1) + fib(n-2)
	}
}

func first(xs []string) (string, error) {
	if len(xs) == 0 {
		return "", fmt.Errorf("first: %w", ErrEmpty)
	}
	return xs[0], nil
}

func main() {
	sort.Slice(shapes, func(i, j int) bool { return shapes[i].Area() < shapes[j].Area() })
	for _, s := range shapes {
		fmt.Printf("%T %.1f\n", s, s.Area())
	}
	fmt.Println(area(Square{3}), total, fib(15))
	cfg.Set("mem", 4)
	keys := make([]string, 0)
	for k := range cfg.Limits {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	logger.Log(strings.Join(keys, ","))
	logger.Log("done")
	_, err := first(nil)
	fmt.Println(err, errors.Is(err, ErrEmpty))
	fmt.Println(KB, MB*3, GB, Size(512), []Size{KB, 2 * MB})
	fmt.Printf("%v %d %s\n", MB, MB, GB)
}
