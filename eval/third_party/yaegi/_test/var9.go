package main

var a = "sdofjsdfj"
var z = a[0:2]

func main() {
	println(z)
}

// Output:
// sd
