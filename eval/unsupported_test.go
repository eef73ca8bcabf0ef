package eval

import (
	"reflect"
	"strings"
	"testing"
)

// Cells that yaegi would run with a result Go would not give are refused at compile time
// with an error naming the limit (eval/rewrite/unsupported.go).
func TestUnsupportedRefused(t *testing.T) {
	// Cases with pool set are refused only when the pool of named types of that
	// underlying type is used up (yaegi patch 53); TestPatchNamedType* run them.
	f64, str, i, empty := reflect.TypeOf(0.0), reflect.TypeOf(""), reflect.TypeOf(0), reflect.TypeOf(struct{}{})
	cases := []struct {
		name, code, want string
		pool             reflect.Type
	}{
		{"recursive generic with other arguments", "type node[K comparable, V comparable] struct {\n\tnext *node[V, K]\n}",
			"generic type node refers to itself with type arguments other than its parameters in order", nil},
		{"switch cases", "type C float64\ntype F float64\nfunc k(v any) int {\n\tswitch v.(type) {\n\tcase C:\n\t\treturn 1\n\tcase F:\n\t\treturn 2\n\t}\n\treturn 0\n}",
			"type switch cases C and F are not supported together in cells", f64},
		{"switch case and underlying", "type C float64\nfunc k(v any) int {\n\tswitch v.(type) {\n\tcase float64:\n\t\treturn 1\n\tcase C:\n\t\treturn 2\n\t}\n\treturn 0\n}",
			"type switch cases float64 and C are not supported together in cells", f64},
		{"assertion", "type ID int\ntype Count int\nvar x any = ID(1)\n_, ok := x.(Count)",
			"type assertion to Count is not supported in cells", i},
		{"context keys", "import \"context\"\ntype key string\nctx := context.WithValue(context.Background(), \"u\", 1)\nctx = context.WithValue(ctx, key(\"u\"), 2)",
			"context keys of types string and key are not supported together in cells", str},
		{"empty struct context keys", "import \"context\"\ntype a struct{}\ntype b struct{}\nctx := context.WithValue(context.Background(), a{}, 1)\n_ = ctx.Value(b{})",
			"context keys of types a and b are not supported together in cells", empty},
		{"reflect of a cell interface", "import \"reflect\"\ntype Shape interface{ Area() float64 }\nt := reflect.TypeOf((*Shape)(nil)).Elem()",
			"reflect.TypeOf of a value of type *Shape is not supported in cells: the interface type Shape declared in a cell has no reflect type of its own", nil},
		{"reflect of a struct embedding a cell interface", "import \"reflect\"\ntype Named interface{ Name() string }\ntype Post struct {\n\tNamed\n\tTitle string\n}\nn := reflect.ValueOf(Post{}).NumField()",
			"reflect.ValueOf of a value of type Post is not supported in cells: the interface type Named declared in a cell has no reflect type of its own", nil},
		{"reflect of a named composite type without a pool type", "import \"reflect\"\ntype Grid [5]int\nn := reflect.TypeOf(Grid{}).Name()",
			"reflect.TypeOf of a value of type Grid is not supported in cells: the type Grid declared in a cell has no reflect type of its own (it would be [5]int)", nil},
		{"reflect of an unnamed struct with unexported fields", "import \"reflect\"\nn := reflect.TypeOf(struct{ a int }{1}).Field(0).Name",
			"reflect.TypeOf of a value of type struct{a int} is not supported in cells: the unexported field a of an unnamed struct type would show renamed (Xa)", nil},
		{"reflect.TypeFor a cell interface", "import \"reflect\"\ntype Shape interface{ Area() float64 }\nk := reflect.TypeFor[Shape]().Kind()",
			"reflect.TypeFor[Shape] is not supported in cells: the interface type Shape declared in a cell has no reflect type of its own", nil},
		{"reflect method promoted through a struct", "import \"reflect\"\ntype U struct{ A int }\ntype W struct{ reflect.Type }\nw := W{reflect.TypeOf(U{})}\nn := w.Name()",
			"the method Name of reflect.Type promoted through W is not supported in cells", nil},
		{"reflect method value", "import \"reflect\"\ntype U struct{ Name string }\nname := reflect.TypeOf(U{}).Name",
			"the method value Name of a reflect.Type is not supported in cells", nil},
		{"reflect method expression", "import \"reflect\"\nfield := reflect.Value.FieldByName",
			"the method expression reflect.Value.FieldByName is not supported in cells", nil},
		{"reflect type to encoding/json", "import (\n\t\"encoding/json\"\n\t\"reflect\"\n)\ntype U struct{ A int }\nb, _ := json.Marshal(reflect.TypeOf(U{}))",
			"passing a reflect.Type (reflect.Type) to encoding/json.Marshal is not supported in cells", nil},
		{"reflect types printed in a slice", "import (\n\t\"fmt\"\n\t\"reflect\"\n)\ntype U struct{ A int }\nfmt.Println([]reflect.Type{reflect.TypeOf(U{})})",
			"passing a []reflect.Type (reflect.Type) to fmt.Println is not supported in cells", nil},
		{"map keys", "type key string\nm := map[any]int{key(\"a\"): 1, \"a\": 2}",
			"keys of a map[any]int of types key and string are not supported together in cells", str},
		{"template on a cell type with methods", "import (\n\t\"os\"\n\t\"text/template\"\n)\ntype P struct{ F, L string }\nfunc (p P) Full() string { return p.F + p.L }\ntype Page struct{ Who []*P }\ntemplate.Must(template.New(\"t\").Parse(\"{{range .Who}}{{.Full}}{{end}}\")).Execute(os.Stdout, Page{})",
			"executing a template on data of type Page is not supported in cells: it holds a P", nil},
		{"recursive function type", "type stateFn func(r rune) stateFn",
			"type stateFn refers to itself through a function type (func(r rune) stateFn): recursive function types are not supported in cells", nil},
		{"runtime.TypeAssertionError", "import (\n\t\"errors\"\n\t\"runtime\"\n)\nvar te *runtime.TypeAssertionError\n_ = errors.As(errors.New(\"x\"), &te)",
			"runtime.TypeAssertionError is not supported in cells", nil},
		{"runtime.Caller", "import \"runtime\"\n_, file, line, _ := runtime.Caller(0)\n_, _ = file, line",
			"runtime.Caller is not supported in cells: it reports the interpreter's frames", nil},
		{"runtime.Callers and FuncForPC", "import \"runtime\"\npcs := make([]uintptr, 4)\nn := runtime.Callers(1, pcs)\n_ = runtime.FuncForPC(pcs[0]).Name()\n_ = n",
			"runtime.Callers is not supported in cells", nil},
		{"runtime.FuncForPC as a value", "import \"runtime\"\nfind := runtime.FuncForPC\n_ = find",
			"runtime.FuncForPC is not supported in cells", nil},
		{"runtime.CallersFrames", "import \"runtime\"\n_ = runtime.CallersFrames(nil)",
			"runtime.CallersFrames is not supported in cells", nil},
		{"runtime.Stack", "import \"runtime\"\nbuf := make([]byte, 1024)\n_ = runtime.Stack(buf, false)",
			"runtime.Stack is not supported in cells", nil},
		{"runtime/debug.Stack", "import \"runtime/debug\"\n_ = debug.Stack()",
			"runtime/debug.Stack is not supported in cells", nil},
		{"runtime/debug.PrintStack", "import \"runtime/debug\"\ndefer debug.PrintStack()",
			"runtime/debug.PrintStack is not supported in cells", nil},
		{"runtime.ReadMemStats", "import \"runtime\"\nvar m runtime.MemStats\nruntime.ReadMemStats(&m)",
			"runtime.ReadMemStats is not supported in cells: it measures the evaluator process", nil},
		{"function type recursive through another", "type G func() []F\ntype F func() G",
			"type G refers to itself through a function type", nil},
		{"json.Marshal as a value", "import \"encoding/json\"\nenc := json.Marshal\n_, _ = enc(1)",
			"json.Marshal used as a function value is not supported in cells", nil},
		{"xml with an any while a cell type has MarshalText", "import \"encoding/xml\"\ntype L int\nfunc (l L) MarshalText() ([]byte, error) { return []byte(\"l\"), nil }\nvar v any = L(1)\n_, _ = xml.Marshal(v)",
			"xml.Marshal with a value of type any is not supported in cells: its interfaces (any) may hold a value of L", nil},
		{"xml with a cell type's MarshalText", "import \"encoding/xml\"\ntype L int\nfunc (l L) MarshalText() ([]byte, error) { return []byte(\"l\"), nil }\ntype R struct{ A []L }\n_, _ = xml.Marshal(R{})",
			"xml.Marshal with a value of type R is not supported in cells: it holds a L, and encoding/xml does not see the methods", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.pool != nil {
				defer exhaustPool(t, c.pool)()
			}
			s := newSession(t)
			expectRefusedBeforeRunning(t, s, c.code, c.want)
		})
	}
}

