package eval

import "testing"

// Yaegi patch 95: append past the largest length and make of a length too large to
// allocate panic with Go's runtime errors ("growslice: len out of range", "makeslice:
// len out of range"), runtime.Error values: append panicked with reflect's string
// "reflect.Value.Grow: slice overflow" (not an error: Go's test fixedbugs/issue29190.go
// asserted it to error and failed), make with "runtime: allocation size out of range".
// Expected output from go run.
func TestAppendAndMakeTooLargeRuntimeErrors(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type T struct{}

const maxInt = int(^uint(0) >> 1)

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isErr := r.(error)
		fmt.Printf("%s: %v (error %v)\n", name, r, isErr)
	}()
	f()
}

func main() {
	s := make([]T, maxInt)
	try("append one", func() { s = append(s, T{}) })
	one := make([]T, 1)
	try("append slice", func() { s = append(s, one...) })
	n := -1
	try("make negative", func() { _ = make([]int, n) })
	big := maxInt
	try("make huge", func() { _ = make([]int, big) })
	try("make cap", func() { _ = make([]int, 2, n+2) })
	try("make chan", func() { _ = make(chan int, n) })
}`)
	want := `append one: runtime error: growslice: len out of range (error true)
append slice: runtime error: growslice: len out of range (error true)
make negative: runtime error: makeslice: len out of range (error true)
make huge: runtime error: makeslice: len out of range (error true)
make cap: runtime error: makeslice: cap out of range (error true)
make chan: makechan: size out of range (error true)
`
	if got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}
