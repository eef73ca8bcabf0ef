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

// A panic that unwinds through a helper of the rewriter's prelude (_pb_assert, which a
// failed type assertion calls) and is recovered prints nothing on stderr, as in Go:
// yaegi's line for the prelude's frame ("_pb_prelude_main.go:139:11: panic: ...") went to
// the cell's stderr.
func TestRecoveredPanicThroughThePreludeIsQuiet(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `import "fmt"
func try(f func()) {
	defer func() { fmt.Println("recovered:", recover()) }()
	f()
}
var a any = "str"
try(func() { _ = a.(int) })
try(func() { _ = a.(fmt.Stringer) })`)
	if got := rec.stream("stderr"); got != "" {
		t.Errorf("stderr = %q, want nothing", got)
	}
	want := "recovered: interface conversion: interface {} is string, not int\n" +
		"recovered: interface conversion: string is not fmt.Stringer: missing method String\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("stdout = %q, want %q (go run's)", got, want)
	}
}
