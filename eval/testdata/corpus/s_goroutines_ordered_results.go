package main

import (
	"fmt"
	"strings"
	"sync"
)

func main() {
	inputs := []string{"alpha", "beta", "gamma", "delta"}
	results := make([]string, len(inputs))
	var wg sync.WaitGroup
	for i, s := range inputs {
		wg.Go(func() {
			results[i] = strings.ToUpper(s[:1]) + s[1:]
		})
	}
	wg.Wait()
	fmt.Println(results)
}
