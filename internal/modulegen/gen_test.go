package main

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/internal/modulegen/naming"
)

const statsPath = "example.com/localmod/stats"

// testImporter imports the testdata library of kernel/modules from its source, and the
// standard library as the go command has it.
type testImporter struct {
	fset *token.FileSet
	std  types.Importer
	pkg  *types.Package
}

func (im *testImporter) Import(path string) (*types.Package, error) {
	if path != statsPath {
		return im.std.Import(path)
	}
	if im.pkg != nil {
		return im.pkg, nil
	}
	dir := "../../kernel/modules/testdata/localmod/stats"
	names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	var files []*ast.File
	for _, n := range names {
		f, err := parser.ParseFile(im.fset, n, nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	pkg, err := (&types.Config{Importer: im.std}).Check(path, im.fset, files, nil)
	im.pkg = pkg
	return pkg, err
}

func TestInstantiate(t *testing.T) {
	fset := token.NewFileSet()
	imp := &testImporter{fset: fset, std: importer.ForCompiler(fset, "source", nil)}
	pkg, err := imp.Import(statsPath)
	if err != nil {
		t.Fatal(err)
	}
	g := newGen(map[string]*types.Package{statsPath: pkg})
	if !g.hasGenerics() {
		t.Fatal("stats has generics; the generator saw none")
	}
	cells := []string{
		"%%time\nimport (\n\t\"fmt\"\n\t\"example.com/localmod/stats\"\n)\n\ntype Square struct{ Side float64 }",
		"xs := []int{1, 2}\nys := stats.Map(xs, func(x int) string { return fmt.Sprint(x) })",
		"  zs := stats.Map([]float64{1}, func(f float64) float64 { return f })",
		"var st stats.Stack[int]\nst.Push(1)\nfmt.Println(ys, zs, stats.Pair[string, []int]{})",
		"bad := stats.Map([]Square{{1}}, func(s Square) int { return 0 })",
		"func labels() []string {\n\treturn stats.Map(xs, func(x int) string { return fmt.Sprint(x) + \"!\" })\n}",
		"ok := stats.Filter(xs, func(x int) bool { return x > 1 })\nstats.Map?",
	}
	instantiate(g, fset, imp, cells)
	table := g.tables[statsPath]
	site := func(cell, line, col int) string {
		return table[naming.SitePrefix+naming.SiteKey("Map", strings.Split(cells[cell], "\n")[line-1], col)]
	}
	a, b := site(1, 2, 13), site(2, 1, 15)
	if a == "" || b == "" || a == b || strings.HasPrefix(a, "!") || strings.HasPrefix(b, "!") {
		t.Errorf("the two inferred uses of stats.Map: %q and %q, want two instances\ntable %q", a, b, table)
	}
	// A function declared in a cell sees the variables earlier cells' statements define.
	if got := site(5, 2, 15); got != a {
		t.Errorf("stats.Map(xs, ...) in a declared function: %q, want the instance %q", got, a)
	}
	// A cell with a line that is not Go (a name? query) still has its uses found.
	if got := table[naming.SitePrefix+naming.SiteKey("Filter", strings.Split(cells[6], "\n")[0], 13)]; got == "" || strings.HasPrefix(got, "!") {
		t.Errorf("stats.Filter in a cell with a syntax error elsewhere: %q", got)
	}
	if why := site(4, 1, 14); !strings.Contains(why, "declared in the notebook") {
		t.Errorf("stats.Map with a cell type: %q, want a refusal naming it", why)
	}
	canon := func(src string) string {
		x, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		var args []ast.Expr
		switch x := x.(type) {
		case *ast.IndexExpr:
			args = []ast.Expr{x.Index}
		case *ast.IndexListExpr:
			args = x.Indices
		}
		c, err := naming.Canon(args, func(string) (string, bool) { return "", false })
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	insts := g.insts[statsPath]
	for _, want := range []string{naming.Mangle("Stack", canon("T[int]")), naming.Mangle("Pair", canon("T[string, []int]")), a, b} {
		if _, ok := insts[want]; !ok {
			t.Errorf("no instance %s in %q", want, insts)
		}
	}
	src := g.file()
	f, err := parser.ParseFile(token.NewFileSet(), "", src, 0)
	if err != nil {
		t.Fatalf("the generated file does not parse: %v\n%s", err, src)
	}
	for _, want := range []string{`p0.Map[int, string]`, `(*p0.Stack[int])(nil)`, `p0.Pair[string, []int]`, `"_pb_generics"`} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the generated file lacks %s:\n%s", want, src)
		}
	}
	_ = f
	if testing.Verbose() {
		os.Stdout.Write(src)
	}
}

func TestSplitCell(t *testing.T) {
	lines := strings.Split("%%time\nimport \"fmt\"\n\nfunc f() int {\n\treturn 1\n}\nx := f()\nvar y = x\nfmt.Println(x,\n\ty)\n!ls", "\n")
	decl, stmt, ok := splitCell(lines)
	if !ok {
		t.Fatal("not ok")
	}
	wantDecl := "\nimport \"fmt\"\n\nfunc f() int {\n\treturn 1\n}\n\nvar y = x\n\n\n"
	wantStmt := "\n\n\n\n\n\nx := f()\n\nfmt.Println(x,\n\ty)\n"
	if decl != wantDecl || stmt != wantStmt {
		t.Errorf("decl %q\nstmt %q", decl, stmt)
	}
	if _, _, ok := splitCell([]string{"%%cuda", "__global__ void k() {}"}); ok {
		t.Error("a CUDA cell was split")
	}
}
