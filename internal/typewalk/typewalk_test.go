package typewalk

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"
)

func TestComponents(t *testing.T) {
	src := `package p
type N int
var (
	ptr *N
	sl  []string
	arr [3]bool
	m   map[string]N
	ch  chan<- float64
	fn  func(int, string) (N, error)
	st  struct{ A int; B *N }
	n   N
	i   interface{ M() int }
)`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string][]string{
		"ptr": {"p.N"},
		"sl":  {"string"},
		"arr": {"bool"},
		"m":   {"string", "p.N"},
		"ch":  {"float64"},
		"fn":  {"int", "string", "p.N", "error"},
		"st":  {"int", "*p.N"},
		"n":   nil,
		"i":   nil,
	} {
		var got []string
		Components(pkg.Scope().Lookup(name).Type(), func(c types.Type) { got = append(got, c.String()) })
		if !slices.Equal(got, want) {
			t.Errorf("%s: components %q, want %q", name, got, want)
		}
	}
}
