package eval

import (
	"bytes"
	"reflect"
	"testing"

	stdlib "github.com/peerbook/peerbook/eval/internal/stdlib"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

// Tests of the yaegi patches made by the lead in session 8
// (eval/third_party/yaegi/PATCHES.md), each on a bare interpreter with the expected
// output taken from go run.

// Patch 55: the blank identifier of a short variable declaration is never a variable
// of the block. A range's blank key is a symbol of the loop's scope, and
// `name, arg, _ := strings.Cut(rule, "=")` in the body took `_` for a variable of the
// block of the key's type: "cannot use bool value as int value in assignment".
func TestPatchBlankNotRedeclaredInRange(t *testing.T) {
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

// Patch 58: *p of a nil pointer panics with Go's runtime error where it is evaluated.
// The dereference gave a zero reflect.Value and the operation that used it panicked in
// reflect: a recover printed "reflect: call of reflect.Value.Int on zero Value".
func TestPatchNilDereferenceIsARuntimeError(t *testing.T) {
	src := `package main

import (
	"fmt"
	"runtime"
)

type T struct{ N int }

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRuntime := r.(runtime.Error)
		fmt.Println(name, isRuntime, r)
	}()
	f()
}

func main() {
	var p *int
	var q *T
	try("print", func() { fmt.Println(*p) })
	try("add", func() { x := *p + 1; fmt.Println(x) })
	try("copy", func() { v := *q; fmt.Println(v) })
	try("arg", func() { fmt.Sprint(*q) })
	n := 4
	p = &n
	try("ok", func() { fmt.Println(*p + 1) })
}`
	want := "print true runtime error: invalid memory address or nil pointer dereference\n" +
		"add true runtime error: invalid memory address or nil pointer dereference\n" +
		"copy true runtime error: invalid memory address or nil pointer dereference\n" +
		"arg true runtime error: invalid memory address or nil pointer dereference\n" +
		"5\nok false <nil>\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// testExit is a panic value that ends the interpreted program (an interp.ProgramExit).
type testExit struct{}

func (testExit) PeerbookProgramExit() {}

// Patch 59: a panic value that is an interp.ProgramExit (os.Exit in a cell) unwinds the
// interpreted frames without running their deferred calls, and recover() returns nil
// for it, as os.Exit ends a Go program.
func TestPatchProgramExitSkipsDeferredCalls(t *testing.T) {
	var out bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out, Stderr: &bytes.Buffer{}})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if err := i.Use(interp.Exports{"host/host": {"Exit": reflect.ValueOf(func() { panic(testExit{}) })}}); err != nil {
		t.Fatal(err)
	}
	_, err := i.Eval(`package main

import (
	"fmt"
	"host"
)

func inner() {
	defer fmt.Println("inner deferred")
	host.Exit()
}

func main() {
	defer fmt.Println("main deferred")
	defer func() { fmt.Println("recover:", recover()) }()
	fmt.Println("start")
	inner()
	fmt.Println("after")
}`)
	p, ok := err.(interp.Panic)
	if !ok {
		t.Fatalf("Eval: %v (%T), want the exit panic", err, err)
	}
	if _, isExit := p.Value.(testExit); !isExit {
		t.Errorf("panic value %v, want testExit", p.Value)
	}
	if got := out.String(); got != "start\n" {
		t.Errorf("stdout = %q, want %q: no deferred call runs, no recover stops the exit", got, "start\n")
	}
}
