package main

import (
	"fmt"
	"runtime"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		re, isRuntime := r.(runtime.Error)
		if isRuntime {
			fmt.Printf("%s: runtime error=%v: %s\n", name, isRuntime, re.Error())
			return
		}
		fmt.Printf("%s: %v\n", name, r)
	}()
	f()
}

func main() {
	nums := []int{10, 20, 30}
	arr := [4]string{"a", "b", "c", "d"}
	i, j := 5, 1
	try("index", func() { _ = nums[i] })
	try("negative", func() { k := -1; _ = nums[k+0*i] })
	try("array", func() { _ = arr[i] })
	try("slice high", func() { _ = nums[1 : i+1] })
	try("slice cap", func() { _ = nums[:i:i] })
	try("slice inverted", func() { _ = nums[2:j] })
	try("string index", func() { s := "héllo"; _ = s[i*2] })
	try("string slice", func() { s := "go"; _ = s[j:i] })
	try("ok", func() { fmt.Println(" sum", nums[0]+nums[2]) })
}
