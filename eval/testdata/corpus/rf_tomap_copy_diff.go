// Struct to map and back, deep copy and a field diff: helpers people write for configs.
package main

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
)

type Point struct{ X, Y int }

type Settings struct {
	Title   string            `map:"title"`
	Size    int               `map:"size"`
	Origin  Point             `map:"origin"`
	Labels  map[string]string `map:"labels"`
	Weights []float64         `map:"weights"`
	hidden  bool
}

func toMap(v any) map[string]any {
	out := map[string]any{}
	rv := reflect.Indirect(reflect.ValueOf(v))
	rt := rv.Type()
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		if f.PkgPath != "" {
			continue
		}
		key := f.Tag.Get("map")
		if key == "" {
			key = strings.ToLower(f.Name)
		}
		fv := rv.Field(i)
		if fv.Kind() == reflect.Struct {
			out[key] = toMap(fv.Interface())
		} else {
			out[key] = fv.Interface()
		}
	}
	return out
}

func deepCopy(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		for i := 0; i < v.NumField(); i++ {
			if c.Field(i).CanSet() {
				c.Field(i).Set(deepCopy(v.Field(i)))
			}
		}
		return c
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			c.Index(i).Set(deepCopy(v.Index(i)))
		}
		return c
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeMapWithSize(v.Type(), v.Len())
		iter := v.MapRange()
		for iter.Next() {
			c.SetMapIndex(iter.Key(), deepCopy(iter.Value()))
		}
		return c
	}
	return v
}

func diff(a, b any) []string {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	var out []string
	for _, f := range reflect.VisibleFields(va.Type()) {
		if !f.IsExported() {
			continue
		}
		x, y := va.FieldByIndex(f.Index), vb.FieldByIndex(f.Index)
		if !reflect.DeepEqual(x.Interface(), y.Interface()) {
			out = append(out, fmt.Sprintf("%s: %v -> %v", f.Name, x, y))
		}
	}
	return out
}

func main() {
	s := Settings{"demo", 3, Point{1, 2}, map[string]string{"a": "x"}, []float64{0.5}, true}
	m := toMap(&s)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%s=%v (%T)\n", k, m[k], m[k])
	}
	c := deepCopy(reflect.ValueOf(s)).Interface().(Settings)
	c.Labels["a"] = "changed"
	c.Weights[0] = 9
	c.Origin.X = 5
	fmt.Println(s.Labels["a"], s.Weights[0], s.Origin, c.hidden)
	for _, d := range diff(s, c) {
		fmt.Println(d)
	}
	fmt.Println(reflect.DeepEqual(s, c), reflect.DeepEqual(s, s))
}
