// %w of an error recovered from a panic whose type has a Format method: Go calls Format.
package main

import "fmt"

type FE struct{ code int }

func (e FE) Error() string { return "fe" }

func (e FE) Format(f fmt.State, verb rune) { fmt.Fprintf(f, "FE<%d>", e.code) }

func main() {
	defer func() {
		r := recover()
		if e, ok := r.(error); ok {
			fmt.Println(fmt.Errorf("w: %w", e))
		}
	}()
	panic(FE{5})
}
