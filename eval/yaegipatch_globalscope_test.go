package eval

import (
	"bytes"
	"go/parser"
	"reflect"
	"runtime"
	"strconv"
	"testing"

	stdlib "github.com/peerbook/peerbook/eval/internal/stdlib"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

// Tests of the yaegi patches about the interpreter's global frame and scope, where a
// session's cells run (eval/third_party/yaegi/PATCHES.md): a cell's cost stays flat in
// the number of cells run before it (patches 14 and 15: closures copy only the global
// slots they read, the global scope keeps no program's tree), and the scope API the
// session reads and edits names through (patch 17). Expected outputs are what `go run`
// prints for the same programs.

// closureStatements are top-level statements making closures that read and write the
// locals of top-level blocks (a loop body's variable, new in each iteration, a nested closure, a call's
// two results stored through a closure). closureWant is what `go run` prints for them in
// func main.
const closureStatements = `
for i := 0; i < 3; i++ {
	j := i * 10
	fs = append(fs, func() string { return fmt.Sprint(j) })
}
for _, f := range fs {
	fmt.Println(f())
}
if a, b := 1, "x"; a > 0 {
	g := func() func() string {
		return func() string { a++; return fmt.Sprint(a, b) }
	}
	h := g()
	fmt.Println(h(), h(), a)
	var n int
	var s string
	set := func() { n, s = two() }
	set()
	fmt.Println(n, s)
}
k := 0
inc := func() { k++ }
inc()
inc()
fmt.Println(k)
`

const closureWant = "0\n10\n20\n2x 3x 3\n7 seven\n2\n"

// Patch 14: a closure made in the global frame copies only the slots it reads there, and
// the global frame grows with spare capacity; closures made by top-level statements still
// see their own loop variables, share the locals they write, and store results in place.
func TestPatchGlobalFrameClosures(t *testing.T) {
	var out, errOut bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out, Stderr: &errOut})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	// Top-level statements of the bare interpreter run in its global frame; programs
	// run before them make the frame longer than the closures' slots.
	for n, src := range []string{
		`import "fmt"`,
		"func two() (int, string) { return 7, \"seven\" }",
		"var fs []func() string",
		"x0 := 1", "x1 := 2", "x2 := x0 + x1",
		closureStatements,
	} {
		if _, err := i.Eval(src); err != nil {
			t.Fatalf("eval %d: %v\nstderr: %s", n, err, errOut.String())
		}
	}
	if got := out.String(); got != closureWant {
		t.Errorf("bare interpreter: got %q, want %q", got, closureWant)
	}
	s := newSession(t)
	mustExec(t, s, "import \"fmt\"\n\nfunc two() (int, string) { return 7, \"seven\" }\n\nvar fs []func() string")
	_, rec := mustExec(t, s, closureStatements)
	if got := rec.stream("stdout"); got != closureWant {
		t.Errorf("session: got %q, want %q", got, closureWant)
	}
}

// Patch 15: the global scope does not keep the scopes of the programs compiled in it, nor
// through them their syntax trees: the live heap of a session running the same cell again
// and again grows by the few slots each cell adds, not by the cell's tree (the session
// drops the trees yaegi keeps for its debugger, see dropRoots).
func TestPatchGlobalScopeChildren(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "x := 0")
	const cell = "if x >= 0 {\n\ty := x + 1\n\tx = y\n}"
	runN := func(n int) {
		for j := 0; j < n; j++ {
			mustExec(t, s, cell)
		}
	}
	runN(100)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	const n = 2000
	runN(n)
	runtime.GC()
	runtime.ReadMemStats(&after)
	perCell := (int64(after.HeapAlloc) - int64(before.HeapAlloc)) / n
	t.Logf("live heap: %d B per cell %q", perCell, cell)
	if perCell > 2000 {
		t.Errorf("the live heap grows by %d B per cell %q, want the slots alone (under 2000 B)", perCell, cell)
	}
	if got, _ := mustExec(t, s, "x"); got != strconv.Itoa(n+100) {
		t.Errorf("x: got %q, want %d", got, n+100)
	}
}

