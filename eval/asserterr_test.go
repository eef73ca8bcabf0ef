package eval

import "testing"

// A nil interface value asserted to an interface type panics with the runtime's message,
// which names no static type ("interface is nil, not main.Shape"; it said "interface {}
// is nil" for an any, with status ok when the program printed the recovered value). A
// concrete target keeps the static type's name. Expected output from go run (Go 1.26.8).
func TestAssertNilToInterfaceMessage(t *testing.T) {
	got := cellStdout(t, `import (
	"fmt"
	"io"
)

type Shape interface{ Area() float64 }
type Named interface{ Name() string }

func try(f func()) {
	defer func() { fmt.Println(recover()) }()
	f()
}

func main() {
	try(func() { var x any; _ = x.(Shape) })
	try(func() { var s Shape; _ = s.(Named) })
	try(func() { var x any; _ = x.(io.Reader) })
	try(func() { var e error; _ = e.(interface{ Timeout() bool }) })
	try(func() { var x any; _ = x.(int) })
}
`)
	want := "interface conversion: interface is nil, not main.Shape\n" +
		"interface conversion: interface is nil, not main.Named\n" +
		"interface conversion: interface is nil, not io.Reader\n" +
		"interface conversion: interface is nil, not interface { Timeout() bool }\n" +
		"interface conversion: interface {} is nil, not int\n"
	if got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}
