package main

import "fmt"

func try(name string, f func()) {
	defer func() { fmt.Println(name, recover()) }()
	f()
}

func main() {
	a := [3]int{1, 2, 3}
	p := &a
	s := []int{1, 2, 3}
	str := "abc"
	var u uint64 = 1<<64 - 1
	var u32 uint32 = 1<<32 - 1
	i, four := -1, 4
	try("arr3", func() { _ = a[0:1:four] })
	try("ptr3", func() { _ = p[0:1:four] })
	try("sl3", func() { _ = s[0:1:four] })
	try("idx-u", func() { _ = s[u] })
	try("arr-idx-u", func() { _ = a[u] })
	try("str-idx-u", func() { _ = str[u] })
	try("sl-hi-u", func() { _ = s[0:u] })
	try("sl-lo-u", func() { _ = s[u:] })
	try("str-lo-u", func() { _ = str[u:] })
	try("sl3-max-u", func() { _ = s[0:1:u] })
	try("sl-lo-u32", func() { _ = s[u32:] })
	try("mixed", func() { _ = s[u:i] })
	try("neg", func() { _ = s[i:] })
}
