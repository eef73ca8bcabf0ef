package main

import "fmt"

// Comparing interfaces holding uncomparable values panics as Go does.
type Bag struct{ Items []string }

func (b Bag) Len() int { return len(b.Items) }

type Tag struct{ Name string }

func (t Tag) String() string { return "#" + t.Name }

func try(what string, f func() bool) {
	defer func() {
		if r := recover(); r != nil {
			err, isErr := r.(error)
			fmt.Println(what, "panic:", r, isErr && err != nil)
		}
	}()
	fmt.Println(what, f())
}

func main() {
	var x, y any = Bag{[]string{"a"}}, Bag{[]string{"a"}}
	var t1, t2 any = Tag{"go"}, Tag{"go"}
	try("bags", func() bool { return x == y })
	try("bag vs tag", func() bool { return x == t1 })
	try("tags", func() bool { return t1 == t2 })
	try("map key", func() bool {
		m := map[any]bool{}
		m[x] = true
		return m[x]
	})
	try("map tag key", func() bool {
		m := map[any]bool{}
		m[t1] = true
		return m[t2]
	})
	type Pair struct {
		A, B any
	}
	try("pairs", func() bool { return Pair{t1, 1} == Pair{t2, 1} })
	try("pairs with bag", func() bool { return Pair{x, 1} == Pair{y, 1} })
}
