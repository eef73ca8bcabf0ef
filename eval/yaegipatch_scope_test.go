package eval

import (
	"bytes"
	"go/parser"
	"reflect"
	"testing"

	stdlib "github.com/peerbook/peerbook/eval/internal/stdlib"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

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
