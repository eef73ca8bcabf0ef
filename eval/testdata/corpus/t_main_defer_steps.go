// main runs every step; deferred cleanup runs at the end.
package main

import (
	"fmt"
	"strings"
)

type Config struct {
	Values map[string]any
}

func main() {
	defer fmt.Println("cleanup")
	c := Config{Values: map[string]any{}}
	n := 3
	c.Values["retries"] = n * 2
	c.Values["name"] = strings.ToUpper("svc")
	fmt.Println("step 1", c.Values["retries"])
	total := 0
	for i := 0; i < n; i++ {
		total += i
	}
	c.Values["total"] = total + 1
	fmt.Println("step 2", c.Values["total"])
	if v, ok := c.Values["name"].(string); ok {
		fmt.Println("step 3", v)
	}
	fmt.Println("done", len(c.Values))
}
