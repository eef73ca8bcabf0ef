package main

import (
	"fmt"
	"sort"
	"strconv"
)

type Valid bool

func parseAll(raw map[string]string) (map[string]int, map[string]error) {
	out := map[string]int{}
	errs := map[string]error{}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		var err error
		out[k], err = strconv.Atoi(raw[k])
		if err != nil {
			errs[k] = err
		}
	}
	return out, errs
}

func main() {
	nums, errs := parseAll(map[string]string{"a": "1", "b": "x", "c": "30"})
	fmt.Println(nums, len(errs))

	settings := map[string]any{"name": "gopher", "port": 8080}
	text := map[string]string{}
	valid := map[string]Valid{}
	for _, k := range []string{"name", "port"} {
		text[k], valid[k] = settings[k].(string)
	}
	fmt.Println(text, valid)

	cache := map[int]string{1: "one"}
	seen := map[int]string{}
	var ok bool
	seen[1], ok = cache[1]
	seen[2], ok = cache[2]
	fmt.Println(seen, ok, len(seen))

	events := make(chan string, 1)
	events <- "start"
	last := map[string]string{}
	last["event"], ok = <-events
	fmt.Println(last, ok)
}
