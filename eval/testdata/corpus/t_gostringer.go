// A GoString method controls %#v.
package main

import "fmt"

type Secret string

func (s Secret) GoString() string { return `Secret("***")` }

type Money struct {
	Cents int64
}

func (m Money) GoString() string { return fmt.Sprintf("Money(%d.%02d)", m.Cents/100, m.Cents%100) }

func main() {
	fmt.Printf("%#v\n", Secret("hunter2"))
	fmt.Printf("%#v\n", Money{1234})
	fmt.Printf("%#v\n", []Money{{5}, {100}})
}
