// sort.Sort and sort.Stable with the program's own sort.Interface.
package main

import (
	"fmt"
	"sort"
)

type Person struct {
	Name string
	Age  int
}

type ByAge []Person

func (a ByAge) Len() int           { return len(a) }
func (a ByAge) Swap(i, j int)      { a[i], a[j] = a[j], a[i] }
func (a ByAge) Less(i, j int) bool { return a[i].Age < a[j].Age }

func (p Person) String() string { return fmt.Sprintf("%s(%d)", p.Name, p.Age) }

func main() {
	people := []Person{{"Al", 30}, {"Bo", 25}, {"Cy", 30}, {"Di", 20}}
	sort.Stable(ByAge(people))
	fmt.Println(people)
	sort.Sort(sort.Reverse(ByAge(people)))
	fmt.Println(people[0], len(people))
}
