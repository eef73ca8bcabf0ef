package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/eval/third_party/yaegi/extract"
	"github.com/peerbook/peerbook/internal/modulegen/naming"
)

const statsPath = "example.com/localmod/stats"

// statsLoader loads the testdata library of internal/modules from its folder, and the
// standard library as the go command has it.
func statsLoader(t *testing.T) (*loader, *types.Package) {
	t.Helper()
	l := newLoader(token.NewFileSet())
	l.dirs = map[string]string{statsPath: "../modules/testdata/localmod/stats"}
	pkg, err := l.Import(statsPath)
	if err != nil {
		t.Fatal(err)
	}
	return l, pkg
}

func TestInstantiate(t *testing.T) {
	l, pkg := statsLoader(t)
	g := newGen(map[string]*types.Package{statsPath: pkg})
	if !g.hasGenerics() {
		t.Fatal("stats has generics; the generator saw none")
	}
	cells := []string{
		"%%time\nimport (\n\t\"fmt\"\n\t\"example.com/localmod/stats\"\n)\n\ntype Square struct{ Side float64 }",
		"xs := []int{1, 2}\nys := stats.Map(xs, func(x int) string { return fmt.Sprint(x) })",
		"  zs := stats.Map([]float64{1}, func(f float64) float64 { return f })",
		"var st stats.Stack[int]\nst.Push(1)\nfmt.Println(ys, zs, stats.Pair[string, []byte]{})",
		"bad := stats.Map([]Square{{1}}, func(s Square) int { return 0 })",
		"func labels() []string {\n\treturn stats.Map(xs, func(x int) rune { return 'x' })\n}",
		"ok := stats.Filter(xs, func(x int) bool { return x > 1 })\nstats.Map?",
	}
	instantiate(g, l.fset, l, cells)
	insts := g.insts[statsPath]
	for _, want := range []struct{ name, canon string }{
		{"Map", "types:int,string"}, {"Map", "types:float64,float64"}, {"Stack", "types:int"},
		{"Pair", "types:string,[]uint8"}, {"Map", "types:int,int32"}, {"Filter", "types:int"},
	} {
		if _, ok := insts[naming.Mangle(want.name, want.canon)]; !ok {
			t.Errorf("no instance %s[%s] in %q", want.name, want.canon, insts)
		}
	}
	for sym := range insts {
		if strings.Contains(insts[sym], "Square") {
			t.Errorf("an instance of a type the cells declare was compiled: %s", insts[sym])
		}
	}
	src := g.file()
	if _, err := parser.ParseFile(token.NewFileSet(), "", src, 0); err != nil {
		t.Fatalf("the generated file does not parse: %v\n%s", err, src)
	}
	for _, want := range []string{`p0.Map[int, string]`, `(*p0.Stack[int])(nil)`, `p0.Pair[string, []byte]`, `"_pb_generics"`} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the generated file lacks %s:\n%s", want, src)
		}
	}
	if testing.Verbose() {
		os.Stdout.Write(src)
	}
}

