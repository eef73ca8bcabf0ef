package eval

import (
	"os"
	"strings"
	"testing"
)

// A cell's top level behaves as a function body when it panics: the calls its top-level
// defer statements registered run while the panic goes on, last first (yaegi patch 265,
// Session.runDeferred). recover() in one stopped nothing before: the calls ran after the
// statement that panicked had ended, outside any frame whose panic recover() could take,
// so `defer func() { fmt.Println(recover()) }(); panic(1)` printed <nil> and the cell
// failed with `panic: 1`, where go run's func main prints 1 and goes on.
func TestTopLevelDeferredRecover(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `import "fmt"
x := 5
defer func() { fmt.Println("recovered", recover(), x) }()
fmt.Println("before")
panic(1)
fmt.Println("skipped")`)
	if got, want := rec.stream("stdout"), "before\nrecovered 1 5\n"; got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
	}
	// The session keeps what the cell declared before its panic; the calls deferred by
	// one cell run at its end, and a later cell's panic finds none of them.
	_, e, rec := run(t, s, `fmt.Println("x", x)
panic("no deferred call here")`)
	if got := rec.stream("stdout"); got != "x 5\n" {
		t.Errorf("the next cell printed %q, want %q", got, "x 5\n")
	}
	if e == nil || e.Name != NamePanic || e.Value != "no deferred call here" {
		t.Errorf("the next cell's panic: got %v, want panic: no deferred call here", e)
	}
	// The cell's value is an expression like the others: its panic is recovered too,
	// and the cell shows no value.
	v, rec := mustExec(t, s, `func boom() int { panic("value panics") }
defer func() { fmt.Println("r", recover()) }()
boom()`)
	if got := rec.stream("stdout"); got != "r value panics\n" || v != "" {
		t.Errorf("a recovered value's panic: printed %q, value %q; want %q and none", got, v, "r value panics\n")
	}
	// Without a panic, recover() in a deferred call gets nil, and a deferred call that
	// panics is stopped by one deferred before it, as in a function.
	_, rec = mustExec(t, s, `defer func() { fmt.Println("later recovers", recover()) }()
defer func() { fmt.Println("no panic", recover()); panic("from a deferred call") }()
fmt.Println("statements")`)
	if got, want := rec.stream("stdout"), "statements\nno panic <nil>\nlater recovers from a deferred call\n"; got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
	}
	checkSessionFile(t, "toplevel_deferred_recover")
}

// A panic no deferred call stops ends the cell as before, after the calls ran; a call
// that panics replaces the panic, as in Go (the first panic went on before); os.Exit in
// a deferred call ends the cell there (the panic went on, and the calls after it ran).
func TestTopLevelDeferredPanics(t *testing.T) {
	s := newSession(t)
	for _, c := range []struct{ code, stdout, name, value string }{
		{"import \"fmt\"\ndefer fmt.Println(\"deferred\")\npanic(1)", "deferred\n", NamePanic, "1"},
		{"defer fmt.Println(\"first registered\")\ndefer func() { panic(2) }()\npanic(1)", "first registered\n", NamePanic, "2"},
		{"import \"os\"\ndefer fmt.Println(\"not run\")\ndefer os.Exit(3)\npanic(1)", "", NameExit, "exit status 3"},
	} {
		_, e, rec := run(t, s, c.code)
		if got := rec.stream("stdout"); got != c.stdout {
			t.Errorf("%s\nprinted %q, want (go run) %q", c.code, got, c.stdout)
		}
		if e == nil || e.Name != c.name || e.Value != c.value {
			t.Errorf("%s\nfailed with %v, want %s: %s", c.code, e, c.name, c.value)
		}
	}
	// The error of a panic no deferred call touched is the statement's, its traceback
	// at the panic.
	_, e, _ := run(t, s, "defer fmt.Println(\"d\")\nvar m map[int]int\nm[1] = 2")
	if e == nil || e.Value != "assignment to entry in nil map" || !strings.Contains(strings.Join(e.Traceback, "\n"), "m[1] = 2") {
		t.Errorf("got %v, want the nil map write's panic at its line", e)
	}
}

// checkSessionFile runs the session testdata/sessions/NAME.txt and compares its stdout
// with NAME.out, what go run printed for its program (see TestSessions).
func checkSessionFile(t *testing.T, name string) {
	t.Helper()
	src, err := os.ReadFile("testdata/sessions/" + name + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/sessions/" + name + ".out")
	if err != nil {
		t.Fatal(err)
	}
	got, failed := runSessionCells(t, sessionCells(string(src)))
	if failed != "" {
		t.Fatalf("session %s: %s", name, failed)
	}
	if got != string(want) {
		t.Errorf("session %s prints other than go run:\n got: %q\nwant: %q", name, got, want)
	}
}
