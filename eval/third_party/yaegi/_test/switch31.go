package main

func main() {
	switch {
	}
	println("bye")
}

// Output:
// bye
