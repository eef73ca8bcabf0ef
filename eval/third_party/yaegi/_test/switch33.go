package main

func main() {
	var a interface{}
	switch a.(type) {
	}
	println("bye")
}

// Output:
// bye
