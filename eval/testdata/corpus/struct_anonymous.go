// Anonymous structs, struct literals in slices, comparison and printing.
package main

import "fmt"

func main() {
	cfg := struct {
		Host string
		Port int
	}{"localhost", 8080}
	fmt.Println(cfg, cfg.Port)
	fmt.Printf("%+v\n", cfg)
	tests := []struct {
		in   string
		want int
	}{{"a", 1}, {"bb", 2}}
	for _, tc := range tests {
		fmt.Println(tc.in, len(tc.in) == tc.want)
	}
	a := struct{ X, Y int }{1, 2}
	b := struct{ X, Y int }{1, 2}
	fmt.Println(a == b)
	point := struct{ X, Y int }{3, 4}
	type P struct{ X, Y int }
	fmt.Println(P(point))
}
