package eval

import "testing"

// Tests of the yaegi patches made by the lead in session 8
// (eval/third_party/yaegi/PATCHES.md), each on a bare interpreter with the expected
// output taken from go run.

// Patch 55: the blank identifier of a short variable declaration is never a variable
// of the block. A range's blank key is a symbol of the loop's scope, and
// `name, arg, _ := strings.Cut(rule, "=")` in the body took `_` for a variable of the
// block of the key's type: "cannot use bool value as int value in assignment".
func TestPatchBlankNotRedeclared(t *testing.T) {
	src := `package main

import (
	"fmt"
	"strconv"
	"strings"
)

func main() {
	rules := []string{"min=3", "max", "len=x"}
	for _, rule := range rules {
		name, arg, _ := strings.Cut(rule, "=")
		n, err := strconv.Atoi(arg)
		fmt.Println(name, arg, n, err != nil)
	}
	for _, _ = range rules {
		k, v, _ := strings.Cut("a:b", ":")
		fmt.Print(k, v, " ")
	}
	fmt.Println()
	for i, _ := range rules {
		a, b, _ := strings.Cut(rules[i], "=")
		fmt.Print(a, b, ";")
	}
	fmt.Println()
}`
	want := "min 3 3 false\nmax  0 true\nlen x 0 true\nab ab ab \nmin3;max;lenx;\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}
