package rewrite

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"math"
	"os"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
)

// memory is what earlier cells declared, kept as Go source so that later cells can be
// type-checked against it: imports, and one declaration per session name that recreates
// the name's type (a var with its type, a const with its value, a func signature
// without body, a type, a method signature).
type memory struct {
	imports map[string]string // local name -> import path ("." for dot imports is the key ".path")
	// decls: name, or "Type.Method" for methods -> declaration source, kept in the
	// rewriter's own map or in the session's table (see DeclStore). Change it through
	// setDecl and deleteDecl, which keep methods, refs and types (see needed.go).
	decls   DeclStore
	methods map[string][]string // type name -> its keys in decls ("T.M")
	refs    map[string]declRefs // key in decls -> the names its source mentions
	// types are the names in decls that declare types: every cell's check sees them all,
	// since a type assertion, a type switch or a map[any] key can go wrong through a type
	// the cell never names (see needed).
	types map[string]bool
}

func newMemory() *memory {
	return &memory{imports: map[string]string{}, decls: mapStore{},
		methods: map[string][]string{}, refs: map[string]declRefs{}, types: map[string]bool{}}
}

// DeclStore keeps the declarations the rewriter remembers of a session's names (a name,
// or "Type.Method" for a method), as Go source that recreates each name's type (see
// memory). A session that keeps one table of its declarations gives it to the rewriter
// (Rewriter.KeepDeclsIn); otherwise the rewriter keeps them in a map of its own.
type DeclStore interface {
	// RewriterDecl returns the declaration remembered for name.
	RewriterDecl(name string) (src string, ok bool)
	// SetRewriterDecl remembers src as the declaration of name.
	SetRewriterDecl(name, src string)
	// DropRewriterDecl forgets the declaration of name.
	DropRewriterDecl(name string)
}

// mapStore is the rewriter's own DeclStore.
type mapStore map[string]string

func (m mapStore) RewriterDecl(name string) (string, bool) { src, ok := m[name]; return src, ok }
func (m mapStore) SetRewriterDecl(name, src string)        { m[name] = src }
func (m mapStore) DropRewriterDecl(name string)            { delete(m, name) }

// KeepDeclsIn makes the rewriter keep the declarations it remembers in store, empty,
// instead of a map of its own. Call it before the first cell.
func (r *Rewriter) KeepDeclsIn(store DeclStore) error {
	if len(r.mem.methods) > 0 || len(r.mem.types) > 0 || len(r.mem.refs) > 0 {
		return errors.New("rewrite: KeepDeclsIn after cells were remembered")
	}
	if m, ok := r.mem.decls.(mapStore); ok && len(m) > 0 {
		return errors.New("rewrite: KeepDeclsIn after cells were remembered")
	}
	r.mem.decls = store
	return nil
}

func writeImport(b *strings.Builder, name, path string) {
	switch {
	case strings.HasPrefix(name, "."):
		fmt.Fprintf(b, "import . %q\n", path)
	default:
		fmt.Fprintf(b, "import %s %q\n", name, path)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// checked is the result of type-checking a cell against the session memory.
type checked struct {
	info   *types.Info
	pkg    *types.Package
	errs   []error
	names  map[string]string // import path -> local name visible in the cell
	failed bool              // the checker could not run at all
}

// Import tells the rewriter that the session imported path under name, as an import
// declaration of a cell would (Cell), for the cells that use the name; it costs no check.
func (r *Rewriter) Import(name, path string) {
	switch name {
	case "", "_":
	case ".":
		r.mem.imports["."+path] = path
	default:
		r.mem.imports[name] = path
	}
}

// Checked is a go/types check of a cell: the one the rewriter makes against its memory
// (Check), or one its session made (CellChecked), whose Info must then hold what Check's
// would for every node of the cell it reads (Types, Defs, Uses, Selections, Instances), and
// whose package scope holds every type of the session.
type Checked struct {
	Info   *types.Info
	Pkg    *types.Package // the checked package main
	Errors []error        // what the checker reported, in order
	Failed bool           // the checker could not run at all
}

// Check type-checks a cell (as Cell takes it) against the rewriter's memory of earlier
// cells, changing nothing: what Cell would check the cell with.
func (r *Rewriter) Check(fset *token.FileSet, decls *ast.File, stmts *ast.BlockStmt) *Checked {
	c := r.check(fset, decls, stmts)
	return &Checked{Info: c.info, Pkg: c.pkg, Errors: c.errs, Failed: c.failed}
}

// CellChecked is Cell with the cell's go/types check made by the session (see Checked):
// the rewriter makes none. The cell's imports name packages as in Cell (Import and the
// import declarations of cells).
func (r *Rewriter) CellChecked(fset *token.FileSet, decls *ast.File, stmts *ast.BlockStmt, c *Checked) (err error) {
	if r.imp == nil {
		return errors.New("rewrite: Prepare was not called")
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("rewrite: internal error: %v", p)
			if os.Getenv("PEERBOOK_REWRITE_DEBUG") != "" {
				fmt.Fprintf(os.Stderr, "%s\n", debug.Stack())
			}
		}
	}()
	return r.rewrite(fset, decls, stmts, &checked{info: c.Info, pkg: c.Pkg, errs: c.Errors, names: r.names(decls), failed: c.Failed || c.Pkg == nil})
}

// names returns the names by which a cell reaches packages (import path -> name): those of
// the imports of earlier cells, and of its own.
func (r *Rewriter) names(decls *ast.File) map[string]string {
	names := map[string]string{}
	for name, path := range r.mem.imports {
		if !strings.HasPrefix(name, ".") {
			names[path] = name
		}
	}
	if decls == nil {
		return names
	}
	for _, d := range decls.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			for _, s := range g.Specs {
				is := s.(*ast.ImportSpec)
				path, _ := strconv.Unquote(is.Path.Value)
				if name := r.importName(is, path); !strings.HasPrefix(name, ".") && name != "_" {
					names[path] = name
				}
			}
		}
	}
	return names
}

