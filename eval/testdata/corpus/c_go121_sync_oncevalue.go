package main

import (
	"errors"
	"fmt"
	"strings"
	"sync"
)

var loads int

var config = sync.OnceValue(func() map[string]string {
	loads++
	fmt.Println("loading config")
	return map[string]string{"env": "prod", "region": "eu"}
})

var parsePort = sync.OnceValues(func() (int, error) {
	loads++
	return 0, errors.New("port not set")
})

func main() {
	var wg sync.WaitGroup
	results := make([]string, 4)
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = config()["env"]
		}()
	}
	wg.Wait()
	fmt.Println(strings.Join(results, ","), config()["region"])
	for range 2 {
		p, err := parsePort()
		fmt.Println(p, err)
	}
	fmt.Println("loads:", loads)
	greet := sync.OnceFunc(func() { fmt.Println("hello once") })
	greet()
	greet()
	var once sync.Once
	for i := range 3 {
		once.Do(func() { fmt.Println("once.Do at", i) })
	}
	bad := sync.OnceFunc(func() { panic("boom") })
	for range 2 {
		func() {
			defer func() { fmt.Println("recovered:", recover()) }()
			bad()
		}()
	}
}
