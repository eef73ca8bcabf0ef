package eval

import "testing"

// markPanics records where a panic is raised without moving its value into a function
// literal: a recover() in the value is still called by the deferred function, so it
// recovers what the function panics with (it gave nil: "second <nil>", where go run
// prints "second first").
func TestPanicSiteKeepsRecoverInValue(t *testing.T) {
	s := newSession(t)
	code := `import "fmt"

func twice() {
	defer func() { fmt.Println("outer:", recover()) }()
	defer func() {
		panic(fmt.Sprint("second ", recover()))
	}()
	panic("first")
}

func again() {
	defer func() { fmt.Println("again:", recover()) }()
	defer func() { panic(recover()) }()
	panic("kept")
}

twice()
again()`
	_, e, rec := run(t, s, code)
	if e != nil {
		t.Fatalf("cell failed: %s: %s", e.Name, e.Value)
	}
	want := "outer: second first\nagain: kept\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("stdout %q, want %q (go run)", got, want)
	}
}
