package main

import (
	"fmt"
	"reflect"
	"strings"
)

type Config struct {
	Host    string `env:"HOST" default:"localhost"`
	Port    int    `env:"PORT" default:"8080"`
	Debug   bool   `env:"DEBUG"`
	timeout int
	Tags    []string `env:"TAGS"`
}

func describe(v any) {
	t := reflect.TypeOf(v)
	fmt.Println("type:", t.Name(), "kind:", t.Kind(), "pkg:", t.PkgPath(), "fields:", t.NumField())
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		env, ok := f.Tag.Lookup("env")
		fmt.Printf("  %-8s %-9s exported=%-5v env=%q(%v) default=%q\n",
			f.Name, f.Type, f.IsExported(), env, ok, f.Tag.Get("default"))
	}
}

func fill(cfg *Config, vars map[string]string) {
	v := reflect.ValueOf(cfg).Elem()
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		val, ok := vars[f.Tag.Get("env")]
		if !ok || !f.IsExported() {
			continue
		}
		fv := v.Field(i)
		switch fv.Kind() {
		case reflect.String:
			fv.SetString(val)
		case reflect.Int:
			var n int64
			fmt.Sscan(val, &n)
			fv.SetInt(n)
		case reflect.Bool:
			fv.SetBool(val == "1" || val == "true")
		case reflect.Slice:
			fv.Set(reflect.ValueOf(strings.Split(val, ",")))
		}
	}
}

func main() {
	describe(Config{})
	var c Config
	fill(&c, map[string]string{"HOST": "example.com", "PORT": "9000", "DEBUG": "1", "TAGS": "a,b"})
	fmt.Printf("%+v\n", c)
}
