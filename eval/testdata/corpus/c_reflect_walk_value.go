package main

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
)

type Address struct {
	City string
	Zip  string
}

type Person struct {
	Name    string
	Age     int
	Emails  []string
	Home    *Address
	Scores  map[string]int
	Visible bool
}

func dump(v reflect.Value, path string, out *[]string) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			*out = append(*out, path+" = nil")
			return
		}
		dump(v.Elem(), path, out)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			dump(v.Field(i), path+"."+v.Type().Field(i).Name, out)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			dump(v.Index(i), fmt.Sprintf("%s[%d]", path, i), out)
		}
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
		for _, k := range keys {
			dump(v.MapIndex(k), fmt.Sprintf("%s[%q]", path, k.String()), out)
		}
	default:
		*out = append(*out, fmt.Sprintf("%s = %v (%s)", path, v.Interface(), v.Type()))
	}
}

func main() {
	p := Person{"Lin", 33, []string{"l@a.b", "lin@c.d"}, &Address{"Oslo", "0150"},
		map[string]int{"math": 90, "art": 75}, true}
	var lines []string
	dump(reflect.ValueOf(&p), "p", &lines)
	fmt.Println(strings.Join(lines, "\n"))
	lines = nil
	dump(reflect.ValueOf(Person{Name: "Empty"}), "q", &lines)
	fmt.Println(strings.Join(lines, "\n"))
}
