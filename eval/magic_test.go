package eval

import (
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// page returns the text of the result's page payload, or "".
func page(res Result) string {
	for _, p := range res.Payloads {
		if p["source"] == "page" {
			data, _ := p["data"].(map[string]any)
			text, _ := data["text/plain"].(string)
			return text
		}
	}
	return ""
}

func TestHelpOpensThePager(t *testing.T) {
	s := newSession(t)
	for _, code := range []string{"%help", "//peerbook:help"} {
		res, e, _ := run(t, s, code)
		if e != nil {
			t.Fatalf("%s: %v", code, e)
		}
		if p := page(res); !strings.Contains(p, "Magics") || !strings.Contains(p, "%%cuda") {
			t.Errorf("%s: page %q", code, p)
		}
	}
	mustExec(t, s, "// Twice doubles n.\nfunc Twice(n int) int { return 2 * n }")
	for _, code := range []string{"Twice?", "?Twice", "%help Twice", "Twice??"} {
		res, e, _ := run(t, s, code)
		if e != nil {
			t.Fatalf("%s: %v", code, e)
		}
		if p := page(res); !strings.Contains(p, "func Twice(n int) int") || !strings.Contains(p, "doubles n") {
			t.Errorf("%s: page %q", code, p)
		}
	}
	res, _, rec := run(t, s, "strings.ToUpper?")
	if p := page(res); !strings.Contains(p, "func ToUpper(s string) string") {
		t.Errorf("strings.ToUpper?: page %q", p)
	}
	res, _, rec = run(t, s, "nosuchname?")
	if page(res) != "" || !strings.Contains(rec.stream("stdout"), "not found") {
		t.Errorf("unknown name?: payloads %v, stdout %q", res.Payloads, rec.stream("stdout"))
	}
}

func TestTimeMagic(t *testing.T) {
	s := newSession(t)
	for _, code := range []string{"%time\nx := 1\nx + 1", "//peerbook:time\nx := 1\nx + 1", "%%time\nx := 1\nx + 1"} {
		got, rec := mustExec(t, s, code)
		if got != "2" {
			t.Errorf("%q: value %q", code, got)
		}
		if out := rec.stream("stdout"); !strings.HasPrefix(out, "Wall time: ") {
			t.Errorf("%q: stdout %q", code, out)
		}
	}
}

func TestTimeMagicKeepsLineNumbers(t *testing.T) {
	s := newSession(t)
	_, e, _ := run(t, s, "%time\nx := 1\ny := x + \"s\"")
	if e == nil || !strings.Contains(e.Value, " 3:") {
		t.Errorf("error after a magic line: %+v", e)
	}
}

func TestEnvMagic(t *testing.T) {
	s := newSession(t)
	t.Cleanup(func() { os.Unsetenv("PEERBOOK_TEST_ENV") })
	_, rec := mustExec(t, s, "%env PEERBOOK_TEST_ENV=hello")
	if got := rec.stream("stdout"); got != "env: PEERBOOK_TEST_ENV=hello\n" {
		t.Errorf("set: %q", got)
	}
	got, _ := mustExec(t, s, "import \"os\"\nos.Getenv(\"PEERBOOK_TEST_ENV\")")
	if got != "hello" {
		t.Errorf("cells see %q", got)
	}
	_, rec = mustExec(t, s, "//peerbook:env PEERBOOK_TEST_ENV")
	if got := rec.stream("stdout"); got != "hello\n" {
		t.Errorf("show: %q", got)
	}
	_, rec = mustExec(t, s, "%env")
	if !strings.Contains(rec.stream("stdout"), "PEERBOOK_TEST_ENV=hello") {
		t.Errorf("list lacks the variable")
	}
	_, e, _ := run(t, s, "%env NOT_SET_ANYWHERE_42")
	if e == nil || e.Name != NameMagic {
		t.Errorf("unset variable: %+v", e)
	}
}

func TestWhoMagic(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, "%who")
	if !strings.Contains(rec.stream("stdout"), "empty") {
		t.Errorf("empty session: %q", rec.stream("stdout"))
	}
	mustExec(t, s, "type T struct{ A int }\nx := 3\nnames := []string{\"a\"}\nvar t T\nconst limit = 10\nfunc f() {}")
	_, rec = mustExec(t, s, "%who")
	out := rec.stream("stdout")
	for _, want := range []string{"x ", "int", "names", "[]string", "t ", " T ", "limit"} {
		if !strings.Contains(out, want) {
			t.Errorf("%%who lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "_pb") || strings.Contains(out, "f ") {
		t.Errorf("%%who lists internals or functions:\n%s", out)
	}
}

func TestResetMagic(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "x := 1\nfunc f() int { return 2 }")
	_, rec := mustExec(t, s, "%reset")
	if !strings.Contains(rec.stream("stdout"), "reset") {
		t.Errorf("reset output %q", rec.stream("stdout"))
	}
	_, e, _ := run(t, s, "x")
	if e == nil || !strings.Contains(e.Value, "undefined: x") {
		t.Errorf("x after reset: %+v", e)
	}
	if got, _ := mustExec(t, s, "func f() string { return \"new\" }\nf()"); got != "new" {
		t.Errorf("after reset: %q", got)
	}
}

func TestShellMagic(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, "//peerbook:sh echo comment form")
	if got := rec.stream("stdout"); got != "comment form\n" {
		t.Errorf("stdout %q", got)
	}
	// Magics first, then the Go code.
	_, rec = mustExec(t, s, "import \"fmt\"\n!echo shell\nfmt.Println(\"go\")")
	if got := rec.stream("stdout"); got != "shell\ngo\n" {
		t.Errorf("stdout %q", got)
	}
	// A failing command is reported, not an error of the cell.
	_, rec = mustExec(t, s, "!exit 3")
	if !strings.Contains(rec.stream("stderr"), "exit status 3") {
		t.Errorf("stderr %q", rec.stream("stderr"))
	}
	// '!' continuing an expression is Go, not a shell command.
	got, _ := mustExec(t, s, "ok := true\nb := false ||\n\t!ok\nb")
	if got != "false" {
		t.Errorf("continued expression: %q", got)
	}
}

