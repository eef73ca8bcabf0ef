// A nil pointer stored in an interface is not a nil interface.
package main

import "fmt"

type MyErr struct{}

func (*MyErr) Error() string { return "my error" }

func mayFail(fail bool) error {
	var p *MyErr
	if fail {
		p = &MyErr{}
	}
	return p
}

func clean() error { return nil }

func main() {
	err := mayFail(false)
	fmt.Println(err == nil)
	fmt.Println(clean() == nil)
	var i any
	fmt.Println(i == nil)
	var ip *int
	i = ip
	fmt.Println(i == nil, ip == nil)
	fmt.Println(mayFail(true))
}
