package main

import (
	"encoding/json"
	"fmt"
	"sort"
)

func main() {
	point := struct{ X, Y int }{1, 2}
	fmt.Println(point, point.X+point.Y)
	fmt.Printf("%+v %T\n", point, point)
	tests := []struct {
		name string
		in   int
		want int
	}{
		{"zero", 0, 0},
		{"one", 1, 1},
		{"ten", 10, 55},
	}
	fib := func(n int) int {
		a, b := 0, 1
		for i := 0; i < n; i++ {
			a, b = b, a+b
		}
		return a
	}
	for _, tc := range tests {
		got := fib(tc.in)
		status := "ok"
		if got != tc.want {
			status = "FAIL"
		}
		fmt.Printf("%-5s %s (%d)\n", tc.name, status, got)
	}
	var cfg struct {
		Name  string `json:"name"`
		Ports []int  `json:"ports"`
		Debug bool   `json:"debug"`
	}
	err := json.Unmarshal([]byte(`{"name":"svc","ports":[80,443],"debug":true}`), &cfg)
	fmt.Println(err, cfg.Name, cfg.Ports, cfg.Debug)
	out, _ := json.Marshal(struct {
		A int    `json:"a"`
		B string `json:"b,omitempty"`
	}{A: 5})
	fmt.Println(string(out))
	a := struct{ X, Y int }{1, 2}
	fmt.Println(a == point)
	type pair = struct {
		K string
		V int
	}
	ps := []pair{{"b", 2}, {"a", 1}, {"c", 0}}
	sort.Slice(ps, func(i, j int) bool { return ps[i].K < ps[j].K })
	fmt.Println(ps)
	counts := map[struct{ a, b int }]int{}
	counts[struct{ a, b int }{1, 2}]++
	counts[struct{ a, b int }{1, 2}]++
	fmt.Println(counts)
	nested := struct {
		Inner struct{ V []string }
		N     *int
	}{}
	nested.Inner.V = append(nested.Inner.V, "x")
	fmt.Printf("%+v\n", nested)
}
