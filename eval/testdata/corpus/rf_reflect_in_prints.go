// reflect values and types printed inside maps, Sprint, Fprintf, Errorf; values made by reflect.
package main

import (
	"fmt"
	"reflect"
	"strings"
)

type P struct {
	X int
	y string
}

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°", float64(t)) }

type Named interface{ Name() string }

func kindOf(v any) string {
	switch reflect.TypeOf(v).Kind() {
	case reflect.Struct:
		return "struct " + reflect.TypeOf(v).Name()
	case reflect.Float64:
		return "float " + reflect.TypeOf(v).String()
	}
	return "other"
}

func main() {
	m := map[string]any{"t": reflect.TypeOf(P{}), "v": reflect.ValueOf(Temp(3))}
	fmt.Println(m)
	fmt.Println(kindOf(P{}), kindOf(Temp(1)), kindOf("s"))
	var sb strings.Builder
	fmt.Fprintf(&sb, "%v/%s", reflect.TypeOf(&P{}), reflect.ValueOf(Temp(2)))
	fmt.Println(sb.String())
	s := fmt.Sprint(reflect.TypeOf([]P{}), " ", reflect.TypeOf(map[Temp]P{}))
	fmt.Println(s)
	err := fmt.Errorf("bad type %v", reflect.TypeOf(P{}))
	fmt.Println(err)
	v := reflect.ValueOf(P{1, "a"})
	fmt.Println(v.NumField(), v.Field(1).Kind(), v.Field(1).String())
	vt := reflect.ValueOf(Temp(5))
	fmt.Println(vt.Interface(), vt.Float(), vt.CanFloat(), vt.Type().Kind() == reflect.Float64)
	var n Named
	fmt.Println(reflect.TypeOf(n) == nil, reflect.ValueOf(n).IsValid())
	ptr := reflect.New(reflect.TypeOf(Temp(0)))
	ptr.Elem().SetFloat(7)
	fmt.Println(ptr.Elem(), ptr.Type(), *ptr.Interface().(*Temp))
	sl := reflect.MakeSlice(reflect.TypeOf([]Temp{}), 2, 2)
	sl.Index(1).SetFloat(4)
	fmt.Println(sl, sl.Interface(), sl.Len())
}
