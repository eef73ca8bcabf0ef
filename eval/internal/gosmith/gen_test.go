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
	n := 300 // the soak command checks every program it runs the same way
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

// TestCutPoints checks that no declaration before a cut point refers to one after it,
// that glued declarations stay with the one before, and that the program is the same
// for the same seed.
func TestCutPoints(t *testing.T) {
	for seed := int64(1); seed <= 50; seed++ {
		p := Generate(seed)
		if p.Source() != Generate(seed).Source() {
			t.Fatalf("seed %d: two programs", seed)
		}
		defined := map[string]int{}
		for i, d := range p.Decls {
			for _, n := range d.Names {
				defined[n] = i
			}
		}
		for _, cut := range p.CutPoints() {
			if p.Decls[cut].Glued {
				t.Errorf("seed %d: cut before a glued declaration", seed)
			}
			for _, d := range p.Decls[:cut] {
				for _, w := range identifiers(d.Src) {
					if j, ok := defined[w]; ok && j >= cut {
						t.Errorf("seed %d: cut at %d, but a declaration before it uses %s", seed, cut, w)
					}
				}
			}
		}
	}
}
