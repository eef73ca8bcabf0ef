package main

func main() {
	a := 0
	b := true
	if !b {
		a = 1
	} else {
		a = -1
	}
	println(a)
}

// Output:
// -1
