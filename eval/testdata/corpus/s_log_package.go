package main

import (
	"bytes"
	"fmt"
	"log"
)

func main() {
	var buf bytes.Buffer
	logger := log.New(&buf, "INFO: ", log.Lmsgprefix)
	logger.Println("first")
	logger.Printf("value=%d", 42)
	fmt.Print(buf.String())
	fmt.Println(logger.Prefix(), logger.Flags() == log.Lmsgprefix)
	defer func() {
		r := recover()
		fmt.Println("recovered:", r)
	}()
	logger.Panicf("fatal-ish %s", "problem")
}