// What Go and yaegi agree on is not refused, and a refused cell leaves nothing behind.
func TestUnsupportedNotOverBroad(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, `import (
	"context"
	"fmt"
	"reflect"
)

type Celsius float64
type Point struct{ X, Y int }
type ctxKey struct{ name string }

func (c Celsius) String() string { return fmt.Sprintf("%.1fC", float64(c)) }

func kind(v any) string {
	switch v.(type) {
	case Celsius:
		return "celsius"
	case Point:
		return "point"
	case string:
		return "string"
	}
	return "other"
}

ctx := context.WithValue(context.Background(), ctxKey{"user"}, "ann")
k := reflect.TypeOf(3.5).Kind()
m := map[any]int{Point{1, 2}: 1, "a": 2}`)
	if out, _ := mustExec(t, s, `kind(Celsius(3)) + " " + kind(Point{}) + " " + ctx.Value(ctxKey{"user"}).(string)`); out != "celsius point ann" {
		t.Errorf("got %q", out)
	}
	release := exhaustPool(t, reflect.TypeOf(0.0))
	_, e, _ := run(t, s, "type Fahrenheit float64\nvar refusedVar = 1\nfunc k2(v any) bool { _, ok := v.(Fahrenheit); return ok }")
	release()
	if e == nil || !strings.Contains(e.Value, "type assertion to Fahrenheit is not supported in cells") {
		t.Fatalf("want the assertion refused (no pool type left: a Fahrenheit is a float64), got %v", e)
	}
	if _, e, _ := run(t, s, "refusedVar"); e == nil {
		t.Errorf("a refused cell defined refusedVar")
	}
	if out, _ := mustExec(t, s, "len(m)"); out != "2" {
		t.Errorf("got %q after the refused cell", out)
	}
}

