package eval

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
)

// What the sources of the packages cells import say of their names: a declaration as go doc
// writes it (parameter names, the package's own type names: `func (d *Device)
// AllocShared(dtype DType, n int) (*Buffer, error)`), and its doc comment. Completion and
// inspect read them; the symbol tables, made from reflect, know neither parameter names nor
// aliases (an alias is there the type it stands for).

// apiDecl is one documented declaration of a package.
type apiDecl struct {
	decl string // as go doc prints it, without the doc comment
	doc  string
	kind string // Jupyter's completion types: "function", "class", "instance"
	// generic: a generic function or type, or a constraint, which the symbol tables
	// can't hold (cells use them inside kernels).
	generic bool
}

// apiDecls caches the declarations of packages by import path (map[string]*apiDecl, nil:
// no source).
var apiDecls sync.Map

// packageDecls returns the documented declarations of the package at path by name ("T.M"
// for a method, "T.F" for a field of a struct type), nil without source.
func packageDecls(path string) map[string]*apiDecl {
	if full, ok := shortImportPaths[path]; ok {
		path = full
	}
	if v, ok := apiDecls.Load(path); ok {
		m, _ := v.(map[string]*apiDecl)
		return m
	}
	var out map[string]*apiDecl
	if p := packageDoc(path); p != nil {
		out = declsOf(p)
	}
	apiDecls.Store(path, out)
	return out
}

// declsOf indexes a package's documentation by name.
func declsOf(p *doc.Package) map[string]*apiDecl {
	fset := token.NewFileSet()
	out := map[string]*apiDecl{}
	fn := func(f *doc.Func) *apiDecl {
		d := *f.Decl
		d.Body, d.Doc = nil, nil
		return &apiDecl{decl: nodeString(fset, &d), doc: f.Doc, kind: "function",
			generic: d.Type.TypeParams != nil && len(d.Type.TypeParams.List) > 0}
	}
	for _, f := range p.Funcs {
		out[f.Name] = fn(f)
	}
	for _, t := range p.Types {
		td := &apiDecl{decl: typeDeclString(fset, t), doc: t.Doc, kind: "class"}
		for _, spec := range t.Decl.Specs {
			if ts, ok := spec.(*ast.TypeSpec); ok && ts.Name.Name == t.Name {
				td.generic = ts.TypeParams != nil && len(ts.TypeParams.List) > 0 || isConstraint(ts.Type)
				if st, ok := ts.Type.(*ast.StructType); ok {
					for _, f := range st.Fields.List {
						for _, n := range f.Names {
							if !n.IsExported() {
								continue
							}
							comment := f.Doc.Text()
							if comment == "" {
								comment = f.Comment.Text()
							}
							out[t.Name+"."+n.Name] = &apiDecl{decl: n.Name + " " + nodeString(fset, f.Type),
								doc: comment, kind: "instance"}
						}
					}
				}
			}
		}
		out[t.Name] = td
		for _, f := range t.Funcs {
			out[f.Name] = fn(f)
		}
		for _, m := range t.Methods {
			out[t.Name+"."+m.Name] = fn(m)
		}
		for _, v := range append(append([]*doc.Value(nil), t.Consts...), t.Vars...) {
			for _, n := range v.Names {
				out[n] = valueDecl(fset, v, n)
			}
		}
	}
	for _, v := range append(append([]*doc.Value(nil), p.Consts...), p.Vars...) {
		for _, n := range v.Names {
			out[n] = valueDecl(fset, v, n)
		}
	}
	return out
}

// isConstraint reports whether a type expression is an interface with a type set
// (KernelElem: ~int8 | ...), usable only as a constraint.
func isConstraint(e ast.Expr) bool {
	it, ok := e.(*ast.InterfaceType)
	if !ok {
		return false
	}
	for _, f := range it.Methods.List {
		if len(f.Names) == 0 {
			if _, ok := f.Type.(*ast.BinaryExpr); ok {
				return true
			}
			if _, ok := f.Type.(*ast.UnaryExpr); ok {
				return true
			}
		}
	}
	return false
}

// typeDeclString writes a type's declaration; a struct whose unexported fields go/doc
// filtered out says so on a line of its own ("// contains filtered or unexported fields"),
// never after the closing brace.
func typeDeclString(fset *token.FileSet, t *doc.Type) string {
	return tidyFiltered(nodeString(fset, t.Decl))
}

