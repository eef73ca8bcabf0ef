package eval

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

func TestValueOfLastExpression(t *testing.T) {
	s := newSession(t)
	cases := []struct{ code, want string }{
		{"1 + 2", "3"},
		{"x := 40\nx + 2", "42"},
		{"x", "40"},
		{"x;", ""},          // a trailing semicolon hides the value
		{"x = 7", ""},       // a statement has no value
		{`"a" + "b"`, "ab"}, // strings as fmt prints them
		{"[]int{1, 2, 3}", "[1 2 3]"},
		{"import \"strconv\"\nstrconv.Atoi(\"12\")", "(12, <nil>)"}, // several results
		{"import \"fmt\"\nfmt.Println(\"hi\")", ""},                 // print calls show nothing
		{"func noResult() {}\nnoResult()", ""},
		{"fmt.Sprint(3)", "3"},
	}
	for _, c := range cases {
		got, _ := mustExec(t, s, c.code)
		if got != c.want {
			t.Errorf("%q: value %q, want %q", c.code, got, c.want)
		}
	}
}

func TestRenderInterpretedMethods(t *testing.T) {
	s := newSession(t)
	got, _ := mustExec(t, s, `type Celsius float64
func (c Celsius) String() string { return "it is hot" }
Celsius(40)`)
	if got != "it is hot" {
		t.Errorf("Stringer value shown as %q", got)
	}
	res, e, _ := run(t, s, `import "peerbook/display"
type card struct{ title string }
func (c card) MIMEBundle() display.Bundle { return display.HTML("<b>" + c.title + "</b>") }
card{"hello"}`)
	if e != nil {
		t.Fatalf("renderer cell failed: %s %s", e.Value, strings.Join(e.Traceback, "\n"))
	}
	if res.Value == nil || res.Value.Data["text/html"] != "<b>hello</b>" {
		t.Errorf("a value with MIMEBundle() rendered as %+v", res.Value)
	}
	res, e, _ = run(t, s, `type page struct{}
func (page) HTML() string { return "<i>x</i>" }
page{}`)
	if e != nil || res.Value == nil || res.Value.Data["text/html"] != "<i>x</i>" {
		t.Errorf("a value with HTML() rendered as %+v (%v)", res.Value, e)
	}
	// display.Display as the last expression shows the value once, not its handle.
	res, _, rec := run(t, s, "display.Display(3)")
	if res.Value != nil || len(rec.merged()) != 1 {
		t.Errorf("display.Display as the value: %+v, events %q", res.Value, rec.merged())
	}
}

func TestCellMixesDeclarationsAndStatements(t *testing.T) {
	s := newSession(t)
	got, _ := mustExec(t, s, `
total := 0
add(3)              // a function declared further down
func add(n int) { total += n }
add(4)
type pair struct{ a, b int }
p := pair{1, 2}
import "fmt"
var label = fmt.Sprint("sum=", total+p.a+p.b)
label`)
	if got != "sum=10" {
		t.Errorf("value %q, want sum=10", got)
	}
	// State persists.
	got, _ = mustExec(t, s, "add(1)\ntotal")
	if got != "8" {
		t.Errorf("total = %q after another add, want 8", got)
	}
}

func TestStatementsRunInOrder(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `import "fmt"
fmt.Println("one")
func f() { fmt.Println("f") }
fmt.Println("two")
f()`)
	if got := rec.stream("stdout"); got != "one\ntwo\nf\n" {
		t.Errorf("stdout %q", got)
	}
}

func TestRedefineFunctionRebindsCallers(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "func f() int { return 1 }\nfunc g() int { return f() * 10 }\nfunc h() int { return g() + 1 }")
	if got, _ := mustExec(t, s, "h()"); got != "11" {
		t.Fatalf("h() = %s, want 11", got)
	}
	// g and h were compiled against the first f: they must see the new one, also through h.
	if got, _ := mustExec(t, s, "func f() int { return 2 }\nh()"); got != "21" {
		t.Errorf("after redefining f, h() = %s, want 21", got)
	}
	// A method that calls f sees it too.
	mustExec(t, s, "type T struct{}\nfunc (T) M() int { return f() }")
	mustExec(t, s, "func f() int { return 3 }")
	if got, _ := mustExec(t, s, "T{}.M()"); got != "3" {
		t.Errorf("method calling redefined f gives %s, want 3", got)
	}
}

