// An enum with iota and a String method, printed alone, in slices and as map keys.
package main

import "fmt"

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
	Wednesday
)

var names = [...]string{"Sun", "Mon", "Tue", "Wed"}

func (d Weekday) String() string {
	if d < 0 || int(d) >= len(names) {
		return fmt.Sprintf("Weekday(%d)", int(d))
	}
	return names[d]
}

func main() {
	fmt.Println(Monday, Wednesday)
	fmt.Println([]Weekday{Tuesday, Sunday})
	fmt.Println(map[Weekday]int{Wednesday: 3, Monday: 1})
	fmt.Printf("%v %d %s %q\n", Tuesday, Tuesday, Tuesday, Tuesday)
	fmt.Println(Weekday(9))
	d := Monday + 2
	fmt.Println(d, d == Wednesday)
	type Shift struct {
		Day   Weekday
		Hours int
	}
	fmt.Printf("%v %+v\n", Shift{Monday, 8}, Shift{Sunday, 4})
}
