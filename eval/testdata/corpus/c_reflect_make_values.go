package main

import (
	"fmt"
	"reflect"
	"strings"
)

type Row struct {
	Name  string
	Score int
}

func collect(rows any, field string) any {
	v := reflect.ValueOf(rows)
	et := v.Type().Elem()
	f, ok := et.FieldByName(field)
	if !ok {
		panic("no field " + field)
	}
	out := reflect.MakeSlice(reflect.SliceOf(f.Type), 0, v.Len())
	for i := range v.Len() {
		out = reflect.Append(out, v.Index(i).FieldByIndex(f.Index))
	}
	return out.Interface()
}

func index(rows any, key string) any {
	v := reflect.ValueOf(rows)
	et := v.Type().Elem()
	kf, _ := et.FieldByName(key)
	m := reflect.MakeMap(reflect.MapOf(kf.Type, et))
	for i := range v.Len() {
		m.SetMapIndex(v.Index(i).FieldByIndex(kf.Index), v.Index(i))
	}
	return m.Interface()
}

func main() {
	rows := []Row{{"ann", 90}, {"bob", 72}}
	names := collect(rows, "Name")
	fmt.Printf("%T %v\n", names, names)
	scores := collect(rows, "Score").([]int)
	fmt.Println(scores[0] + scores[1])
	byName := index(rows, "Name").(map[string]Row)
	fmt.Printf("%T %+v\n", byName, byName["bob"])
	swap := func(in []reflect.Value) []reflect.Value { return []reflect.Value{in[1], in[0]} }
	var swapStr func(string, string) (string, string)
	reflect.ValueOf(&swapStr).Elem().Set(reflect.MakeFunc(reflect.TypeOf(swapStr), swap))
	fmt.Println(swapStr("a", "b"))
	up := reflect.ValueOf(strings.ToUpper).Call([]reflect.Value{reflect.ValueOf("call")})
	fmt.Println(up[0].String())
	p := reflect.New(reflect.TypeOf(Row{}))
	p.Elem().FieldByName("Name").SetString("new")
	fmt.Printf("%T %+v\n", p.Interface(), p.Elem().Interface())
	fmt.Println(reflect.Indirect(p).Type(), reflect.PointerTo(reflect.TypeOf(Row{})))
}