// A template executed on data whose cell types have no methods runs: only data holding a
// cell type with methods is refused.
func TestTemplateOnPlainCellTypesRuns(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, "import (\n\t\"os\"\n\t\"text/template\"\n)\ntype P struct{ F, L string }\ntype Page struct{ Who []*P }\ntemplate.Must(template.New(\"t\").Parse(\"{{range .Who}}{{.F}}.{{.L}};{{end}}\")).Execute(os.Stdout, Page{[]*P{{\"a\", \"b\"}}})")
	if got := rec.stream("stdout"); got != "a.b;" {
		t.Errorf("got %q, want %q", got, "a.b;")
	}
}

// A value of a cell type with methods put in an []any by an earlier cell and kept in a
// session variable reaches a template as the interpreter's wrapper (before: printed
// [{0xc… {0xc… 0xc… 409}}] with status ok): the later cell, which does not name the type,
// panics with the reason when the template runs, and the session keeps its variable.
func TestTemplateOnEarlierCellAnyRefused(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "type P struct{ X int }\nfunc (p P) S() int { return p.X }\nvar data = []any{P{1}}")
	_, e, rec := run(t, s, "import (\n\t\"os\"\n\t\"text/template\"\n)\ntemplate.Must(template.New(\"t\").Parse(\"{{.}}\")).Execute(os.Stdout, data)")
	want := "peerbook: executing a template on data holding a value of type main.P is not supported in cells"
	if e == nil || e.Name != NamePanic || !strings.Contains(e.Value, want) || rec.stream("stdout") != "" {
		t.Fatalf("got %v (stdout %q); want a panic with %q and no output", e, rec.stream("stdout"), want)
	}
	if out, _ := mustExec(t, s, "len(data)"); out != "1" {
		t.Errorf("len(data) = %q after the refused cell, want 1", out)
	}
}

