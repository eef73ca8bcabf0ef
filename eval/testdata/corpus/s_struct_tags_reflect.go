package main

import (
	"fmt"
	"reflect"
)

type Config struct {
	Host  string `env:"HOST" default:"localhost"`
	Port  int    `env:"PORT" default:"8080"`
	Debug bool   `env:"DEBUG"`
}

func main() {
	t := reflect.TypeOf(Config{})
	for i := range t.NumField() {
		f := t.Field(i)
		def, ok := f.Tag.Lookup("default")
		fmt.Println(f.Name, f.Type, f.Tag.Get("env"), def, ok)
	}
}
