package main

import "fmt"

type Config struct {
	Name    string
	Retries *int
	Verbose *bool
}

func main() {
	c := Config{Name: "svc", Retries: new(3), Verbose: new(true)}
	fmt.Println(c.Name, *c.Retries, *c.Verbose)
	p := new(int)
	fmt.Println(*p)
	s := new([]string)
	*s = append(*s, "x")
	fmt.Println(*s)
	f := new(1.5 * 2)
	fmt.Println(*f)
}