// Template data whose interfaces (any) may hold a value of a cell type with methods is
// checked when the template runs: data that holds none runs with Go's output (go run of
// the same program, Go 1.26.8) though the cell declares such a type (before: refused at
// compile time), and data that holds one, directly, behind a pointer, in a nested map or
// in a field of type any, panics naming the type.
func TestTemplateDataCheckedWhenRun(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `import (
	"fmt"
	"os"
	"text/template"
)

type Person struct{ Name string }

func (p Person) String() string { return "person " + p.Name }

type Plain struct{ A, B int }

t := template.Must(template.New("t").Parse("{{.x}} {{index .y 1}} {{.p.Name}}\n"))
err := t.Execute(os.Stdout, map[string]any{"x": Plain{1, 2}, "y": []any{1, "a"}, "p": map[string]string{"Name": "Al"}})
fmt.Println(err, Person{"Bo"})
`)
	if got, want := rec.stream("stdout"), "{1 2} a Al\n<nil> person Bo\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, data := range []string{
		`map[string]any{"p": Person{"Al"}}`,
		`[]any{&Person{"Bo"}}`,
		`map[string]any{"l": []any{map[string]any{"deep": Person{"Cy"}}}}`,
		`struct{ V any }{Person{"Di"}}`,
	} {
		_, e, rec := run(t, s, "t.Execute(os.Stdout, "+data+")")
		want := "peerbook: executing a template on data holding a value of type "
		if e == nil || e.Name != NamePanic || !strings.Contains(e.Value, want) || !strings.Contains(e.Value, "main.Person") || rec.stream("stdout") != "" {
			t.Errorf("data %s: got %v (stdout %q); want a panic with %q", data, e, rec.stream("stdout"), want)
		}
	}
}

// slog calls and templates whose data hold only cell types without methods run, with Go's
// output (from go run of the same program, Go 1.26.8): only values of cell types with
// methods are refused.
func TestSlogAndTemplateOnPlainCellTypesRun(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `import (
	"log/slog"
	"os"
	"text/template"
)

type Item struct{ Name string }

h := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: func(g []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(g) == 0 {
		return slog.Attr{}
	}
	return a
}}))
args := []any{"item", Item{"a"}, "n", 2}
h.Info("m", args...)
h.With("g", Item{"b"}).Info("w", slog.Group("grp", "k", Item{"c"}))
template.Must(template.New("t").Parse("{{.I.Name}} {{.N}}\n")).Execute(os.Stdout, map[string]any{"I": Item{"d"}, "N": 3})`)
	want := "level=INFO msg=m item={Name:a} n=2\nlevel=INFO msg=w g={Name:b} grp.k={Name:c}\nd 3\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("got %q, want %q", got, want)
	}

	// A cell type whose methods log/slog would not call (no String, LogValue, Error,
	// MarshalText...) is not refused as a direct argument; want is go run's output.
	_, rec = mustExec(t, s, "type Box struct{ W, H int }\nfunc (b Box) Area() int { return b.W * b.H }\nh.Info(\"b\", \"box\", Box{2, 3}, \"area\", Box{2, 3}.Area())")
	if got, want := rec.stream("stdout"), "level=INFO msg=b box=\"{W:2 H:3}\" area=6\n"; got != want {
		t.Errorf("a type with other methods: got %q, want %q", got, want)
	}
}