func TestRedefineFunctionWithNewSignature(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "func f(a int) int { return a }\nfunc g() int { return f(1) }")
	// g no longer compiles against the new f: it keeps the old one, and the user is told.
	_, rec := mustExec(t, s, "func f(a, b int) int { return a + b }")
	note := rec.stream("stderr")
	if !strings.Contains(note, "g (") || !strings.Contains(note, "not updated") {
		t.Errorf("no note about g, stderr %q", note)
	}
	if got, _ := mustExec(t, s, "f(2, 3)"); got != "5" {
		t.Errorf("new f(2, 3) = %s", got)
	}
	if got, _ := mustExec(t, s, "g()"); got != "1" {
		t.Errorf("g() = %s, want the old behaviour 1", got)
	}
}

func TestRedefineVariableWithNewType(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "x := 1\nfunc show() any { return x }")
	if got, _ := mustExec(t, s, `x := "now a string"
x + "!"`); got != "now a string!" {
		t.Errorf("x redefined as string: %q", got)
	}
	if got, _ := mustExec(t, s, "show()"); got != "now a string" {
		t.Errorf("show() = %q: a function using x must see the new x", got)
	}
	if got, _ := mustExec(t, s, "var x = 2.5\nx * 2"); got != "5" {
		t.Errorf("var x redefined as float64: %q", got)
	}
}

func TestRedefineType(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, `type Point struct{ X int }
func (p Point) Norm() int { return p.X }
func origin() Point { return Point{} }
p := Point{X: 3}`)
	_, rec := mustExec(t, s, `type Point struct{ X, Y int }`)
	if got, _ := mustExec(t, s, "Point{X: 3, Y: 4}.Norm()"); got != "3" {
		t.Errorf("method of the redefined type: %s (the method must be re-evaluated)", got)
	}
	if got, _ := mustExec(t, s, "origin()"); got != "{0 0}" {
		t.Errorf("origin() = %q: functions using the type must be re-evaluated", got)
	}
	note := rec.stream("stderr")
	if !strings.Contains(note, "p still holds values of the previous type Point") {
		t.Errorf("no note naming p, stderr %q", note)
	}
	// The method can be redefined on its own.
	mustExec(t, s, "func (p Point) Norm() int { return p.X*p.X + p.Y*p.Y }")
	if got, _ := mustExec(t, s, "Point{X: 3, Y: 4}.Norm()"); got != "25" {
		t.Errorf("redefined method gives %s, want 25", got)
	}
}

func TestRedefineMethodSeenThroughInterface(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, `type Shape interface{ Area() int }
type Sq struct{ N int }
func (s Sq) Area() int { return s.N * s.N }
var sh Shape = Sq{3}
func area(s Shape) int { return s.Area() }`)
	mustExec(t, s, "func (s Sq) Area() int { return 4 * s.N }")
	if got, _ := mustExec(t, s, "area(Sq{3})"); got != "12" {
		t.Errorf("area(Sq{3}) = %s after redefining Area, want 12", got)
	}
	if got, _ := mustExec(t, s, "sh.Area()"); got != "12" {
		t.Errorf("sh.Area() = %s for a value stored before, want 12", got)
	}
}

func TestFailedCellLeavesStateAlone(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "type T struct{ A int }\nfunc f() int { return 1 }")
	_, e, _ := run(t, s, "type T struct{ A, B int }\nfunc f() int { return undefinedThing }")
	if e == nil {
		t.Fatal("a cell with an undefined name compiled")
	}
	if got, _ := mustExec(t, s, "f()"); got != "1" {
		t.Errorf("f() = %s after a failed redefinition, want 1", got)
	}
	if got, _ := mustExec(t, s, "T{A: 2}"); got != "{2}" {
		t.Errorf("T after a failed redefinition: %s", got)
	}
}

func TestFuncMainDoesNotRunAgain(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, "import \"fmt\"\nfunc main() { fmt.Println(\"main ran\") }")
	if got := rec.stream("stdout"); got != "main ran\n" {
		t.Errorf("a cell defining main prints %q (main should run once, like go run)", got)
	}
	_, rec = mustExec(t, s, "func other() {}")
	if got := rec.stream("stdout"); got != "" {
		t.Errorf("a later cell re-ran main: %q", got)
	}
	_, rec = mustExec(t, s, "main()")
	if got := rec.stream("stdout"); got != "main ran\n" {
		t.Errorf("calling main(): %q", got)
	}
}

