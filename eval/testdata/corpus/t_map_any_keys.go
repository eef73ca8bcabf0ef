// A map keyed by any holds a named string type and a plain string as different keys.
package main

import "fmt"

type key string
type code int

func main() {
	m := map[any]int{key("a"): 1, "a": 2}
	fmt.Println(len(m), m[key("a")], m["a"])
	counts := map[any]string{}
	counts[code(1)] = "code"
	counts[1] = "int"
	counts[int64(1)] = "int64"
	fmt.Println(len(counts), counts[code(1)], counts[1], counts[int64(1)])
}
