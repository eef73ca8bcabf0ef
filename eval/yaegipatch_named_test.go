package eval

import (
	"reflect"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/eval/internal/namedpool"
)

// Tests of patch 42 to the in-tree copy of yaegi (eval/third_party/yaegi/PATCHES.md):
// named types declared in cells from a predeclared type or the empty struct take a
// compiled named type of eval/internal/namedpool, so that their values keep their type in
// interfaces. Expected outputs are what `go run` prints for the same programs.

// exhaustPool takes every free pool type of the underlying type under, as a session
// that declared that many types would, and returns the function that gives them back.
func exhaustPool(t *testing.T, under reflect.Type) func() {
	t.Helper()
	owner := new(byte)
	for namedpool.Take(under, "main.taken", owner) != nil {
	}
	return func() { namedpool.Release(owner) }
}

func TestPatchNamedTypeIdentity(t *testing.T) {
	const code = `import (
	"context"
	"fmt"
)

type Celsius float64
type Fahrenheit float64
type ctxKey string
type ID int
type traceKey struct{}

const userKey ctxKey = "user"

func kind(v any) string {
	switch v.(type) {
	case Celsius:
		return "C"
	case Fahrenheit:
		return "F"
	case float64:
		return "f"
	}
	return "?"
}

ctx := context.WithValue(context.Background(), "user", "mallory")
ctx = context.WithValue(ctx, userKey, "alice")
ctx = context.WithValue(ctx, traceKey{}, 7)
_, isFloat := any(Celsius(2)).(float64)
m := map[any]int{ID(1): 1, 1: 2}
var c Celsius = 100
fmt.Println(kind(Celsius(1)), kind(Fahrenheit(1)), kind(1.0), isFloat)
fmt.Println(ctx.Value(userKey), ctx.Value("user"), ctx.Value(traceKey{}), ctx.Value(struct{}{}))
fmt.Println(len(m), m[ID(1)], m[1], c == 100, c+1)
fmt.Printf("%T %T %v %#v %T\n", any(c), any([]ID{1}), any(ID(3)), any(traceKey{}), any(map[ctxKey]ID{}))`
	const want = "C F f false\nalice mallory 7 <nil>\n2 1 2 true 101\nmain.Celsius []main.ID 3 main.traceKey{} map[main.ctxKey]main.ID\n"
	if got := cellStdout(t, code); got != want {
		t.Errorf("session: got\n%s\nwant (go run)\n%s", got, want)
	}
}

// With the pool of float64 types exhausted, a new type falls back to float64 and the
// session refuses, at compile time, what it could not tell apart; the types declared
// before keep their pool types.
func TestPatchNamedTypePoolExhausted(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "type Before float64")
	release := exhaustPool(t, reflect.TypeOf(0.0))
	defer release()
	_, e, _ := run(t, s, `type After float64
func kind(v any) string {
	switch v.(type) {
	case After:
		return "after"
	case float64:
		return "float64"
	}
	return "?"
}`)
	if e == nil || !strings.Contains(e.Value, "type assertion to After is not supported in cells") {
		t.Fatalf("exhausted pool: want the refusal of case After, got %+v", e)
	}
	_, rec := mustExec(t, s, `import "fmt"
_, ok := any(Before(1)).(float64)
fmt.Println(ok)`)
	if out := rec.stream("stdout"); out != "false\n" {
		t.Errorf("a type declared before the pool ran out: got %q, want %q", out, "false\n")
	}
}

// A type declared again in a later cell is a new type, as in Go: values of the old one
// keep their type and are not the new type's.
func TestPatchNamedTypeRedeclared(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "type ID int\nvar old any = ID(1)")
	_, rec := mustExec(t, s, `import "fmt"
type ID int
_, same := old.(ID)
fmt.Printf("%v %T %v\n", same, old, any(ID(1)) == old)`)
	if out := rec.stream("stdout"); out != "false main.ID false\n" {
		t.Errorf("got %q, want %q", out, "false main.ID false\n")
	}
}
