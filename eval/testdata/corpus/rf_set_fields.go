// Loading settings into a struct through a pointer: env-style overrides with reflect.
package main

import (
	"fmt"
	"reflect"
	"strconv"
	"time"
)

type Duration time.Duration

type Limits struct {
	MaxConns int
	Ratio    float64
}

type Config struct {
	Name    string
	Debug   bool
	Workers uint8
	Limits
	Timeout time.Duration
	Peers   []string
	secret  string
	Extra   *Limits
}

func set(dst any, path string, raw string) error {
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return fmt.Errorf("set: need a non-nil pointer, got %v", v.Kind())
	}
	v = v.Elem()
	f := v.FieldByName(path)
	if !f.IsValid() {
		return fmt.Errorf("set: %s has no field %s", v.Type(), path)
	}
	if !f.CanSet() {
		return fmt.Errorf("set: %s.%s cannot be set", v.Type().Name(), path)
	}
	switch f.Kind() {
	case reflect.String:
		f.SetString(raw)
	case reflect.Bool:
		b, err := strconv.ParseBool(raw)
		if err != nil {
			return err
		}
		f.SetBool(b)
	case reflect.Int, reflect.Int64:
		if f.Type() == reflect.TypeOf(time.Duration(0)) {
			d, err := time.ParseDuration(raw)
			if err != nil {
				return err
			}
			f.SetInt(int64(d))
			return nil
		}
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil {
			return err
		}
		if f.OverflowInt(n) {
			return fmt.Errorf("set: %d overflows %s", n, f.Type())
		}
		f.SetInt(n)
	case reflect.Uint8:
		n, err := strconv.ParseUint(raw, 10, 64)
		if err != nil {
			return err
		}
		if f.OverflowUint(n) {
			return fmt.Errorf("set: %d overflows %s", n, f.Type())
		}
		f.SetUint(n)
	case reflect.Float64:
		x, err := strconv.ParseFloat(raw, 64)
		if err != nil {
			return err
		}
		f.SetFloat(x)
	case reflect.Slice:
		f.Set(reflect.Append(f, reflect.ValueOf(raw)))
	case reflect.Pointer:
		nv := reflect.New(f.Type().Elem())
		f.Set(nv)
	default:
		return fmt.Errorf("set: unsupported kind %s", f.Kind())
	}
	return nil
}

func main() {
	var c Config
	for _, kv := range [][2]string{
		{"Name", "edge"}, {"Debug", "true"}, {"Workers", "300"}, {"Workers", "8"},
		{"MaxConns", "64"}, {"Ratio", "0.75"}, {"Timeout", "1m30s"}, {"Peers", "a"}, {"Peers", "b"},
		{"secret", "x"}, {"Missing", "1"}, {"Extra", ""}, {"Debug", "maybe"},
	} {
		if err := set(&c, kv[0], kv[1]); err != nil {
			fmt.Println("error:", err)
		}
	}
	extra := c.Extra
	c.Extra = nil
	fmt.Printf("%+v %+v\n", c, *extra)
	fmt.Println(set(c, "Name", "x"))
	v := reflect.ValueOf(&c).Elem()
	sec := v.FieldByName("secret")
	fmt.Println(sec.IsValid(), sec.CanSet(), sec.CanAddr(), sec.CanInterface(), sec.String(), sec.Type())
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		sec.SetString("leak")
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		_ = sec.Interface()
	}()
	lim := v.FieldByIndex([]int{3, 0})
	lim.SetInt(lim.Int() * 2)
	fmt.Println(c.MaxConns, v.Field(3).Type(), v.Type().Field(3).Anonymous)
	p := reflect.New(reflect.TypeOf(Limits{}))
	p.Elem().Field(1).SetFloat(2.5)
	l := p.Interface().(*Limits)
	fmt.Printf("%T %+v\n", l, *l)
}
