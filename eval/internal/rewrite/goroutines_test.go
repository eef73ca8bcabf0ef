package rewrite

import (
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"strings"
	"testing"
)

// IsolateGo turns each go statement into a call of the starter with a function literal
// run at once: the callee and the arguments are evaluated there (a builtin callee stays a
// name, f(g()) calls g in the goroutine, a spread argument stays spread), the hooks come
// where they should, and go statements inside goroutines are rewritten too.
func TestIsolateGo(t *testing.T) {
	src := `package p
func _() {
	go f(a, b[i])
	go println(x)
	go f(g())
	go f(xs...)
	go func() {
		go h()
	}()
L:
	go h()
}`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	IsolateGo(f, GoHooks{Start: "S.Go", Started: "S.Started()", Deferred: "func() { S.Done(recover()) }"})
	var b strings.Builder
	printer.Fprint(&b, fset, f)
	got := strings.Join(strings.Fields(strings.ReplaceAll(b.String(), ";", "")), " ")
	for _, want := range []string{
		"S.Go(func() func() { _pbf, _pba0, _pba1 := f, a, b[i] S.Started() return func() { defer func() { S.Done(recover()) }() _pbf(_pba0, _pba1) } }())",
		"S.Go(func() func() { _pba0 := x S.Started() return func() { defer func() { S.Done(recover()) }() println(_pba0) } }())",
		"_pbf := f S.Started() return func() { defer func() { S.Done(recover()) }() _pbf(g()) }",
		"_pbf, _pba0 := f, xs S.Started() return func() { defer func() { S.Done(recover()) }() _pbf(_pba0...) }",
		"_pbf := h",
		"L: S.Go(",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, b.String())
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if _, ok := n.(*ast.GoStmt); ok {
			t.Errorf("a go statement is left at %s", fset.Position(n.Pos()))
		}
		return true
	})
	if n := strings.Count(got, "S.Go("); n != 7 {
		t.Errorf("%d starts for 7 go statements", n)
	}
}