// A method declared in a later cell on a type without a run-time identity of its own
// (type Temp float64 declared when the pool of yaegi patch 53 had no float64 type left)
// is refused once an earlier cell put a Temp in an interface: held as a float64 there,
// that value would never get the method. With a pool type, the value gets it. Printing a Temp, or putting
// a struct in an interface, does not count; declaring the type again starts over.
func TestUnsupportedLateMethod(t *testing.T) {
	setup := func(s *Session) {
		mustExec(t, s, "import \"fmt\"\ntype Temp float64\ntype Rec struct{ T Temp }\nfmt.Println(Temp(1))\nvar r any = Rec{2}")
		mustExec(t, s, "func (t Temp) Double() Temp { return 2 * t }\nfunc (r Rec) Get() Temp { return r.T }")
		mustExec(t, s, "var boxed []any\nboxed = append(boxed, Temp(3))")
	}
	// Temp took a pool type (patch 53): the values boxed before get the method, as in Go.
	s := newSession(t)
	setup(s)
	mustExec(t, s, "func (t Temp) String() string { return \"t\" }")
	if _, rec := mustExec(t, s, "_, ok := boxed[0].(fmt.Stringer)\nfmt.Println(boxed[0], ok)"); rec.stream("stdout") != "t true\n" {
		t.Errorf("a value boxed before the method: got %q, want %q (go run)", rec.stream("stdout"), "t true\n")
	}
	// No float64 pool type left: Temp is a float64 at run time, the method is refused.
	defer exhaustPool(t, reflect.TypeOf(0.0))()
	s = newSession(t)
	setup(s)
	_, e, _ := run(t, s, "func (t Temp) String() string { return \"t\" }")
	want := "peerbook: method Temp.String is not supported in cells: earlier cells put values of Temp in interfaces"
	if e == nil || e.Name != NameCompile || !strings.Contains(strings.Join(e.Traceback, "\n"), want) {
		t.Fatalf("got %v; want a CompileError with %q", e, want)
	}
	mustExec(t, s, "type Temp float64\nfunc (t Temp) String() string { return \"t\" }\nfmt.Println(Temp(4))")
	mustExec(t, s, "func (t Temp) Half() Temp { return t / 2 }")
}

// reflect.TypeOf and reflect.ValueOf of an interface holding a value of a cell type see
// the value's type as Go does (the interpreter's wrappers are taken off when the call
// runs, and the cell's reflect calls answer for cell types), also through a generic
// (want: go run's output).
func TestReflectOfCellValueInInterface(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "import (\n\t\"fmt\"\n\t\"reflect\"\n)\ntype Celsius float64\ntype P struct{ X int }\nfunc kind[T any](v T) string { return reflect.TypeOf(v).Kind().String() }")
	for _, c := range []struct{ code, want string }{
		{"var x any = Celsius(1)\nfmt.Println(reflect.TypeOf(x).Name())", "Celsius\n"},
		{"var y any = P{1}\nfmt.Println(reflect.ValueOf(y).Field(0))", "1\n"},
		{"fmt.Println(kind(Celsius(2)), kind(P{}), reflect.TypeOf(y))", "float64 struct main.P\n"},
	} {
		if _, rec := mustExec(t, s, c.code); rec.stream("stdout") != c.want {
			t.Errorf("%q: got %q, want %q", c.code, rec.stream("stdout"), c.want)
		}
	}
	if _, rec := mustExec(t, s, "var z any = 3\nfmt.Println(reflect.TypeOf(z), reflect.ValueOf(z).Int(), kind(2.5), kind(\"s\"))"); rec.stream("stdout") != "int 3 float64 string\n" {
		t.Errorf("reflect of plain values: %q", rec.stream("stdout"))
	}
}