// check type-checks the cell (its declarations file and its top-level statements)
// against the memory of earlier cells.
func (r *Rewriter) check(fset *token.FileSet, decls *ast.File, stmts *ast.BlockStmt) *checked {
	c := &checked{
		info:  NewInfo(),
		names: map[string]string{},
	}
	// Names the cell declares replace those of the memory.
	redeclared := map[string]bool{}
	cellImports := map[string]string{}
	if decls != nil {
		for _, d := range decls.Decls {
			for _, name := range declNames(d) {
				redeclared[name] = true
			}
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
				for _, s := range g.Specs {
					is := s.(*ast.ImportSpec)
					path, _ := strconv.Unquote(is.Path.Value)
					name := r.importName(is, path)
					cellImports[name] = path
				}
			}
		}
	}
	if stmts != nil {
		for _, name := range blockNames(stmts) {
			redeclared[name] = true
		}
	}
	var mem strings.Builder
	mem.WriteString("package main\n")
	for _, name := range sortedKeys(r.mem.imports) {
		if _, ok := cellImports[name]; !ok {
			writeImport(&mem, name, r.mem.imports[name])
		}
	}
	for _, k := range r.mem.needed(decls, stmts) {
		base, _, _ := strings.Cut(k, ".")
		if redeclared[k] || redeclared[base] && strings.Contains(k, ".") && r.declaresType(decls, base) {
			continue
		}
		src, _ := r.mem.decls.RewriterDecl(k)
		mem.WriteString(src)
		mem.WriteString("\n")
	}
	memFset := token.NewFileSet()
	memFile, err := parser.ParseFile(memFset, "session.go", mem.String(), 0)
	if err != nil {
		// The memory is generated: a parse error is a bug, but must not stop the cell.
		c.errs = append(c.errs, fmt.Errorf("session memory: %w", err))
		memFile = &ast.File{Name: ast.NewIdent("main")}
	}
	// The cell sees the imports of earlier cells too.
	cell := &ast.File{Name: ast.NewIdent("main")}
	if decls != nil {
		cell.Name = decls.Name
		cell.Package = decls.Package
		cell.FileStart, cell.FileEnd = decls.FileStart, decls.FileEnd
	}
	var extra []ast.Spec
	for _, name := range sortedKeys(r.mem.imports) {
		if _, ok := cellImports[name]; ok || redeclared[name] {
			continue
		}
		path := r.mem.imports[name]
		spec := &ast.ImportSpec{Path: &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(path)}}
		if strings.HasPrefix(name, ".") {
			spec.Name = ast.NewIdent(".")
		} else {
			spec.Name = ast.NewIdent(name)
		}
		extra = append(extra, spec)
	}
	if len(extra) > 0 {
		cell.Decls = append(cell.Decls, &ast.GenDecl{Tok: token.IMPORT, Specs: extra})
	}
	if decls != nil {
		cell.Decls = append(cell.Decls, decls.Decls...)
	}
	if stmts != nil {
		cell.Decls = append(cell.Decls, &ast.FuncDecl{
			Name: ast.NewIdent(stmtsFuncName),
			Type: &ast.FuncType{Func: stmts.Lbrace, Params: &ast.FieldList{}},
			Body: stmts,
		})
	}
	c.names = r.names(decls)
	conf := types.Config{
		Importer: r.imp,
		Error:    func(err error) { c.errs = append(c.errs, err) },
	}
	func() {
		defer func() {
			if p := recover(); p != nil {
				c.failed = true
				c.errs = append(c.errs, fmt.Errorf("type checker panicked: %v", p))
			}
		}()
		c.pkg, _ = conf.Check("main", fset, []*ast.File{memFile, cell}, c.info)
	}()
	if c.pkg == nil {
		c.failed = true
	}
	return c
}

