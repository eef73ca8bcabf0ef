package eval

import (
	"go/token"
	"go/types"
	"reflect"
	"strings"
	"testing"
)

// cellCase is a cell and the value it must show ("" for none).
type cellCase struct{ code, want string }

// runCases runs cells in order in one session and checks their values; a cell that fails
// fails the test with its traceback.
func runCases(t *testing.T, s *Session, cases []cellCase) {
	t.Helper()
	for _, c := range cases {
		res, e, _ := run(t, s, c.code)
		if e != nil {
			t.Errorf("%q failed: %s: %s\n%s", c.code, e.Name, e.Value, strings.Join(e.Traceback, "\n"))
			continue
		}
		if got := valueText(res); got != c.want {
			t.Errorf("%q = %q, want %q", c.code, got, c.want)
		}
	}
}

// The cases yaegi v0.16.1 gets wrong when top-level statements run in its global scope
// (each was "constant definition loop" or a reflect panic there).
func TestTopLevelDefinitionsFromCompiledResults(t *testing.T) {
	s := newSession(t)
	runCases(t, s, []cellCase{
		{"import \"strings\"\nes := strings.Fields(\"a b\")", ""},
		{"z := es[0]\nz", "a"},
		{"z := strings.Fields(\"c d\")[1]\nz", "d"},
		{"ez := es", ""},
		{"z := ez[1]\nz", "b"},
		{"ez2 := es\nz := ez2[0] + ez2[1]\nz", "ab"},
		{"for _, e := range es { _ = e }", ""},
		{"n := 0\nfor i, e := range es { n += len(e) + i }\nn", "3"},
		{"z := \"\"\nz = es[1]\nz", "b"},
		{"var first = es[0]\nfirst", "a"},
		{"var words = strings.Fields(\"x y z\")\nvar second = words[1]\nsecond + first", "ya"},
		{"tail := es[1:]\nlen(tail)", "1"},
	})
}

// Everyday top-level code: ranges over what compiled functions return, indexing, comma-ok
// forms, closures over top-level variables, struct values from packages, errors.
func TestEverydayTopLevelCode(t *testing.T) {
	s := newSession(t)
	runCases(t, s, []cellCase{
		{`import ("fmt"; "os"; "sort"; "strconv"; "strings"; "net/url"; "bytes"; "sync"; "time")`, ""},
		{"m := map[string]int{\"b\": 2, \"a\": 1}\nkeys := []string{}\nfor k := range m { keys = append(keys, k) }\nsort.Strings(keys)\nstrings.Join(keys, \",\")", "a,b"},
		{"v, ok := m[\"a\"]\nw, found := m[\"zz\"]\nfmt.Sprint(v, ok, w, found)", "1 true 0 false"},
		{"var x any = 3\nn, isInt := x.(int)\nfmt.Sprint(n, isInt)", "3 true"},
		{"ch := make(chan int, 1)\nch <- 7\ngot, open := <-ch\nfmt.Sprint(got, open)", "7 true"},
		{"n, err := strconv.Atoi(\"x12\")\nfmt.Sprint(n, err)", `0 strconv.Atoi: parsing "x12": invalid syntax`},
		{"_, err = os.Open(\"/nonexistent/file\")\nerr != nil", "true"},
		{"count := 0\ninc := func() { count++ }\ninc()\ninc()\ncount", "2"},
		{"inc()\ncount", "3"},
		{"u, err := url.Parse(\"http://example.com/a?q=1\")\nu.Host + u.Path + \"?\" + u.Query().Get(\"q\")", "example.com/a?1"},
		{"var buf bytes.Buffer\nbuf.WriteString(\"hello\")\nbuf.Len()", "5"},
		{"var wg sync.WaitGroup\nsq := make([]int, 4)\nfor i := 0; i < 4; i++ {\n\twg.Add(1)\n\tgo func(i int) { defer wg.Done(); sq[i] = i * i }(i)\n}\nwg.Wait()\nsq", "[0 1 4 9]"},
		{"entries, err := os.ReadDir(\"/\")\nnames := []string{}\nfor _, e := range entries { names = append(names, e.Name()) }\nlen(names) == len(entries) && len(names) > 0", "true"},
		{"info, err := os.Stat(\"/\")\ninfo.IsDir()", "true"},
		{"d := 1500 * time.Millisecond\nd.String()", "1.5s"},
		{"type Pt struct{ X, Y int }\nps := []Pt{{1, 2}, {3, 4}}\ntotal := 0\nfor _, p := range ps { total += p.X * p.Y }\ntotal", "14"},
		{"p := ps[1]\nq := &p\nq.X = 10\np.X + ps[1].X", "13"},
		{"nums := []int{3, 1, 2}\nsort.Ints(nums)\nsum := 0\nfor _, n := range nums { sum += n }\nfmt.Sprint(nums, sum)", "[1 2 3] 6"},
		{"fs := []func() int{}\nfor i := 0; i < 3; i++ { fs = append(fs, func() int { return i }) }\nfs[0]() + fs[2]()", "2"},
		{"ch2 := make(chan string)\ngo func() { ch2 <- \"hi\" }()\nmsg := <-ch2\nmsg", "hi"},
		{"a, b := 1, 2\na, b = b, a\nfmt.Sprint(a, b)", "2 1"},
		{"var c, d = 1, \"s\"\nconst k = 3\nfmt.Sprint(c, d, k)", "1s3"},
		{"L: for i := 0; i < 3; i++ { for j := 0; j < 3; j++ { if j == 1 { continue L }; if i == 2 { break L } } }\n\"labels\"", "labels"},
		{"i := 0\nloop:\ni++\nif i < 3 { goto loop }\ni", "3"},
	})
}