// The interpreted copies of stats' generics: each exported generic with what it needs
// (unexported helpers and constants renamed into the session, compiled names through
// imports), or the reason it can't be copied; and the go/types source of the package.
func TestInterpreted(t *testing.T) {
	l, pkg := statsLoader(t)
	g := newGen(map[string]*types.Package{statsPath: pkg})
	g.interpreted(newBundler(l, []string{statsPath}))
	table := g.interp[statsPath]
	name := func(n string) string { return naming.InterpName("stats", statsPath, n) }
	entry := func(n string) (need []string, src string) {
		v, ok := table[name(n)]
		if !ok {
			t.Fatalf("no entry for %s in %q", n, table)
		}
		first, rest, _ := strings.Cut(v, "\n")
		return strings.Fields(first), rest
	}
	need, src := entry("Labels")
	self := naming.ImportAlias("stats", statsPath)
	if !slices.Contains(need, name("numbered")) || !slices.Contains(need, "@"+self+"="+statsPath) {
		t.Errorf("Labels needs %q, want numbered and stats (its compiled Labeler)", need)
	}
	if !strings.Contains(src, "func "+name("Labels")+"[T "+self+".Labeler]") || !strings.Contains(src, name("numbered")+"(i, x.Label())") {
		t.Errorf("Labels' copy:\n%s", src)
	}
	need, src = entry("numbered")
	alias := naming.ImportAlias("fmt", "fmt")
	if !slices.Contains(need, "@"+alias+"=fmt") || !strings.Contains(src, alias+".Sprintf") || !strings.Contains(src, name("firstIndex")) {
		t.Errorf("numbered needs %q:\n%s", need, src)
	}
	if _, src = entry("firstIndex"); src != "const "+name("firstIndex")+" = 1\n" {
		t.Errorf("the iota constant: %q", src)
	}
	if _, src = entry("sep"); src != "const "+name("sep")+" = \":\"\n" {
		t.Errorf("the string constant: %q", src)
	}
	// A compiled function is called through the package's import.
	need, src = entry("MeanBy")
	if !strings.Contains(src, self+".Mean("+name("Map")+"(xs, f))") || !slices.Contains(need, "@"+self+"="+statsPath) {
		t.Errorf("MeanBy needs %q:\n%s", need, src)
	}
	_, src = entry("Stack")
	for _, want := range []string{"type " + name("Stack") + "[T any] struct", "func (s *" + name("Stack") + "[T]) Push(x T)", "func (s *" + name("Stack") + "[T]) Len() int"} {
		if !strings.Contains(src, want) {
			t.Errorf("Stack's copy lacks %q:\n%s", want, src)
		}
	}
	if v := table[name("Count")]; !strings.HasPrefix(v, "!") || !strings.Contains(v, "package variable stats.counted") {
		t.Errorf("Count (uses a package variable): %q, want the reason", v)
	}
	// Generic types that refer to each other can't be copied (the interpreter overflows
	// its stack on them), nor what needs them; a generic type referring to itself can.
	if v := table[name("Ring")]; !strings.Contains(v, "Ring and ringList refer to each other") {
		t.Errorf("Ring: %q, want the reason", v)
	}
	if v := table[name("NewRing")]; !strings.HasPrefix(v, "!") {
		t.Errorf("NewRing (needs Ring): %q, want the reason", v)
	}
	// A constraint (an interface with a type set) has no compiled symbol: it is copied.
	if need, _ := entry("Sum"); !slices.Contains(need, name("Number")) {
		t.Errorf("Sum needs %q, want its constraint Number copied", need)
	}
	// The go/types source declares the generics by their names and type-checks.
	ts := g.typesrc[statsPath]
	f, err := parser.ParseFile(l.fset, "typesrc.go", ts, 0)
	if err != nil {
		t.Fatalf("the go/types source does not parse: %v\n%s", err, ts)
	}
	for _, want := range []string{"func Map[T, U any](xs []T, f func(T) U) []U", "type Stack[T any] struct", "func (s *Stack[T]) Push(x T)", "type Number interface"} {
		if !strings.Contains(ts, want) {
			t.Errorf("the go/types source lacks %q:\n%s", want, ts)
		}
	}
	if strings.Contains(ts, "counted +=") {
		t.Errorf("the go/types source has function bodies:\n%s", ts)
	}
	conf := types.Config{Importer: selfImporter{l, pkg}}
	if _, err := conf.Check(statsPath, l.fset, []*ast.File{f}, nil); err != nil {
		t.Errorf("the go/types source does not type-check: %v\n%s", err, ts)
	}
	// Every interpreted copy parses as declarations of package main.
	for key, v := range table {
		if strings.HasPrefix(v, "!") {
			continue
		}
		_, src, _ := strings.Cut(v, "\n")
		if _, err := parser.ParseFile(token.NewFileSet(), key, "package main\n"+src, 0); err != nil {
			t.Errorf("the copy %s does not parse: %v\n%s", key, err, src)
		}
	}
	if testing.Verbose() {
		for _, k := range slices.Sorted(maps.Keys(table)) {
			t.Logf("%s:\n%s", k, table[k])
		}
		t.Logf("types source:\n%s", ts)
	}
}

