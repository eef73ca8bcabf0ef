// Printing through helpers with a format that is not a constant, with explicit argument
// indexes, and printing functions passed around as values.
package main

import (
	"errors"
	"fmt"
	"log"
	"os"
	"strings"
)

type Point struct{ X, Y int }

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type Money int64

func (m Money) Format(f fmt.State, verb rune) {
	if verb == 'd' {
		fmt.Fprintf(f, "%d", int64(m))
		return
	}
	fmt.Fprintf(f, "$%d.%02d", int64(m)/100, int64(m)%100)
}

type Secret string

func (Secret) GoString() string { return "Secret(***)" }

type NotFound struct{ Key string }

func (e *NotFound) Error() string { return "not found: " + e.Key }

var out strings.Builder

func logf(format string, args ...any) {
	fmt.Fprintf(&out, "[log] "+format+"\n", args...)
}

func errorf(format string, args ...any) error { return fmt.Errorf("app: "+format, args...) }

func each(items []any, print func(...any) (int, error)) {
	for _, it := range items {
		print(it)
	}
}

func main() {
	p := Point{1, 2}
	logf("%v %+v %#v %T", p, p, p, p)
	logf("%T %T %T %T", Celsius(3), Money(5), Secret("s"), &p)
	logf("%v|%s|%d|%v|%#v", Celsius(21.5), Celsius(1), Money(250), Money(250), Secret("pw"))
	logf("%[2]v %[1]v %[2]T", p, Money(7))
	logf("%*d|%-*v|", 5, 42, 8, Celsius(2))
	logf("100%% %v", []Money{1, 2})
	fmt.Print(out.String())
	fmt.Printf("%[1]T %[1]v %[1]d\n", Money(99))
	ptr := &p
	fmt.Println(fmt.Sprintf("%p", ptr) == fmt.Sprintf(strings.TrimSpace(" %p "), ptr))
	err := errorf("lookup %q: %w", "k", &NotFound{"k"})
	var nf *NotFound
	fmt.Println(err, errors.As(err, &nf), nf.Key)
	each([]any{p, Celsius(4), Money(3), Secret("x")}, fmt.Println)
	printers := map[string]func(...any) string{"s": fmt.Sprint, "ln": fmt.Sprintln}
	fmt.Print(printers["s"](Money(1), " ", Celsius(0)), "\n", printers["ln"](p, Money(2)))
	pf := fmt.Printf
	pf("%v %T\n", Money(12), Celsius(1))
	l := log.New(os.Stdout, "> ", 0)
	lp := l.Printf
	lp("%v %v", p, Money(8))
	sf := fmt.Sprintf
	fmt.Println(sf("%#v|%v", Secret("a"), []Celsius{1, 2}))
}
