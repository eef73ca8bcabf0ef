package eval

import (
	"strings"
	"testing"
)

// A value of an instance of a generic slice type (L[int] for type L[T any] []T) is a
// []int at run time (yaegi patch 245 names the instance, but reflect cannot make it a
// type of its own), so an interface holding one passed an assertion to []int, which Go
// fails: `var a any = L[int]{1}; _, ok := a.([]int)` gave true. The assertion is
// refused where the cell puts values of the instance in interfaces, as it is for the
// session's non-generic named slice types (twins.go); without them it runs.
func TestGenericInstanceTwinAssertRefused(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, `import "fmt"

type L[T any] []T

func (l L[T]) String() string { return fmt.Sprintf("L%d", len(l)) }`)
	_, e, _ := run(t, s, "var a any = L[int]{1}\n_, ok := a.([]int)\nfmt.Println(ok)")
	want := "type assertion to []int is not supported in cells: a []int and a L[int] are both []int at run time"
	if e == nil || !strings.Contains(e.Value, want) {
		t.Errorf("assertion to the underlying type of a boxed L[int]: error %v, want one saying %q", e, want)
	}
	// Go: true (the value is a []int).
	if _, rec := mustExec(t, s, "var b any = []int{1}\n_, ok := b.([]int)\nfmt.Println(ok)"); rec.stream("stdout") != "true\n" {
		t.Errorf("assertion of a []int to []int printed %q, want true", rec.stream("stdout"))
	}
}
