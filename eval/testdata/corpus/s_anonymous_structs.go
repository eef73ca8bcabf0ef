package main

import (
	"fmt"
)

func main() {
	cfg := struct {
		Host string
		Port int
	}{"localhost", 8080}
	fmt.Printf("%s:%d\n", cfg.Host, cfg.Port)
	tests := []struct {
		in   string
		want int
	}{{"a", 1}, {"abc", 3}, {"", 0}}
	for _, tt := range tests {
		fmt.Println(tt.in, len(tt.in) == tt.want)
	}
	point := struct{ X, Y float64 }{1.5, -2}
	fmt.Printf("%+v\n", point)
}