func TestRedefinitionWithNewType(t *testing.T) {
	s := newSession(t)
	runCases(t, s, []cellCase{
		{"x := 1\nx", "1"},
		{"x := \"now a string\"\nx + \"!\"", "now a string!"},
		{"x := x + \"?\"\nx", "now a string?"}, // same type: the old value is read
		{"y := 2", ""},
		{"y := []int{y, y}\nlen(y)", "2"},                // a later cell (in the same one: "no new variables", redeclare_test.go)
		{"var v int = 4\nv := float64(v) / 8\nv", "0.5"}, // new type read from the old
		{"type T struct{ A int }\nt := T{1}\nt.A", "1"},
		{"type T struct{ A, B int }\nt := T{1, 2}\nt.B", "2"},  // T is another type now
		{"import \"fmt\"\nfmt.Println(x)\nx := 3\nx * 2", "6"}, // the statement before sees the old x
	})
}

// Types of packages the cell does not import are reached through an import the session
// adds; what the session shows keeps the package's own name. Temporary variables of a
// redefinition are gone after the cell.
func TestHoistingDetails(t *testing.T) {
	s := newSession(t)
	runCases(t, s, []cellCase{
		{"import \"os\"\nentries, err := os.ReadDir(\"/\")\nn := 0\nfor range entries { n++ }\nn == len(entries)", "true"},
		{"s := \"abc\"", ""},
		{"s := len(s)\ns", "3"},
	})
	if d, _ := s.decls.def("entries"); d == nil || d.sig != "var entries []fs.DirEntry" {
		t.Errorf("entries recorded as %+v", d)
	}
	for _, sym := range s.scope.symbols() {
		if strings.HasPrefix(sym.Name, "_pb_tmp") {
			t.Errorf("temporary variable %s left in the session", sym.Name)
		}
	}
	if got := s.typer.varType("s"); got != "int" {
		t.Errorf("the typer remembers s as %q", got)
	}
}

