package eval

import (
	"strings"
	"testing"
)

// Tests of the yaegi patches about the identity of struct types and of types declared
// in functions (eval/third_party/yaegi/PATCHES.md): struct types with the same fields
// stay distinct, a struct type defined from a named one is its own, local aliases
// denote their types, and a local struct type is its own type, named with its package.
// Named types of predeclared types and of slices and maps of them are
// yaegipatch_named_test.go's. Expected outputs are what `go run` prints for the same
// programs.

// Patch 5: struct types with the same fields stay distinct types in assertions, type
// switches, map keys and errors.As; conversions between them and struct tags still work.
func TestPatchStructIdentity(t *testing.T) {
	got := cellStdout(t, `import (
	"encoding/json"
	"errors"
	"fmt"
)

type Dog struct{ Name string }
type Cat struct{ Name string }

type NotFound struct{ What string }
type Forbidden struct{ What string }

func (e NotFound) Error() string  { return e.What + " not found" }
func (e Forbidden) Error() string { return e.What + " forbidden" }

type User struct {
	Name string `+"`"+`json:"name"`+"`"+`
	Age  int    `+"`"+`json:"age,omitempty"`+"`"+`
}

func kind(v any) string {
	switch v.(type) {
	case Dog:
		return "dog"
	case Cat:
		return "cat"
	}
	return "other"
}

func main() {
	var a any = Cat{"Tom"}
	_, isDog := a.(Dog)
	fmt.Println(isDog, kind(a), kind(Dog{"Rex"}), kind(struct{ Name string }{"x"}))
	m := map[any]int{Dog{"a"}: 1, Cat{"a"}: 2}
	fmt.Println(len(m), m[Dog{"a"}], m[Cat{"a"}])
	err := fmt.Errorf("wrap: %w", Forbidden{"file"})
	var nf NotFound
	var fb Forbidden
	fmt.Println(errors.As(err, &nf), errors.As(err, &fb), fb.What)
	d := Dog(Cat{"conv"})
	fmt.Println(d.Name, a == any(Dog{"Tom"}), a == any(Cat{"Tom"}))
	b, _ := json.Marshal(User{Name: "ann"})
	fmt.Println(string(b))
}
`)
	want := "false cat dog other\n2 1 2\nfalse true file\nconv false true\n{\"name\":\"ann\"}\n"
	if got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 84: a struct type defined from another named struct type (type Alias Base) is a
// type of its own: it kept Base's identity tag (patch 5), so a Base passed x.(Alias),
// matched case Alias and collided with an Alias as a map[any] key, status ok. Found by Go's
// test/fixedbugs/bug201.go.
func TestPatchStructDefinedFromNamedStruct(t *testing.T) {
	src := `package main

import "fmt"

type T1 struct{ x, y int }
type T3 T1

func main() {
	var i any = new(T1)
	_, ok1 := i.(*T1)
	_, ok3 := i.(*T3)
	var j any = T1{}
	_, ok4 := j.(T3)
	var k any = T3{1, 2}
	_, ok5 := k.(T1)
	m := map[any]int{T1{}: 1, T3{}: 2}
	fmt.Println(ok1, ok3, ok4, ok5, len(m), T1(k.(T3)))
}`
	const want = "true false false false 2 {1 2}\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, src); got != want {
		t.Errorf("cell: got %q, want %q", got, want)
	}
	checkCorpusProgram(t, "gs_named_from_named_struct")
}

// Patch 33 and generics patch G9, the same fix made on two branches: a type alias
// declared in a function (type pair = struct{ K string; V int }, type IntBox =
// Box[int], type Celsius = float64) denotes the aliased type; yaegi only handled aliases
// at package level and failed with "definition loop" on the first use of a local one,
// or left it undefined.
func TestPatchLocalTypeAlias(t *testing.T) {
	src := `package main

import (
	"fmt"
	"strings"
)

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°", float64(t)) }

type Box[T any] struct{ V T }

func main() {
	type myint = int
	var a myint = 2
	var b int = a * 3
	type pair = struct {
		K string
		V int
	}
	ps := []pair{{"x", b}}
	var q struct {
		K string
		V int
	} = ps[0]
	type T = Temp
	t := T(21.5)
	type B = strings.Builder
	var sb B
	sb.WriteString(t.String())
	fmt.Printf("%T %d %v %v %s\n", a, b, ps, q, sb.String())
	type IntBox = Box[int]
	type Celsius = float64
	bx := IntBox{3}
	var c Celsius = 21.5
	fmt.Println(bx.V, c)
	fmt.Printf("%T %T\n", bx, c)
}`
	want := "int 6 [{x 6}] {x 6} 21.5°\n3 21.5\nmain.Box[int] float64\n"
	// On a bare interpreter %T of a generic struct instance shows its struct type (the
	// session names it, patch 111 and the rewriter): the last line is compared in the
	// session only.
	bare := strings.Replace(src, "\tfmt.Printf(\"%T %T\\n\", bx, c)\n", "", 1)
	if bare == src {
		t.Fatal("the line printing the types, left out of the bare program, is not in it")
	}
	if got, want := yaegiStdout(t, bare), "int 6 [{x 6}] {x 6} 21.5°\n3 21.5\n"; got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, src); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}

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