func TestCompileErrorPositions(t *testing.T) {
	s := newSession(t)
	cases := []struct{ code, want string }{
		{"x := 1\ny := x + \"a\"", "2:6: invalid operation"},
		{"\n\nfunc f() int {\n\treturn \"s\"\n}", "4:9:"},
		{"a := 1\nb := undefinedName + a", "2:6: undefined: undefinedName"},
		{"x := (1 + ", "1:"},
		{"import \"fmt\"\nfunc g() {\n\tfmt.Println(1\n}", "3:"},
	}
	for i, c := range cases {
		cellCount++
		label := "cell[" + itoa(cellCount) + "] "
		_, err := s.Execute(context.Background(), ExecuteRequest{Code: c.code, ExecutionCount: cellCount}, &recorder{})
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("case %d: no compile error for %q", i, c.code)
			continue
		}
		if e.Name != NameCompile || !strings.HasPrefix(e.Value, label) || !strings.Contains(e.Value, c.want) {
			t.Errorf("case %d: %s: %q, want %q...%q", i, e.Name, e.Value, label, c.want)
		}
		if len(e.Traceback) < 2 || !strings.Contains(e.Traceback[len(e.Traceback)-1], "^") {
			t.Errorf("case %d: traceback without a caret line: %q", i, e.Traceback)
		}
	}
}

func itoa(n int) string {
	const digits = "0123456789"
	if n < 10 {
		return digits[n : n+1]
	}
	return itoa(n/10) + digits[n%10:n%10+1]
}

func TestPanicTraceback(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "func inner(xs []int) int { return xs[3] }\nfunc outer() int {\n\treturn inner([]int{1})\n}")
	_, e, _ := run(t, s, "y := 1\nouter()")
	if e == nil || e.Name != NamePanic {
		t.Fatalf("want a panic, got %+v", e)
	}
	if !strings.Contains(e.Value, "index out of range") {
		t.Errorf("panic value %q", e.Value)
	}
	tb := strings.Join(e.Traceback, "\n")
	for _, want := range []string{"inner(...)", "1:", "outer(...)", " 3:", "(cell)", " 2:", "\x1b["} {
		if !strings.Contains(tb, want) {
			t.Errorf("traceback lacks %q:\n%s", want, tb)
		}
	}
	// Innermost frame first.
	if strings.Index(tb, "inner(...)") > strings.Index(tb, "outer(...)") {
		t.Errorf("frames not innermost first:\n%s", tb)
	}
	// A custom error value.
	_, e, _ = run(t, s, "import \"errors\"\npanic(errors.New(\"custom failure\"))")
	if e == nil || e.Value != "custom failure" {
		t.Errorf("panic(error) value: %+v", e)
	}
	// The session goes on.
	if got, _ := mustExec(t, s, "y + 1"); got != "2" {
		t.Errorf("after panics: %q", got)
	}
}

func TestUserExpressions(t *testing.T) {
	s := newSession(t)
	res, err := s.Execute(context.Background(), ExecuteRequest{
		Code:            "n := 6",
		UserExpressions: map[string]string{"double": "n * 2", "bad": "n +"},
	}, &recorder{})
	if err != nil {
		t.Fatal(err)
	}
	ok, _ := res.UserExpressions["double"].(map[string]any)
	if ok["status"] != "ok" || ok["data"].(map[string]any)["text/plain"] != "12" {
		t.Errorf("double: %+v", ok)
	}
	bad, _ := res.UserExpressions["bad"].(map[string]any)
	if bad["status"] != "error" {
		t.Errorf("bad: %+v", bad)
	}
}

func TestOsExitDoesNotEndTheProcess(t *testing.T) {
	s := newSession(t)
	_, e, _ := run(t, s, "import \"os\"\nos.Exit(3)")
	if e == nil || e.Name != NameExit || e.Value != "exit status 3" {
		t.Fatalf("os.Exit: %+v", e)
	}
	if got, _ := mustExec(t, s, "1"); got != "1" {
		t.Errorf("session after os.Exit: %q", got)
	}
}

