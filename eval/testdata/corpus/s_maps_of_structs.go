package main

import (
	"fmt"
	"sort"
)

type Stats struct {
	Count int
	Sum   float64
}

func main() {
	readings := []struct {
		Sensor string
		Value  float64
	}{{"a", 1.5}, {"b", 2}, {"a", 2.5}, {"c", 10}, {"b", 4}}
	stats := map[string]*Stats{}
	for _, r := range readings {
		s, ok := stats[r.Sensor]
		if !ok {
			s = &Stats{}
			stats[r.Sensor] = s
		}
		s.Count++
		s.Sum += r.Value
	}
	names := make([]string, 0, len(stats))
	for n := range stats {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		s := stats[n]
		fmt.Printf("%s n=%d avg=%.2f\n", n, s.Count, s.Sum/float64(s.Count))
	}
	byVal := map[string]Stats{"x": {1, 2}}
	v := byVal["x"]
	v.Count = 100
	fmt.Println(byVal["x"].Count)
}
