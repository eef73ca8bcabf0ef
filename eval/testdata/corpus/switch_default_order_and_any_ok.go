package main

import "fmt"

// A switch tries its cases in the order of the source and default last, and fallthrough
// goes to the next clause of the source, default included (Go's test switch.go). The
// status of a comma-ok form may be an interface (Go's test fixedbugs/issue16870.go), and
// so may a tagless switch's case, compared with true.

func classify(x int) string {
	s := ""
	switch {
	default:
		s += "default "
	case x < 0:
		s += "negative "
		fallthrough
	case x == 0:
		s += "small "
	case x > 100:
		s += "big "
		fallthrough
	case x > 1000:
		s += "end"
	}
	return s
}

func main() {
	count := 0
	switch {
	default:
		count++
		fallthrough
	case false:
		count++
	}
	fmt.Println(count)

	for _, x := range []int{-1, 0, 5, 500} {
		fmt.Printf("%d: %q\n", x, classify(x))
	}

	for _, v := range []int{1, 2, 3, 4} {
		var trace []string
		switch v {
		case 1:
			trace = append(trace, "one")
			fallthrough
		default:
			trace = append(trace, "default")
			fallthrough
		case 3:
			trace = append(trace, "three")
		case 4:
			trace = append(trace, "four")
		}
		fmt.Println(v, trace)
	}

	switch i := interface{}(true); {
	case i:
		fmt.Println("interface case true")
	default:
		fmt.Println("default")
	}
	switch i := any("yes"); {
	case i:
		fmt.Println("string matched")
	default:
		fmt.Println("not true")
	}

	var i int
	var ok interface{}
	c := make(chan int, 1)
	c <- 42
	i, ok = <-c
	fmt.Println(i, ok)
	c <- 7
	select {
	case i, ok = <-c:
		fmt.Println(i, ok)
	}
	m := map[int]int{1: 2}
	i, ok = m[1]
	fmt.Println(i, ok)
	_, ok = m[3]
	fmt.Println(ok)
	var u interface{} = 5
	i, ok = u.(int)
	fmt.Println(i, ok)
	_, ok = u.(string)
	fmt.Println(ok)
	var ip *int
	ip, ok = u.(*int)
	fmt.Println(ip, ok)
	close(c)
	i, ok = <-c
	fmt.Printf("%d %v %T\n", i, ok, ok)
}