// os.Exit ends the cell as it ends a program: no deferred call runs (the functions' and
// the cell's own top-level ones), recover does not stop it, nothing after it runs; code 0
// is a success (a whole program pasted with an os.Exit(0) at its end, as go run prints it).
func TestOsExitEndsTheCellLikeAProgram(t *testing.T) {
	s := newSession(t)
	res, e, rec := run(t, s, `package main

import (
	"fmt"
	"os"
)

func main() {
	defer fmt.Println("deferred")
	defer func() { fmt.Println("recovered", recover()) }()
	fmt.Println("working")
	os.Exit(0)
	fmt.Println("after")
}`)
	if e != nil {
		t.Fatalf("os.Exit(0) failed the cell: %s %s", e.Name, e.Value)
	}
	if got := rec.stream("stdout"); got != "working\n" {
		t.Errorf("stdout = %q, want %q (go run's)", got, "working\n")
	}
	_ = res
	_, e, rec = run(t, s, `defer fmt.Println("top-level deferred")
func stop() {
	defer fmt.Println("deferred")
	os.Exit(2)
}
stop()
fmt.Println("after")`)
	if e == nil || e.Name != NameExit || e.Value != "exit status 2" {
		t.Fatalf("os.Exit(2): %+v", e)
	}
	if got := rec.stream("stdout"); got != "" {
		t.Errorf("stdout = %q, want nothing", got)
	}
	if got, _ := mustExec(t, s, `fmt.Sprint("on")`); got != "on" {
		t.Errorf("session after os.Exit: %q", got)
	}
}

// A cell's value shows as fmt.Println in the cell would print it: the methods of the
// session's types are called and field names are Go's also inside composites, where the
// compiled fmt of display.Render would not see them (the texts come from go run of
// fmt.Println on the same values).
func TestValueTextUsesTheMethodsOfCellTypes(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, `import "fmt"
type Money int64
func (m Money) Format(f fmt.State, verb rune) { fmt.Fprintf(f, "$%d.%02d", int64(m)/100, int64(m)%100) }
type S struct{ A int }
func (s S) String() string { return fmt.Sprint("S", s.A) }
type E struct{ Code int }
func (e E) Error() string { return fmt.Sprint("E", e.Code) }
type Pt struct{ X, y int }`)
	cases := []struct{ code, want string }{
		{"Money(1234)", "$12.34"},
		{"[]Money{1, 250}", "[$0.01 $2.50]"},
		{`map[string]S{"a": {1}}`, "map[a:S1]"},
		{"[]error{E{1}, nil}", "[E1 <nil>]"},
		{`[]any{Pt{1, 2}, Money(5), "s", 3}`, "[{1 2} $0.05 s 3]"},
		{"&Pt{3, 4}", "&{3 4}"},
		{"[]int{1, 2}", "[1 2]"},
	}
	for _, c := range cases {
		if got, _ := mustExec(t, s, c.code); got != c.want {
			t.Errorf("%s: value %q, want %q", c.code, got, c.want)
		}
	}
}

// log.Fatal prints through the session's logger and ends the cell as os.Exit(1) does.
func TestLogFatalEndsTheCell(t *testing.T) {
	s := newSession(t)
	_, e, rec := run(t, s, `import (
	"fmt"
	"log"
)
log.SetFlags(0)
log.SetPrefix("app: ")
defer fmt.Println("deferred")
log.Println("starting")
log.Fatalf("bad config %d", 3)
fmt.Println("after")`)
	if e == nil || e.Name != NameExit || e.Value != "exit status 1" {
		t.Fatalf("log.Fatalf: %+v", e)
	}
	if got, want := rec.stream("stderr"), "app: starting\napp: bad config 3\n"; got != want {
		t.Errorf("stderr = %q, want %q", got, want)
	}
	if got := rec.stream("stdout"); got != "" {
		t.Errorf("stdout = %q, want nothing", got)
	}
}

// os.Exit in a goroutine the cell started ends the cell (as it ends a program), not the
// evaluator process; code 0 is a success.
func TestOsExitInAGoroutineEndsTheCell(t *testing.T) {
	s := newSession(t)
	for _, c := range []struct {
		code int
		want string // "" for success
	}{{0, ""}, {5, "exit status 5"}} {
		_, e, rec := run(t, s, fmt.Sprintf(`import (
	"fmt"
	"os"
	"sync"
)
var wg sync.WaitGroup
wg.Add(1)
go func() {
	defer wg.Done()
	fmt.Println("in goroutine")
	os.Exit(%d)
}()
wg.Wait()
fmt.Println("after")`, c.code))
		switch {
		case c.want == "" && e != nil:
			t.Errorf("os.Exit(0) in a goroutine: %s %s", e.Name, e.Value)
		case c.want != "" && (e == nil || e.Value != c.want):
			t.Errorf("os.Exit(%d) in a goroutine: %+v, want %q", c.code, e, c.want)
		}
		if got := rec.stream("stdout"); got != "in goroutine\n" {
			t.Errorf("stdout = %q", got)
		}
	}
	if got, _ := mustExec(t, s, `fmt.Sprint("on")`); got != "on" {
		t.Errorf("session after os.Exit: %q", got)
	}
}
