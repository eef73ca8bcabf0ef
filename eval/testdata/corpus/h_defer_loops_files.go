package main

import (
	"errors"
	"fmt"
	"strings"
)

type Resource struct {
	name   string
	closed bool
	log    *[]string
}

func Open(name string, log *[]string) (*Resource, error) {
	if strings.HasPrefix(name, "bad") {
		return nil, fmt.Errorf("open %s: %w", name, errors.New("permission denied"))
	}
	*log = append(*log, "open "+name)
	return &Resource{name: name, log: log}, nil
}

func (r *Resource) Close() error {
	if r.closed {
		return errors.New("already closed")
	}
	r.closed = true
	*r.log = append(*r.log, "close "+r.name)
	return nil
}

func process(names []string) (err error) {
	var log []string
	defer func() {
		fmt.Println(strings.Join(log, ", "))
	}()
	for _, n := range names {
		r, err := Open(n, &log)
		if err != nil {
			return err
		}
		defer r.Close()
	}
	return nil
}

func withClose() (err error) {
	var log []string
	r, _ := Open("x", &log)
	defer func() {
		if cerr := r.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	r.Close()
	return nil
}

func counter() (n int) {
	for i := 0; i < 3; i++ {
		defer func() { n += i }()
	}
	return 100
}

func main() {
	fmt.Println(process([]string{"a", "b", "c"}))
	fmt.Println(process([]string{"a", "bad1", "c"}))
	fmt.Println(withClose())
	fmt.Println(counter())
	func() {
		for i := range 3 {
			defer fmt.Print(i, " ")
		}
	}()
	fmt.Println()
	s := []int{1, 2, 3}
	defer fmt.Println("deferred slice", s)
	s[0] = 100
	defer func(v []int) { fmt.Println("arg slice", v) }(s)
	s = append(s, 4)
}