// stmtsFuncName names the function that holds a cell's top-level statements while
// they are type-checked.
const stmtsFuncName = "_pb_cell_statements"

// importName is the local name an import spec binds ("." prefixed with the path for a
// dot import).
func (r *Rewriter) importName(is *ast.ImportSpec, path string) string {
	if is.Name != nil {
		if is.Name.Name == "." {
			return "." + path
		}
		return is.Name.Name
	}
	if p, err := r.imp.Import(path); err == nil {
		return p.Name()
	}
	return path[strings.LastIndex(path, "/")+1:]
}

// declaresType reports whether the file declares a type named name.
func (r *Rewriter) declaresType(f *ast.File, name string) bool {
	if f == nil {
		return false
	}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
			for _, s := range g.Specs {
				if s.(*ast.TypeSpec).Name.Name == name {
					return true
				}
			}
		}
	}
	return false
}

// declNames lists the session names a top-level declaration declares; a method is
// "Type.Method".
func declNames(d ast.Decl) []string {
	var names []string
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil && len(d.Recv.List) == 1 {
			if base := RecvBase(d.Recv.List[0].Type); base != "" {
				return []string{base + "." + d.Name.Name}
			}
			return nil
		}
		if d.Name.Name == "init" || d.Name.Name == "_" {
			return nil
		}
		names = append(names, d.Name.Name)
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				names = append(names, s.Name.Name)
			case *ast.ValueSpec:
				for _, n := range s.Names {
					if n.Name != "_" {
						names = append(names, n.Name)
					}
				}
			}
		}
	}
	return names
}

// blockNames lists the names that top-level statements declare.
func blockNames(b *ast.BlockStmt) []string {
	var names []string
	for _, s := range b.List {
		switch s := s.(type) {
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				for _, l := range s.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
						names = append(names, id.Name)
					}
				}
			}
		case *ast.DeclStmt:
			names = append(names, declNames(s.Decl)...)
		}
	}
	return names
}

// RecvBase is the name of a method receiver's base type: T for T, *T, T[K], *T[K], (T);
// "" for anything else.
func RecvBase(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// remember records what the cell declared, from its original (not yet rewritten)
// source and the checker's results.
func (r *Rewriter) remember(fset *token.FileSet, decls *ast.File, stmts *ast.BlockStmt, c *checked) {
	if decls != nil {
		// A redeclared type loses the methods earlier cells gave it.
		for _, d := range decls.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
				for _, s := range g.Specs {
					name := s.(*ast.TypeSpec).Name.Name
					for _, k := range append([]string(nil), r.mem.methodsOf(name)...) {
						r.mem.deleteDecl(k)
					}
				}
			}
		}
		for _, d := range decls.Decls {
			r.rememberDecl(fset, d, c)
		}
	}
	if stmts != nil {
		for _, s := range stmts.List {
			switch s := s.(type) {
			case *ast.DeclStmt:
				r.rememberDecl(fset, s.Decl, c)
			case *ast.AssignStmt:
				if s.Tok != token.DEFINE {
					continue
				}
				for _, l := range s.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
						r.rememberVar(id, c)
					}
				}
			}
		}
	}
}

func (r *Rewriter) rememberDecl(fset *token.FileSet, d ast.Decl, c *checked) {
	switch d := d.(type) {
	case *ast.FuncDecl:
		names := declNames(d)
		if len(names) == 0 {
			return
		}
		sig := *d
		sig.Body = nil
		sig.Doc = nil
		r.mem.setDecl(names[0], nodeSource(fset, &sig))
	case *ast.GenDecl:
		switch d.Tok {
		case token.IMPORT:
			for _, s := range d.Specs {
				is := s.(*ast.ImportSpec)
				path, err := strconv.Unquote(is.Path.Value)
				if err != nil {
					continue
				}
				name := r.importName(is, path)
				if name != "_" {
					r.mem.imports[name] = path
				}
			}
		case token.TYPE:
			for _, s := range d.Specs {
				ts := *s.(*ast.TypeSpec)
				ts.Doc, ts.Comment = nil, nil
				r.mem.setDecl(ts.Name.Name, "type "+nodeSource(fset, &ts))
			}
		case token.CONST:
			for _, s := range d.Specs {
				for _, id := range s.(*ast.ValueSpec).Names {
					r.rememberConst(id, c)
				}
			}
		case token.VAR:
			for _, s := range d.Specs {
				for _, id := range s.(*ast.ValueSpec).Names {
					r.rememberVar(id, c)
				}
			}
		}
	}
}

