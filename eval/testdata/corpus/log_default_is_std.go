package main

import (
	"fmt"
	"log"
	"os"
)

func main() {
	log.SetFlags(0)
	log.SetOutput(os.Stdout)
	log.SetPrefix("std: ")
	log.Print("package function")
	d := log.Default()
	d.Print("default logger")
	fmt.Println(d.Prefix(), d.Flags(), d.Writer() == log.Writer())
	d.SetPrefix("changed: ")
	log.Println("package function again")
}
