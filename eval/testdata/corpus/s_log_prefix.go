package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
)

func main() {
	var buf bytes.Buffer
	l := log.New(&buf, "app: ", 0)
	l.Println("started")
	l.SetPrefix("db: ")
	l.Printf("connected to %s", "main")
	fmt.Print(buf.String())
	fmt.Println(l.Prefix(), l.Flags())
	l.SetFlags(log.Lmsgprefix)
	l.SetOutput(os.Stdout)
	l.Print("direct")
	std := log.New(os.Stdout, "", 0)
	std.SetPrefix("[x] ")
	std.Println("done")
}
