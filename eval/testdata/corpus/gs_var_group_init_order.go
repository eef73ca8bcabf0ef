package main

import (
	"fmt"
	"strings"
)

var log []string

func step(name string, v int) int {
	log = append(log, name)
	return v
}

// Configuration computed from defaults declared after it, in one group.
var (
	limit    = step("limit", base*factor)
	summary  = fmt.Sprintf("limit=%d name=%s", limit, name)
	base     = step("base", 10)
	factor   = step("factor", 3)
	name     = strings.ToUpper(prefix) + "-" + fmt.Sprint(limit)
	prefix   = "svc"
	_        = step("check", len(summary))
	extra    = step("extra", 1)
	combined = base + extra
)

func main() {
	fmt.Println(summary)
	fmt.Println(combined)
	fmt.Println(strings.Join(log, " "))
}