func TestUnknownMagic(t *testing.T) {
	s := newSession(t)
	_, e, _ := run(t, s, "%nosuchmagic")
	if e == nil || e.Name != NameMagic || !strings.Contains(e.Value, "nosuchmagic") {
		t.Errorf("unknown magic: %+v", e)
	}
}

func TestTimelineMagic(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, `import "peerbook/gpu"
gpu.Use("sim:2")
func bumpTL(t gpu.Thread, x []float32) {
	for i := t.GlobalX(); i < len(x); i += t.StrideX() {
		x[i]++
	}
}`)
	mustExec(t, s, `x, _ := gpu.Dev(1).Alloc(gpu.Float32, 256)`)
	for _, code := range []string{
		"%%timeline\nbumpTL.Launch(gpu.Dev(1), 1, 64, x)\nx.Fill(2)",
		"//peerbook:timeline\nbumpTL.Launch(gpu.Dev(1), 1, 64, x)\nx.Fill(2)",
	} {
		_, rec := mustExec(t, s, code)
		var chart string
		for _, e := range rec.merged() {
			if strings.HasPrefix(e, "display:timeline: ") {
				chart = e
			}
		}
		if !strings.Contains(chart, "2 operations on 1 lane") || !strings.Contains(chart, "bumpTL") || !strings.Contains(chart, "memset") {
			t.Errorf("%q: events %q", code, rec.merged())
		}
	}
	// A failing cell still shows what ran before it failed, and the error.
	_, e, rec := run(t, s, "%%timeline\nbumpTL.Launch(gpu.Dev(1), 1, 64, x)\npanic(\"stop here\")")
	if e == nil || !strings.Contains(e.Value, "stop here") {
		t.Errorf("error %+v", e)
	}
	if got := strings.Join(rec.merged(), "\n"); !strings.Contains(got, "1 operation on 1 lane") {
		t.Errorf("failing cell: events %q", got)
	}
	// The Go form: a timeline is a value that renders itself.
	got, _ := mustExec(t, s, "tl := gpu.Trace()\nx.Fill(3)\ntl.Stop()\nlen(tl.Ops())")
	if got != "1" {
		t.Errorf("tl.Ops(): %q", got)
	}
	if got, _ := mustExec(t, s, "tl"); !strings.HasPrefix(got, "timeline: 1 operation on 1 lane") {
		t.Errorf("tl renders as %q", got)
	}
}

