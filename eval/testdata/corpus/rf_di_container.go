// A small dependency-injection container keyed by reflect.Type, and sorting by a field name.
package main

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
)

type Logger struct{ Prefix string }

func (l *Logger) Log(s string) { fmt.Println(l.Prefix + s) }

type Store struct {
	Log  *Logger
	data map[string]int
}

func (s *Store) Put(k string, v int) { s.data[k] = v; s.Log.Log("put " + k) }

type Service struct {
	Store *Store
	Log   *Logger
	Name  string
}

type Container struct {
	providers map[reflect.Type]reflect.Value
}

func (c *Container) Provide(ctor any) {
	fv := reflect.ValueOf(ctor)
	c.providers[fv.Type().Out(0)] = fv
}

func (c *Container) Resolve(t reflect.Type) (reflect.Value, error) {
	ctor, ok := c.providers[t]
	if !ok {
		return reflect.Value{}, fmt.Errorf("no provider for %v", t)
	}
	ft := ctor.Type()
	args := make([]reflect.Value, ft.NumIn())
	for i := range args {
		a, err := c.Resolve(ft.In(i))
		if err != nil {
			return reflect.Value{}, fmt.Errorf("resolving %s: %w", t, err)
		}
		args[i] = a
	}
	return ctor.Call(args)[0], nil
}

type byField struct {
	rows  []Service
	field string
}

func (b byField) Len() int      { return len(b.rows) }
func (b byField) Swap(i, j int) { b.rows[i], b.rows[j] = b.rows[j], b.rows[i] }
func (b byField) Less(i, j int) bool {
	x := reflect.ValueOf(b.rows[i]).FieldByName(b.field)
	y := reflect.ValueOf(b.rows[j]).FieldByName(b.field)
	return x.String() < y.String()
}

func main() {
	c := &Container{providers: map[reflect.Type]reflect.Value{}}
	c.Provide(func() *Logger { return &Logger{"[app] "} })
	c.Provide(func(l *Logger) *Store { return &Store{Log: l, data: map[string]int{}} })
	c.Provide(func(s *Store, l *Logger) Service { return Service{s, l, "svc"} })
	v, err := c.Resolve(reflect.TypeOf(Service{}))
	fmt.Println(err, v.Type(), v.Type().NumField())
	svc := v.Interface().(Service)
	svc.Store.Put("a", 1)
	fmt.Println(svc.Name, svc.Store.data, svc.Log == svc.Store.Log)
	_, err = c.Resolve(reflect.TypeOf(0))
	fmt.Println(err)
	c.providers[reflect.TypeOf(&Logger{})] = reflect.ValueOf(func(x int) *Logger { return nil })
	_, err = c.Resolve(reflect.TypeOf(Service{}))
	fmt.Println(err, errors.Unwrap(errors.Unwrap(err)))
	rows := []Service{{Name: "zeta"}, {Name: "alpha"}, {Name: "mid"}}
	sort.Sort(byField{rows, "Name"})
	for _, r := range rows {
		fmt.Print(r.Name, " ")
	}
	fmt.Println()
	types := []reflect.Type{reflect.TypeOf(Logger{}), reflect.TypeOf(&Store{}), reflect.TypeOf(rows)}
	for _, t := range types {
		fmt.Printf("%-16v %-6s %q\n", t, t.Kind(), t.Name())
	}
}
