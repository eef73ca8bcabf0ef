package eval

import (
	"testing"
)

// Tests of the fixes the random differential tester found (eval/internal/difftest, issue
// 29): yaegi patches 100 on (eval/third_party/yaegi/PATCHES.md) and fixes in eval and the
// rewriter, each with the expected output taken from go run.

// Patch 100: a conversion to an instance of a generic type of another package
// (iter.Seq[string](f)) was compiled as a call of a generic function of the type's
// underlying func type: "cannot use type func(func(string) bool) as type func(string)
// bool".
func TestPatchConversionToGenericTypeOfPackage(t *testing.T) {
	got := cellStdout(t, `import (
	"fmt"
	"iter"
)

func main() {
	s := iter.Seq[string](func(yield func(string) bool) {
		_ = yield("a") && yield("b")
	})
	for x := range s {
		fmt.Print(x, " ")
	}
	for x := range iter.Seq2[int, string](func(yield func(int, string) bool) { yield(1, "c") }) {
		fmt.Print(x, " ")
	}
	fmt.Println()
}`)
	if want := "a b 1 \n"; got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
	}
}

// Patch 100 too: conversions to instances of generic types of the cell with two type
// arguments were calls ("too many arguments").
func TestPatchConversionToGenericTypeOfTwoParams(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type F[K, V any] func(K) V

type P[K comparable, V any] map[K]V

func main() {
	f := F[int, string](func(i int) string { return fmt.Sprint(i * 2) })
	fmt.Println(f(21))
	p := P[string, int](map[string]int{"a": 1})
	fmt.Println(p, len(p))
}`)
	if want := "42\nmap[a:1] 1\n"; got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
	}
}