// A panic names the line it happened on (yaegi alone names the first line of the step).
func TestPanicTracebackNamesTheLine(t *testing.T) {
	s := newSession(t)
	code := `import ("errors"; "fmt")
x := 1
y := 2
fmt.Sprint(x, y)
for i := 0; i < 2; i++ {
	_ = i
}
s := "a"
_ = s
var err error
if x > 0 {
	err = errors.New("bad input")
}
if err != nil {
	panic(err)
}`
	_, e, _ := run(t, s, code)
	if e == nil || e.Name != NamePanic || e.Value != "bad input" {
		t.Fatalf("want a panic with the error, got %+v", e)
	}
	tb := stripANSICodes(strings.Join(e.Traceback, "\n"))
	if !strings.Contains(tb, "(cell) at cell[") || !strings.Contains(tb, " 15:2") || !strings.Contains(tb, "panic(err)") {
		t.Errorf("traceback should point at line 15 (panic(err)):\n%s", tb)
	}
	if strings.Contains(tb, " 1:") {
		t.Errorf("traceback names line 1:\n%s", tb)
	}

	// In a function of another cell, and a runtime error at the top level.
	_, e, _ = run(t, s, "func boom(n int) {\n\tif n > 1 {\n\t\tpanic(fmt.Sprintf(\"boom %d\", n))\n\t}\n}")
	if e != nil {
		t.Fatal(e.Value)
	}
	_, e, _ = run(t, s, "a := 1\nb := 2\nboom(a + b)")
	tb = stripANSICodes(strings.Join(e.Traceback, "\n"))
	if e.Value != "boom 3" || !strings.Contains(tb, "boom(...) at cell[") || !strings.Contains(tb, " 3:3") || !strings.Contains(tb, "(cell) at cell[") {
		t.Errorf("panic in a function: %s\n%s", e.Value, tb)
	}
	_, e, _ = run(t, s, "var arr []int\nk := 5\n\n_ = arr[k]")
	tb = stripANSICodes(strings.Join(e.Traceback, "\n"))
	if e == nil || !strings.Contains(e.Value, "index out of range") || !strings.Contains(tb, " 4:") {
		t.Errorf("index out of range should point at line 4: %+v\n%s", e, tb)
	}
	// A recovered panic does not lend its line to a later runtime error.
	_, e, _ = run(t, s, "func() {\n\tdefer func() { recover() }()\n\tpanic(\"recovered\")\n}()\nvar m map[string]int\nm[\"a\"] = 1")
	tb = stripANSICodes(strings.Join(e.Traceback, "\n"))
	if e == nil || strings.Contains(tb, " 3:") || !strings.Contains(tb, " 6:") {
		t.Errorf("nil map write should point at line 6: %+v\n%s", e, tb)
	}
}

