// Cleanup handlers swapped after being deferred, and deferred arguments captured early.
package main

import (
	"fmt"
	"strings"
)

type step struct{ name string }

func (s step) undo()  { fmt.Println("undo", s.name) }
func (s *step) redo() { fmt.Println("redo", s.name) }

func transaction(fail bool) (err error) {
	cleanup := func() { fmt.Println("cleanup: release lock") }
	defer cleanup()
	cleanup = func() { fmt.Println("cleanup: never deferred") }
	log := []string{"begin"}
	defer fmt.Println("log at defer:", log, len(log))
	s := step{"insert"}
	defer s.undo()
	defer s.redo()
	s.name = "update"
	log = append(log, "insert", "update")
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("rolled back: %v", r)
		}
		fmt.Println("log at return:", strings.Join(log, ","))
	}()
	if fail {
		panic("constraint violated")
	}
	return nil
}

func main() {
	fmt.Println("result:", transaction(false))
	fmt.Println("result:", transaction(true))
	var printers []func()
	for i := 0; i < 3; i++ {
		p := func() { fmt.Println("printer", i) }
		printers = append(printers, p)
	}
	func() {
		for _, p := range printers {
			defer p()
		}
	}()
}
