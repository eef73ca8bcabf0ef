package main

import (
	"fmt"
	"time"
)

var d = 2 * time.Second

func main() { fmt.Println(d) }

// Output:
// 2s