func stripANSICodes(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			for i < len(s) && s[i] != 'm' {
				i++
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// A defer at the top level runs when the cell ends: after the value, last first, with the
// arguments it had at the defer statement; also when the cell panics.
func TestTopLevelDefer(t *testing.T) {
	s := newSession(t)
	res, e, rec := run(t, s, "import \"fmt\"\nn := 1\ndefer fmt.Println(\"first deferred\", n)\ndefer fmt.Println(\"second deferred\")\nn = 2\nfmt.Println(\"body\", n)\nn * 10")
	if e != nil {
		t.Fatal(e.Value)
	}
	if got := rec.stream("stdout"); got != "body 2\nsecond deferred\nfirst deferred 1\n" {
		t.Errorf("output %q", got)
	}
	if valueText(res) != "20" {
		t.Errorf("value %q", valueText(res))
	}
	_, e, rec = run(t, s, "for i := 0; i < 3; i++ {\n\tdefer fmt.Print(i, \" \")\n}\nfmt.Print(\"loop \")")
	if e != nil || rec.stream("stdout") != "loop 2 1 0 " {
		t.Errorf("deferred in a loop: %q %v", rec.stream("stdout"), e)
	}
	_, e, rec = run(t, s, "defer fmt.Println(\"cleanup\")\npanic(\"failed\")")
	if e == nil || e.Value != "failed" || rec.stream("stdout") != "cleanup\n" {
		t.Errorf("defer on panic: %q %+v", rec.stream("stdout"), e)
	}
	_, e, _ = run(t, s, "defer func() { panic(\"in defer\") }()\nx := 1\n_ = x")
	if e == nil || e.Value != "in defer" {
		t.Errorf("a panicking deferred call fails the cell: %+v", e)
	}
	// Nothing is left over for the next cell.
	_, e, rec = run(t, s, "fmt.Print(\"next\")")
	if e != nil || rec.stream("stdout") != "next" {
		t.Errorf("next cell: %q %v", rec.stream("stdout"), e)
	}
}

// A return at the top level ends the cell.
func TestTopLevelReturn(t *testing.T) {
	s := newSession(t)
	res, e, rec := run(t, s, "import \"fmt\"\ndefer fmt.Println(\"deferred\")\nx := 1\nif x > 0 {\n\treturn\n}\nfmt.Println(\"not reached\")\nx")
	if e != nil {
		t.Fatal(e.Value)
	}
	if got := rec.stream("stdout"); got != "deferred\n" || res.Value != nil {
		t.Errorf("output %q, value %v", got, res.Value)
	}
}

// Errors keep the cell's positions when statements run as function literals.
func TestErrorsInWrappedStatements(t *testing.T) {
	s := newSession(t)
	for _, c := range []struct{ code, want string }{
		{"x := 1\ny := x +\n\t\"s\"\n_ = y", " 2:"},
		{"a := 1\nfor i := 0; i < 2; i++ {\n\ta += undefinedName\n}", "3:7: undefined: undefinedName"},
		{"z := 1\nz = \"text\"", " 2:"},
	} {
		_, e, _ := run(t, s, c.code)
		if e == nil || e.Name != NameCompile || !strings.Contains(e.Value, c.want) {
			t.Errorf("%q: %+v, want a compile error with %q", c.code, e, c.want)
		}
	}
}

// A failed definition leaves the variables of the session as they were.
func TestFailedDefinitionKeepsOldVariable(t *testing.T) {
	s := newSession(t)
	runCases(t, s, []cellCase{{"x := 5", ""}})
	if _, e, _ := run(t, s, "x := undefinedName + 1"); e == nil {
		t.Fatal("want an error")
	}
	runCases(t, s, []cellCase{{"x", "5"}, {"x := x * 2\nx", "10"}})
}

// What the typer can't write in a cell falls back on running the statement as written.
func TestTypeSpelling(t *testing.T) {
	main := types.NewPackage("main", "main")
	strs := types.NewPackage("strings", "strings")
	hidden := types.NewPackage("example.com/hidden", "hidden")
	ct := &cellTypes{pkg: main, names: map[string]string{"strings": "strings"}, aliases: map[string]string{},
		imp: newSymbolImporter(func(path string) map[string]reflect.Value { return nil })}
	named := func(p *types.Package, name string) types.Type {
		return types.NewNamed(types.NewTypeName(token.NoPos, p, name, nil), types.NewStruct(nil, nil), nil)
	}
	for _, c := range []struct {
		t    types.Type
		want string
		ok   bool
	}{
		{types.NewSlice(types.Typ[types.String]), "[]string", true},
		{types.NewPointer(named(strs, "Builder")), "*strings.Builder", true},
		{types.NewMap(types.Typ[types.String], named(main, "T")), "map[string]T", true},
		{named(strs, "builder"), "", false},         // unexported
		{named(hidden, "Thing"), "", false},         // a package the interpreter doesn't know
		{types.Typ[types.UntypedNil], "", false},    // untyped
		{named(strs, "Buffer[float32]"), "", false}, // an instance of a compiled generic type
	} {
		got, ok := ct.typeString(c.t)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("%v: %q %v, want %q %v", c.t, got, ok, c.want, c.ok)
		}
	}
}

// A loop at the top level of a cell (it runs in a function literal).
func BenchmarkTopLevelLoop(b *testing.B) {
	benchCell(b, "sum := 0", func(int) string {
		return "for i := 0; i < 100000; i++ {\n\tsum += i\n}"
	})
}

// A cell that defines variables from a compiled function's results and ranges over them.
func BenchmarkCellDefiningVariables(b *testing.B) {
	benchCell(b, "import \"strings\"", func(i int) string {
		return "words := strings.Fields(\"a bb ccc\")\nn := 0\nfor _, w := range words {\n\tn += len(w)\n}\nn"
	})
}
