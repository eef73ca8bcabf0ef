package gosmith

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
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

// TestNoPrintedValueMayBeAPointerFromANamedInterface checks that a value asserted to an
// empty interface out of an interface with methods, which may hold a pointer, is never
// an operand of a print: fmt would print an address, which differs from run to run.
// Seeds 6000 and 22036 did.
func TestNoPrintedValueMayBeAPointerFromANamedInterface(t *testing.T) {
	imp := importer.Default()
	seeds := []int64{6000, 22036}
	for s := int64(1); s <= 300; s++ {
		seeds = append(seeds, s)
	}
	checked := 0
	for _, seed := range seeds {
		src := Generate(seed).Source()
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "main.go", src, 0)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
		if _, err := (&types.Config{Importer: imp}).Check("main", fset, []*ast.File{f}, info); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		// The variables that may hold a pointer out of a named interface.
		suspect := map[types.Object]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 {
				return true
			}
			ta, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
			if !ok || ta.Type == nil {
				return true
			}
			to, ok := info.Types[ta.Type].Type.Underlying().(*types.Interface)
			from, ok2 := info.Types[ta.X].Type.Underlying().(*types.Interface)
			if !ok || !ok2 || to.NumMethods() != 0 || from.NumMethods() == 0 {
				return true
			}
			if id, ok := as.Lhs[0].(*ast.Ident); ok && info.Defs[id] != nil {
				suspect[info.Defs[id]] = true
			}
			return true
		})
		if len(suspect) == 0 {
			continue
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || !strings.HasPrefix(sel.Sel.Name, "Print") {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "fmt" {
				return true
			}
			for _, a := range call.Args {
				if id, ok := ast.Unparen(a).(*ast.Ident); ok && suspect[info.Uses[id]] {
					t.Errorf("seed %d: %s prints %s, which may hold a pointer out of a named interface", seed, fset.Position(call.Pos()), id.Name)
				}
			}
			return true
		})
	}
	if checked < 2 {
		t.Fatalf("only %d programs assert a named interface's value to an empty interface: the check checks nothing", checked)
	}
}
