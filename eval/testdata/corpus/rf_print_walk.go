// A generic pretty-printer that walks any value with reflect.
package main

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
)

type Level int

func (l Level) String() string { return [...]string{"low", "mid", "high"}[l] }

type Tag struct {
	Key, Value string
}

type Server struct {
	Name    string
	Port    int
	Level   Level
	Tags    []Tag
	Limits  map[string]float64
	Backup  *Server
	private bool
}

func dump(b *strings.Builder, v reflect.Value, indent string) {
	if v.CanInterface() {
		if s, ok := v.Interface().(fmt.Stringer); ok && v.Kind() != reflect.Struct {
			fmt.Fprintf(b, "%s (%s)", s.String(), v.Type())
			return
		}
	}
	switch v.Kind() {
	case reflect.Struct:
		t := v.Type()
		fmt.Fprintf(b, "%s{\n", t.Name())
		for i := 0; i < v.NumField(); i++ {
			f := t.Field(i)
			fmt.Fprintf(b, "%s  %s: ", indent, f.Name)
			if !f.IsExported() {
				fmt.Fprintf(b, "<unexported %s>\n", f.Type)
				continue
			}
			dump(b, v.Field(i), indent+"  ")
			b.WriteString("\n")
		}
		b.WriteString(indent + "}")
	case reflect.Pointer:
		if v.IsNil() {
			fmt.Fprintf(b, "nil(%s)", v.Type())
			return
		}
		b.WriteString("&")
		dump(b, v.Elem(), indent)
	case reflect.Slice:
		fmt.Fprintf(b, "%s[", v.Type())
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			dump(b, v.Index(i), indent)
		}
		b.WriteString("]")
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
		b.WriteString("map[")
		for i, k := range keys {
			if i > 0 {
				b.WriteString(" ")
			}
			fmt.Fprintf(b, "%v=%v", k, v.MapIndex(k))
		}
		b.WriteString("]")
	case reflect.String:
		fmt.Fprintf(b, "%q", v.String())
	default:
		fmt.Fprintf(b, "%v", v)
	}
}

func main() {
	s := Server{Name: "api", Port: 8080, Level: 2, Tags: []Tag{{"env", "prod"}},
		Limits: map[string]float64{"rps": 100, "burst": 20.5},
		Backup: &Server{Name: "api-2", Port: 8081}}
	var b strings.Builder
	dump(&b, reflect.ValueOf(s), "")
	fmt.Println(b.String())
	fmt.Println(reflect.TypeOf(s.Tags), reflect.TypeOf(s.Backup), reflect.TypeOf(s.Level))
	fmt.Printf("%v %s %T\n", reflect.TypeOf(s), reflect.ValueOf(s.Level), reflect.TypeOf(s))
}
