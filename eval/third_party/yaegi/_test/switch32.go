package main

func main() {
	a := 1
	switch a {
	}
	println("bye", a)
}

// Output:
// bye 1
