package main

const itoa64 = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

func main() {
	if itoa64[3] == '1' {
		println("ok")
	}
}

// Output:
// ok
