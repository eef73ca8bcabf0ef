// An unlabelled break inside a switch leaves the switch, not the loop.
package main

import "fmt"

func main() {
	for i := 0; i < 4; i++ {
		switch i {
		case 1:
			break
		case 2:
			fmt.Println("two")
			continue
		}
		fmt.Println("i", i)
	}
	var v any = "s"
	for n := 0; n < 2; n++ {
		switch v.(type) {
		case string:
			if n == 0 {
				break
			}
			fmt.Println("string on", n)
		}
		fmt.Println("loop", n)
	}
}