// Patch 17: the scope API of the patched yaegi, on a bare interpreter (the session's use of
// it is TestScopeView and the redefinition tests).
func TestPatchScopeAPI(t *testing.T) {
	var out bytes.Buffer
	in := interp.New(interp.Options{Stdout: &out})
	if err := in.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if in.MainSymbol("x").IsValid() {
		t.Fatal("a symbol before any code was compiled")
	}
	if _, err := in.Eval(`import "fmt"; type T struct{ A int }; func (T) M() int { return 1 }; func (T) N() int { return 2 }; var x = 2; var p *T`); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"x": "var", "T": "type", "p": "var", "fmt/_.go": "pkg", "none": ""} {
		if got := in.MainSymbol(name).Kind(); got != want {
			t.Errorf("Kind(%s) = %q, want %q", name, got, want)
		}
	}
	if got := in.MainSymbol("x").TypeString(); got != "int" {
		t.Errorf("TypeString(x) = %q", got)
	}
	if name, path := in.MainSymbol("p").NamedType(); name != "T" || path != "main" {
		t.Errorf("NamedType(p) = %q, %q", name, path)
	}
	imports := map[string]string{}
	in.MainSymbols(func(name string, s interp.ScopeSymbol) bool {
		if s.Kind() == "pkg" {
			imports[name] = s.ImportPath()
		}
		return true
	})
	if imports["fmt/_.go"] != "fmt" || len(imports) != 1 {
		t.Errorf("imports %v", imports)
	}
	if got := in.PackageName("fmt"); got != "fmt" {
		t.Errorf("PackageName(fmt) = %q", got)
	}

	// Methods: drop one, put the saved set back.
	saved := in.Methods("T")
	if !saved.IsValid() || saved.Len() != 2 || in.Methods("none").IsValid() {
		t.Fatalf("Methods(T): %d methods", saved.Len())
	}
	if !in.DropMethod("T", "M") || in.DropMethod("T", "M") || in.Methods("T").Len() != 1 {
		t.Error("DropMethod(T, M) removed no method, or twice")
	}
	if _, err := in.Eval(`func (T) M() int { return 3 }`); err != nil {
		t.Fatalf("redefining M after DropMethod: %v", err)
	}
	if v, err := in.Eval(`T{}.M()`); err != nil || v.Interface() != 3 {
		t.Errorf("T{}.M() = %v, %v; want the new method's 3", v, err)
	}
	in.SetMethods("T", saved)
	if v, err := in.Eval(`T{}.M()`); err != nil || v.Interface() != 1 {
		t.Errorf("T{}.M() = %v, %v; want the saved method's 1", v, err)
	}

	// Symbols: remove one, put it back.
	x := in.MainSymbol("x")
	in.SetMainSymbol("x", interp.ScopeSymbol{})
	if in.MainSymbol("x").IsValid() {
		t.Error("x still there after SetMainSymbol(x, zero)")
	}
	if _, err := in.Eval(`x + 1`); err == nil {
		t.Error("x still compiles after it was removed")
	}
	in.SetMainSymbol("x", x)
	if v, err := in.Eval(`x + 1`); err != nil || v.Interface() != 3 {
		t.Errorf("x + 1 after x was put back: %v, %v", v, err)
	}

	// DropMainCall: code compiled after main is defined does not run main again.
	if _, err := in.Eval(`func main() { fmt.Println("main ran") }`); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	f, err := parser.ParseFile(in.FileSet(), "_.go", "package main\nvar y = 1", 0)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := in.CompileAST(f)
	if err != nil {
		t.Fatal(err)
	}
	in.DropMainCall(prog)
	if _, err := in.Execute(prog); err != nil {
		t.Fatal(err)
	}
	if out.Len() != 0 {
		t.Errorf("main ran after DropMainCall: %q", out.String())
	}
	f, _ = parser.ParseFile(in.FileSet(), "_.go", "package main\nvar z = 1", 0)
	if prog, err = in.CompileAST(f); err != nil {
		t.Fatal(err)
	}
	if _, err := in.Execute(prog); err != nil {
		t.Fatal(err)
	}
	if out.String() != "main ran\n" {
		t.Errorf("without DropMainCall, main should run once: %q", out.String())
	}
	in.DropRoots() // what it frees is measured by TestPatchGlobalScopeChildren

	// HeldValue: an interpreted value inside an interface of the interpreter.
	if _, err := in.Eval(`type I interface{ M() int }`); err != nil {
		t.Fatal(err)
	}
	v, err := in.Eval(`[]I{T{A: 5}, &T{A: 6}}`)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []struct {
		name string
		a    int64
	}{{"main.T", 5}, {"*main.T", 6}} {
		held, name, ok := interp.HeldValue(v.Index(i))
		if !ok || name != want.name {
			t.Errorf("HeldValue(element %d) = %v, %q, %v; want a %s", i, held, name, ok, want.name)
			continue
		}
		if held.Kind() == reflect.Pointer {
			held = held.Elem()
		}
		if held.Field(0).Int() != want.a {
			t.Errorf("HeldValue(element %d) holds %v, want A %d", i, held, want.a)
		}
	}
	if _, _, ok := interp.HeldValue(reflect.ValueOf(5)); ok {
		t.Error("HeldValue(5) reports a held value")
	}
}
