package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	os.Setenv("PB_TEST_VAR", "value1")
	fmt.Println(os.Getenv("PB_TEST_VAR"))
	v, ok := os.LookupEnv("PB_TEST_UNSET_VAR")
	fmt.Printf("%q %v\n", v, ok)
	fmt.Println(filepath.Join("a", "b", "../c", "d.txt"), filepath.Ext("x.tar.gz"), filepath.Base("/p/q.go"))
	dir, file := filepath.Split("/usr/local/bin/go")
	fmt.Println(dir, file)
	fmt.Println(strings.Contains(os.ExpandEnv("$PB_TEST_VAR!"), "value1"))
}
