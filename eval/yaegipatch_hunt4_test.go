package eval

import "testing"

// Tests of the yaegi patches the hunter4 branch added (eval/third_party/yaegi/PATCHES.md,
// 54 on), each on a bare interpreter (yaegiStdout) and in a session (cellStdout), with
// the expected output taken from go run.

// Patch 56: a struct type declared in a function is a type of its own. It was the
// package-level type of the same name (whose fields it rewrote: "cannot convert" for a
// local T with other fields), and two functions' local types of the same name and fields
// were one type: a() == b() was true, a().(T) succeeded and the map held one key, all
// with status ok.
func TestPatchLocalStructTypes(t *testing.T) {
	const body = `
import "fmt"

type T struct{ X int }

func a() any {
	type T struct{ X int }
	return T{1}
}

func b() any {
	type T struct{ X int }
	return T{1}
}

func other() any {
	type T struct {
		Name string
		Age  int
	}
	return T{"ann", 3}
}

func main() {
	fmt.Println(a() == b(), a() == a(), a() == any(T{1}))
	_, ok := a().(T)
	m := map[any]int{a(): 1, b(): 2, T{1}: 3}
	fmt.Println(ok, len(m), m[T{1}])
	fmt.Printf("%+v %v\n", other(), T{4})
}
`
	const want = "false true false\nfalse 3 3\n{Name:ann Age:3} {4}\n"
	if got := yaegiStdout(t, "package main\n"+body); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 56: %T of a value of a struct type declared in a function names the package, as
// Go does (it printed ".T": the identity tag had no package path).
func TestPatchLocalStructTypeName(t *testing.T) {
	got := cellStdout(t, `import "fmt"

func make() []any {
	type Point struct{ X, Y int }
	return []any{Point{1, 2}}
}

func main() {
	for i := 0; i < 2; i++ {
		type P struct{ N int }
		fmt.Printf("%T %#v\n", P{i}, P{i})
	}
	fmt.Printf("%T %v\n", make()[0], make()[0])
}
`)
	want := "main.P main.P{N:0}\nmain.P main.P{N:1}\nmain.Point {1 2}\n"
	if got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 57: a package-level var declaration of several variables from one call of a
// function declared later in the file (`var q, r = divmod(17, 5)`) failed with
// "assignment mismatch: 2 variables but divmod returns 0 values": the function's type
// was not known yet. A single variable worked.
func TestPatchMultiValueVarFromLaterFunc(t *testing.T) {
	const body = `
import "fmt"

var q, r = divmod(17, 5)

var name, ok = lookup("b")

func divmod(a, b int) (int, int) { return a / b, a % b }

func lookup(k string) (string, bool) {
	m := map[string]string{"a": "ann", "b": "bob"}
	v, found := m[k]
	return v, found
}

func main() {
	fmt.Println(q, r, name, ok)
}
`
	const want = "3 2 bob true\n"
	if got := yaegiStdout(t, "package main\n"+body); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 55: a blank identifier on the left of := is never a variable redeclared. After
// `y, _ := g()` (g returning a bool second), `a, b, _ := h()` (h returning an error
// third) failed with "cannot use error value as bool value in assignment": the "_"
// symbol the first left was taken for a variable of the block (patch 44's check).
func TestPatchBlankNotRedeclared(t *testing.T) {
	const body = `
import (
	"fmt"
	"net"
)

func g() (string, bool)           { return "x", true }
func h() (string, string, error) { return "a", "b", nil }

func main() {
	y, _ := g()
	a, b, _ := h()
	host, port, _ := net.SplitHostPort("example.com:80")
	_, n, _ := h()
	fmt.Println(y, a, b, host, port, n)
}
`
	const want = "x a b example.com 80 b\n"
	if got := yaegiStdout(t, "package main\n"+body); got != want {
		t.Errorf("bare interpreter: got:\n%s\nwant (go run):\n%s", got, want)
	}
	if got := cellStdout(t, body); got != want {
		t.Errorf("session: got:\n%s\nwant (go run):\n%s", got, want)
	}
}