func TestGoMagic(t *testing.T) {
	s := newSession(t)
	_, e, _ := run(t, s, "%go mod")
	if e == nil || !strings.Contains(e.Value, "not available in this session") {
		t.Errorf("%%go without Options.GoMagic: %+v, want a refusal", e)
	}
	var got []string
	s2, err := New(Options{GoMagic: func(args string) (string, error) {
		got = append(got, args)
		if args == "get bad@v1" {
			return "", errors.New("not built with bad")
		}
		return "m v1.0.0\n", nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	_, rec := mustExec(t, s2, "//peerbook:go get m@v1.0.0\nx := 2\nx")
	if out := rec.stream("stdout"); out != "m v1.0.0\n" || len(got) != 1 || got[0] != "get m@v1.0.0" {
		t.Errorf("%%go get: printed %q, GoMagic got %q", out, got)
	}
	_, e, _ = run(t, s2, "%go get bad@v1\ny := 1")
	if e == nil || !strings.Contains(e.Value, "not built with bad") {
		t.Errorf("a failing %%go: %+v", e)
	}
	if out, _ := mustExec(t, s2, "x"); out != "2" {
		t.Errorf("after a failing %%go the session's x is %q", out)
	}
}

func TestMissingPackageExplained(t *testing.T) {
	s := newSession(t)
	for _, tc := range []struct{ src, want string }{
		{`import "example.invalid/nomodule/pkg"`, `import "example.invalid/nomodule/pkg": the package is not built into this session: third-party packages are built into the evaluator by the process that starts it`},
		{`import "fmtx"`, `import "fmtx": no such package in the standard library or peerbook`},
	} {
		_, e, _ := run(t, s, tc.src)
		if e == nil || !strings.Contains(e.Value, tc.want) || strings.Contains(e.Value, "GOPATH") {
			t.Errorf("%s: %+v\nwant an error saying %q", tc.src, e, tc.want)
		}
	}
}

// modPoint stands for a type of a module built into the evaluator.
type modPoint struct{ X, Y float64 }

// Norm2 is a method of it.
func (p modPoint) Norm2() float64 { return p.X*p.X + p.Y*p.Y }

// Completion and inspect know the members of a package of Options.Packages, as they know
// the standard library's.
func TestModulePackageCompletion(t *testing.T) {
	s, err := New(Options{Packages: map[string]map[string]reflect.Value{
		"example.com/geo/geo": {
			"Point":   reflect.ValueOf((*modPoint)(nil)),
			"Origin":  reflect.ValueOf(func() modPoint { return modPoint{} }),
			"Version": reflect.ValueOf("v1"),
		},
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	mustExec(t, s, "import \"example.com/geo\"\np := geo.Point{X: 3, Y: 4}")
	if out, _ := mustExec(t, s, "p.Norm2()"); out != "25" {
		t.Errorf("p.Norm2() = %q, want 25", out)
	}
	c := s.Complete("geo.Or", 6)
	if !slices.Contains(c.Matches, "Origin") {
		t.Errorf("completing geo.Or: %q", c.Matches)
	}
	c = s.Complete("p.No", 4)
	if !slices.Contains(c.Matches, "Norm2") {
		t.Errorf("completing p.No: %q", c.Matches)
	}
	in := s.Inspect("geo.Origin", 10, 0)
	if text, _ := in.Data["text/plain"].(string); !in.Found || !strings.Contains(text, "func Origin()") {
		t.Errorf("inspect geo.Origin: %+v", in)
	}
}
