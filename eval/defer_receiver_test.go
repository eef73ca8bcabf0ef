package eval

import "testing"

// A defer or go statement whose callee is an interface's method evaluates the method
// value there, as Go does: a nil interface (or a nil embedded interface the method is
// promoted from) panics at the statement, before the rest of the function runs. The
// rewriter's bound receiver (eval/internal/rewrite/defer.go) panicked only when the
// deferred call ran: a wrong answer Go's test fixedbugs/issue15975.go checks for.
func TestDeferOfNilInterfaceMethodPanicsAtStatement(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type Closer interface{ Close() }

type T struct{ n int }

func (t T) Close() { fmt.Println("closed", t.n) }

type S struct{ Closer }

var reached bool

func try(name string, f func()) {
	defer func() { fmt.Println(name, recover(), reached); reached = false }()
	f()
}

func main() {
	try("defer", func() {
		var x Closer
		defer x.Close()
		reached = true
	})
	try("embedded", func() {
		var s S
		defer s.Close()
		reached = true
	})
	try("go", func() {
		var x Closer
		go x.Close()
		reached = true
	})
	var y Closer = T{1}
	defer y.Close()
	y = T{2}
	s := S{T{3}}
	defer s.Close()
	s.Closer = nil
}`)
	want := `defer runtime error: invalid memory address or nil pointer dereference false
embedded runtime error: invalid memory address or nil pointer dereference false
go runtime error: invalid memory address or nil pointer dereference false
closed 3
closed 1
`
	if got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}