func (r *Rewriter) rememberVar(id *ast.Ident, c *checked) {
	if id.Name == "_" {
		return
	}
	obj, _ := c.info.Defs[id].(*types.Var)
	if obj == nil {
		r.mem.deleteDecl(id.Name)
		return
	}
	t, ok := c.typeString(obj.Type())
	if !ok {
		r.mem.deleteDecl(id.Name)
		return
	}
	r.mem.setDecl(id.Name, fmt.Sprintf("var %s %s", id.Name, t))
}

func (r *Rewriter) rememberConst(id *ast.Ident, c *checked) {
	if id.Name == "_" {
		return
	}
	obj, _ := c.info.Defs[id].(*types.Const)
	if obj == nil || obj.Val().Kind() == constant.Unknown {
		r.mem.deleteDecl(id.Name)
		return
	}
	val := ConstLiteral(obj.Val(), obj.Type())
	if b, ok := obj.Type().(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		r.mem.setDecl(id.Name, fmt.Sprintf("const %s = %s", id.Name, val))
		return
	}
	t, ok := c.typeString(obj.Type())
	if !ok {
		r.mem.deleteDecl(id.Name)
		return
	}
	r.mem.setDecl(id.Name, fmt.Sprintf("const %s %s = %s", id.Name, t, val))
}

// ConstLiteral writes a constant as Go source that has the same untyped kind.
func ConstLiteral(v constant.Value, t types.Type) string {
	if b, ok := t.(*types.Basic); ok && b.Kind() == types.UntypedRune {
		if r, ok := constant.Int64Val(v); ok {
			return strconv.QuoteRune(rune(r))
		}
	}
	switch v.Kind() {
	case constant.Float:
		// A short decimal when it is exact, the fraction otherwise.
		if f, _ := constant.Float64Val(v); !math.IsInf(f, 0) {
			d := strconv.FormatFloat(f, 'g', -1, 64)
			if !strings.ContainsAny(d, ".e") {
				d += ".0"
			}
			if c := constant.MakeFromLiteral(d, token.FLOAT, 0); c.Kind() != constant.Unknown && constant.Compare(c, token.EQL, v) {
				return d
			}
		}
		s := v.ExactString()
		if !strings.ContainsAny(s, ".e/") {
			s += ".0"
		}
		if strings.Contains(s, "/") {
			return "(" + s + ".0)"
		}
		return s
	case constant.Complex:
		return fmt.Sprintf("complex(%s, %s)", ConstLiteral(constant.Real(v), types.Typ[types.UntypedFloat]),
			ConstLiteral(constant.Imag(v), types.Typ[types.UntypedFloat]))
	}
	return v.ExactString()
}

// nodeSource prints an AST node as Go source.
func nodeSource(fset *token.FileSet, n ast.Node) string {
	var b bytes.Buffer
	if err := printer.Fprint(&b, fset, n); err != nil {
		return ""
	}
	return b.String()
}

// typeString writes t as a Go type expression valid in the cell: the session's own
// package unqualified, other packages by their import name in the cell. It fails when
// t names a package the cell has not imported, or is not a valid type.
func (c *checked) typeString(t types.Type) (string, bool) {
	return TypeString(t, c.pkg, func(p *types.Package) (string, bool) {
		name, ok := c.names[p.Path()]
		return name, ok
	})
}

// TypeString writes t as a Go type expression of the package local: local's types (and
// main's) unqualified, another package by the name qualify gives it. It fails (false) where
// qualify has no name for a package t mentions, or t is invalid or untyped. The session's
// check (eval) and the rewriter's write types with it, each with its own names.
func TypeString(t types.Type, local *types.Package, qualify func(p *types.Package) (string, bool)) (string, bool) {
	ok := true
	s := types.TypeString(t, func(p *types.Package) string {
		if p == nil || p == local || p.Path() == "main" {
			return ""
		}
		name, found := qualify(p)
		if !found {
			ok = false
			return p.Name()
		}
		return name
	})
	if strings.Contains(s, "invalid type") || strings.Contains(s, "untyped") {
		return s, false
	}
	return s, ok
}

// NewInfo returns a types.Info that records everything the rewriter reads (Types, Defs,
// Uses, Implicits, Selections, Scopes, Instances): what a session's check of a cell must
// record for the rewriter to use it (CellChecked).
func NewInfo() *types.Info {
	return &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes:     map[ast.Node]*types.Scope{},
		Instances:  map[*ast.Ident]types.Instance{},
	}
}