// filteredFields matches what go/printer writes for a struct or interface whose fields or
// methods go/doc filtered out: the note inside the braces, or after the closing one when
// nothing else was left inside.
var filteredFields = regexp.MustCompile(`\{\s*(?://\s*contains filtered or unexported (?:fields|methods)\s*)?\}(?://\s*contains filtered or unexported (fields|methods))?|\n\s*// contains filtered or unexported (fields|methods)`)

// tidyFiltered writes go/doc's filtered notes as go doc does: "// Has unexported fields."
// on a line of its own inside the braces (never a stray "}// contains filtered or
// unexported fields").
func tidyFiltered(text string) string {
	return filteredFields.ReplaceAllStringFunc(text, func(m string) string {
		what := "fields"
		if strings.Contains(m, "methods") {
			what = "methods"
		}
		if !strings.Contains(m, "contains filtered") {
			return m // an empty struct{} or interface{}
		}
		if strings.HasPrefix(m, "\n") {
			return "\n\n\t// Has unexported " + what + "."
		}
		return "{\n\t// Has unexported " + what + ".\n}"
	})
}

// valueDecl documents one name of a const or var declaration: its own spec, with the
// group's doc comment.
func valueDecl(fset *token.FileSet, v *doc.Value, name string) *apiDecl {
	text := nodeString(fset, v.Decl)
	for _, spec := range v.Decl.Specs {
		vs, ok := spec.(*ast.ValueSpec)
		if !ok || !containsIdent(vs.Names, name) {
			continue
		}
		text = v.Decl.Tok.String() + " " + nodeString(fset, vs)
		if vs.Doc != nil && v.Doc == "" {
			return &apiDecl{decl: text, doc: vs.Doc.Text(), kind: "instance"}
		}
		if vs.Comment != nil {
			return &apiDecl{decl: text, doc: strings.TrimSpace(v.Doc + "\n" + vs.Comment.Text()), kind: "instance"}
		}
	}
	return &apiDecl{decl: text, doc: v.Doc, kind: "instance"}
}

func containsIdent(ids []*ast.Ident, name string) bool {
	for _, id := range ids {
		if id.Name == name {
			return true
		}
	}
	return false
}

// firstDeclLine is a declaration's first line, for completion metadata ("type Buffer
// struct", not its fields).
func firstDeclLine(decl string) string {
	line, _, more := strings.Cut(decl, "\n")
	line = strings.TrimSuffix(strings.TrimSpace(line), "{")
	if more {
		return strings.TrimSpace(line)
	}
	return line
}

// docText is a declaration with its doc comment, as the pager shows it.
func (d *apiDecl) docText() string {
	if d.doc == "" {
		return d.decl
	}
	return d.decl + "\n\n" + strings.TrimRight(d.doc, "\n")
}

// kernelAPI is package gpu as Go kernels see it (gpu/kernelapi.go: Thread, Peer, Shared,
// the atomics...), type-checked from the source, built once; nil without the source.
var kernelAPI struct {
	once  sync.Once
	pkg   *types.Package
	names map[string]bool // its exported names
}

// kernelAPIPackage returns package gpu as kernels see it.
func kernelAPIPackage() (*types.Package, map[string]bool) {
	kernelAPI.once.Do(func() {
		dir := sourceDir(gpuPath)
		if dir == "" {
			return
		}
		src, err := os.ReadFile(filepath.Join(dir, "kernelapi.go"))
		if err != nil {
			return
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "kernelapi.go", src, 0)
		if err != nil {
			return
		}
		empty := importerFunc(func(path string) (*types.Package, error) {
			p := types.NewPackage(path, path[strings.LastIndex(path, "/")+1:])
			p.MarkComplete()
			return p, nil
		})
		conf := types.Config{Importer: empty, IgnoreFuncBodies: true, Error: func(error) {}}
		pkg, _ := conf.Check(gpuPath, fset, []*ast.File{f}, nil)
		if pkg == nil {
			return
		}
		names := map[string]bool{}
		for _, n := range pkg.Scope().Names() {
			if token.IsExported(n) {
				names[n] = true
			}
		}
		kernelAPI.pkg, kernelAPI.names = pkg, names
	})
	return kernelAPI.pkg, kernelAPI.names
}

// importerFunc is a types.Importer made of a function.
type importerFunc func(path string) (*types.Package, error)

// Import calls f.
func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
