package gosmith

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestProgramsTypeCheck checks that generated programs are valid Go.
func TestProgramsTypeCheck(t *testing.T) {
	imp := importer.Default()
	n := 1000
	if testing.Short() {
		n = 40
	}
	bad := 0
	for seed := int64(1); seed <= int64(n); seed++ {
		p := Generate(seed)
		src := p.Source()
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "main.go", src, 0)
		if err != nil {
			t.Errorf("seed %d: %v\n%s", seed, err, numbered(src))
			bad++
			continue
		}
		conf := types.Config{Importer: imp}
		if _, err := conf.Check("main", fset, []*ast.File{f}, nil); err != nil {
			bad++
			if bad <= 3 {
				t.Errorf("seed %d: %v\n%s", seed, err, numbered(src))
			} else {
				t.Errorf("seed %d: %v", seed, err)
			}
		}
	}
}