// selfImporter gives a package's own compiled symbols to its go/types source.
type selfImporter struct {
	l   *loader
	pkg *types.Package
}

func (im selfImporter) Import(path string) (*types.Package, error) {
	if path == im.pkg.Path() {
		return im.pkg, nil
	}
	return im.l.Import(path)
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

// An instance an evaluator asked for (naming.Requests: a use with no instance whose generic
// can't be interpreted) is compiled from its canonical type arguments alone; one that
// can't be is recorded as refused, with the reason, so that it is not asked for again.
func TestRequests(t *testing.T) {
	l, pkg := statsLoader(t)
	g := newGen(map[string]*types.Package{statsPath: pkg})
	msg := "stats.Count[int]: ... " + naming.RequestText(statsPath, "Count", "types:int") +
		" and " + naming.RequestText(statsPath, "Pair", "types:string,map[string][]time.Duration") +
		" and " + naming.RequestText(statsPath, "Sum", "types:string")
	reqs := naming.Requests(msg)
	if len(reqs) != 3 || reqs[1] != statsPath+" Pair types:string,map[string][]time.Duration" {
		t.Fatalf("requests read back: %q", reqs)
	}
	var cells []string
	for _, r := range reqs {
		if _, _, _, cell := g.requestCell(r); cell != "" {
			cells = append(cells, cell)
		}
	}
	instantiate(g, l.fset, l, cells)
	g.settleRequests(reqs)
	for _, want := range []struct{ name, canon string }{{"Count", "types:int"}, {"Pair", "types:string,map[string][]time.Duration"}} {
		if _, ok := g.insts[statsPath][naming.Mangle(want.name, want.canon)]; !ok {
			t.Errorf("no instance %s[%s] from the request; cells:\n%s\ninstances %q", want.name, want.canon, strings.Join(cells, "\n"), g.insts[statsPath])
		}
	}
	if why := g.tables[statsPath][naming.ExplicitPrefix+"Sum:types:string"]; !strings.HasPrefix(why, "!") {
		t.Errorf("Sum[string] (string does not satisfy Number): %q, want the refusal recorded", why)
	}
}

// An extracted symbols file whose package has no name extract writes (all its exported
// names are generic) imports it blank, so that it compiles.
func TestBlankUnused(t *testing.T) {
	src := "package modulesyms\n\nimport (\n\t\"example.com/onlygenerics\"\n\t\"reflect\"\n)\n\nfunc init() {\n\tSymbols[\"example.com/onlygenerics/onlygenerics\"] = map[string]reflect.Value{}\n}\n"
	out, err := blankUnused([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "_ \"example.com/onlygenerics\"") || !strings.Contains(string(out), "\t\"reflect\"") {
		t.Errorf("got\n%s", out)
	}
}

// yaegi patch M1: the symbols of a package the loader type-checked, as Extract writes them.
func TestExtractPackage(t *testing.T) {
	_, pkg := statsLoader(t)
	var b strings.Builder
	e := extract.Extractor{Dest: "modulesyms"}
	if err := e.ExtractPackage(pkg, statsPath, &b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`Symbols["example.com/localmod/stats/stats"]`, `"Mean":`, `reflect.ValueOf(stats.Mean)`, `"Point":`, `reflect.ValueOf((*stats.Point)(nil))`, `"Calls":`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the symbols lack %s:\n%s", want, b.String())
		}
	}
	if strings.Contains(b.String(), `"Map":`) {
		t.Errorf("the generic Map was extracted:\n%s", b.String())
	}
}
