// Go 1.22 loop variables: range over slices, maps and strings with closures.
package main

import (
	"fmt"
	"sort"
)

func main() {
	var fs []func() string
	for i, s := range []string{"a", "b", "c"} {
		fs = append(fs, func() string { return fmt.Sprint(i, s) })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	var keys []func() string
	for k := range map[string]bool{"x": true, "y": true} {
		keys = append(keys, func() string { return k })
	}
	var got []string
	for _, f := range keys {
		got = append(got, f())
	}
	sort.Strings(got)
	fmt.Println(got)
	var rs []func() rune
	for _, r := range "héllo" {
		rs = append(rs, func() rune { return r })
	}
	for _, f := range rs {
		fmt.Print(string(f()))
	}
	fmt.Println()
}
