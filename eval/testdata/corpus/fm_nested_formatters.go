// Formatters nested in struct fields, maps, arrays and pointers, a pointer-receiver table
// Format using the width, and formatters held in fmt.Formatter and fmt.Stringer values.
package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

type Celsius float64
type Fahrenheit float64

func (c Celsius) Format(s fmt.State, verb rune) {
	switch verb {
	case 'v', 's':
		prec, ok := s.Precision()
		if !ok {
			prec = 1
		}
		io.WriteString(s, strconv.FormatFloat(float64(c), 'f', prec, 64)+"°C")
	default:
		fmt.Fprintf(s, fmt.FormatString(s, verb), float64(c))
	}
}

func (f Fahrenheit) String() string { return fmt.Sprintf("%.1f°F", float64(f)) }

type Reading struct {
	Sensor string
	C      Celsius
	F      Fahrenheit
	Tags   map[string]Celsius
	Hist   [3]Celsius
	Ptr    *Celsius
}

type Table struct {
	rows [][]any
}

func (t *Table) Format(s fmt.State, verb rune) {
	for _, r := range t.rows {
		cells := make([]string, len(r))
		for i, c := range r {
			if w, ok := s.Width(); ok {
				cells[i] = fmt.Sprintf("%-*v", w, c)
			} else {
				cells[i] = fmt.Sprint(c)
			}
		}
		fmt.Fprintln(s, strings.Join(cells, "|"))
	}
}

func main() {
	c := Celsius(21.456)
	r := Reading{"s1", c, 70.5, map[string]Celsius{"max": 30, "min": -2.25}, [3]Celsius{1, 2, 3}, &c}
	fmt.Printf("%v\n", r)
	fmt.Printf("%+v\n", r.Tags)
	fmt.Printf("%.3v %e %08.2f %x\n", c, c, c, c)
	fmt.Fprintln(os.Stdout, r.Hist, r.F, *r.Ptr)
	t := &Table{rows: [][]any{{"a", Celsius(1)}, {Fahrenheit(2), 3}}}
	fmt.Printf("%6v", t)
	fmt.Print(t)
	var x fmt.Formatter = c
	fmt.Println(x)
	var st fmt.Stringer = Fahrenheit(3)
	fmt.Printf("%v %s %q\n", st, st, st)
	fmt.Println(fmt.Sprintf("%v", []fmt.Formatter{c, Celsius(0)}))
}
