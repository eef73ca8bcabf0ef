package main

import (
	"fmt"
	"reflect"
)

type Timestamps struct {
	CreatedAt int64
	UpdatedAt int64
}

type Named interface{ Name() string }

type Post struct {
	Timestamps
	Named
	Title string
	body  string
}

func walk(t reflect.Type, indent string) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		fmt.Printf("%s%s %s anonymous=%v exported=%v index=%v\n", indent, f.Name, f.Type, f.Anonymous, f.IsExported(), f.Index)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			walk(f.Type, indent+"  ")
		}
	}
}

func main() {
	t := reflect.TypeOf(Post{})
	walk(t, "")
	f, ok := t.FieldByName("UpdatedAt")
	fmt.Println(ok, f.Index, f.Type)
	v := reflect.ValueOf(Post{Timestamps: Timestamps{1, 2}, Title: "hi"})
	fmt.Println(v.FieldByIndex([]int{0, 1}).Int(), v.FieldByName("CreatedAt").Int())
	fmt.Println(reflect.VisibleFields(t)[2].Name, len(reflect.VisibleFields(t)))
}
