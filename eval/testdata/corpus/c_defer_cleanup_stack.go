package main

import (
	"errors"
	"fmt"
)

type Cleanup struct {
	fns []func() error
}

func (c *Cleanup) Add(name string, fail bool) {
	c.fns = append(c.fns, func() error {
		fmt.Println("cleanup", name)
		if fail {
			return errors.New(name + " failed")
		}
		return nil
	})
}

func (c *Cleanup) Run() error {
	var errs []error
	for i := len(c.fns) - 1; i >= 0; i-- {
		errs = append(errs, c.fns[i]())
	}
	return errors.Join(errs...)
}

func setup(steps []string, failAt int) (err error) {
	var c Cleanup
	defer func() {
		if err != nil {
			if cerr := c.Run(); cerr != nil {
				err = errors.Join(err, cerr)
			}
		}
	}()
	for i, s := range steps {
		if i == failAt {
			return fmt.Errorf("setup %s: boom", s)
		}
		fmt.Println("setup", s)
		c.Add(s, s == "cache")
	}
	return nil
}

func main() {
	fmt.Println("result:", setup([]string{"db", "cache", "queue"}, -1))
	fmt.Println("---")
	err := setup([]string{"db", "cache", "queue", "web"}, 3)
	fmt.Printf("result: %v\n", err)
}
