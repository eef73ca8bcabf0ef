// Custom error types: Error() used when printing, inside slices and maps, and wrapped.
package main

import "fmt"

type NotFound struct{ Key string }

func (e NotFound) Error() string { return "not found: " + e.Key }

type Timeout struct{ Secs int }

func (e *Timeout) Error() string { return fmt.Sprintf("timeout after %ds", e.Secs) }

func lookup(k string) error {
	if k == "" {
		return nil
	}
	return NotFound{k}
}

func main() {
	var err error = NotFound{"a"}
	fmt.Println(err)
	err = &Timeout{3}
	fmt.Println(err, err.Error())
	fmt.Println(lookup("b"), lookup(""))
	errs := []error{NotFound{"x"}, &Timeout{1}, nil}
	fmt.Println(errs)
	fmt.Println(map[string]error{"k": NotFound{"k"}})
	w := fmt.Errorf("query: %w", NotFound{"q"})
	fmt.Println(w)
	fmt.Printf("%v | %s | %q\n", err, err, NotFound{"z"})
}
