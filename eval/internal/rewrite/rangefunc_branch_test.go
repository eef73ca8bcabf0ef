package rewrite_test

import "testing"

// A break or continue to an outer loop from the body of a range over a function, in a
// function with unnamed results, rewrites the loop (it was left half rewritten: the
// body's exits changed, the loop not, and yaegi failed with "nil type").
func TestRangeFuncOuterBranchUnnamedResults(t *testing.T) {
	expect(t, `
import "fmt"

func Nums(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

func nested() int {
	count := 0
outer:
	for i := range Nums(4) {
		for j := range Nums(4) {
			if j > i {
				continue outer
			}
			count++
		}
	}
	return count
}

func main() {
	fmt.Println(nested())
}`, "10\n")
}
