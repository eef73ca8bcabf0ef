package main

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/internal/modulegen/naming"
	"github.com/peerbook/peerbook/internal/typewalk"
)

// The interpreted copies of a package's generics (see package naming): for each exported
// generic function or type of an imported package, its declaration and everything of its
// own module it needs that the evaluator has no compiled symbol for (unexported functions,
// types and constants, generics of other packages, declarations of packages the cells
// don't import), each renamed into the session's package (naming.InterpName). What it
// needs that the evaluator has compiled (exported non-generic names of the imported
// packages, the standard library) it reaches through imports under naming.ImportAlias.
//
// A declaration can't be copied when it needs what only the compiled package has: a
// package variable (its state), an unexported field or method of a compiled type, a
// function without a Go body (assembly), a package using cgo, or a package cells can't
// import (unsafe, syscall, os/exec, plugin). Its entry then says why, and so does the
// entry of every declaration that needs it.

// bundler collects the declarations to copy.
type bundler struct {
	l      *loader
	tables map[string]bool // the packages the evaluator has compiled symbols of
	decls  map[types.Object]*bdecl
	index  map[*types.Package]*pkgIndex
}

// pkgIndex finds the syntax of a loaded package's declarations.
type pkgIndex struct {
	lp      *loaded
	nodes   map[types.Object]ast.Node // *ast.FuncDecl, *ast.TypeSpec, *ast.ValueSpec
	methods map[*types.TypeName][]*ast.FuncDecl
}

// bdecl is one declaration to copy, written as pieces: text, or the name of a declaration
// (copied or the package's own, see bundler.name).
type bdecl struct {
	obj     types.Object
	interp  []piece // the declaration as the interpreter runs it
	typesrc []piece // the same without function bodies, for go/types
	deps    []types.Object
	imports map[string]string // alias -> import path
	reason  string            // why it can't be copied ("" if it can)
	members []types.Object    // unexported fields and methods it uses
	ranges  [][2]token.Pos    // where its syntax is
}

type piece struct {
	text string
	obj  types.Object // when set: the name of obj
}

var refusedStd = map[string]bool{"unsafe": true, "syscall": true, "os/exec": true, "plugin": true}

func newBundler(l *loader, tables []string) *bundler {
	b := &bundler{l: l, tables: map[string]bool{}, decls: map[types.Object]*bdecl{}, index: map[*types.Package]*pkgIndex{}}
	for _, p := range tables {
		b.tables[p] = true
	}
	return b
}

// pkgIndex returns the index of pkg's declarations, nil when its syntax is not at hand.
func (b *bundler) pkgIndex(pkg *types.Package) *pkgIndex {
	if idx, ok := b.index[pkg]; ok {
		return idx
	}
	var lp *loaded
	if l, ok := b.l.pkgs[pkg.Path()]; ok && l != nil && l.pkg == pkg && !l.cgo && l.info != nil {
		lp = l
	}
	if lp == nil {
		b.index[pkg] = nil
		return nil
	}
	idx := &pkgIndex{lp: lp, nodes: map[types.Object]ast.Node{}, methods: map[*types.TypeName][]*ast.FuncDecl{}}
	for _, f := range lp.files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				obj := lp.info.Defs[d.Name]
				if obj == nil {
					continue
				}
				if d.Recv == nil {
					idx.nodes[obj] = d
					continue
				}
				if tn := recvTypeName(obj); tn != nil {
					idx.methods[tn] = append(idx.methods[tn], d)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						if obj := lp.info.Defs[s.Name]; obj != nil {
							idx.nodes[obj] = s
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if obj := lp.info.Defs[n]; obj != nil {
								idx.nodes[obj] = s
							}
						}
					}
				}
			}
		}
	}
	b.index[pkg] = idx
	return idx
}

// recvTypeName returns the type a method is declared on.
func recvTypeName(obj types.Object) *types.TypeName {
	f, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	recv := f.Type().(*types.Signature).Recv()
	if recv == nil {
		return nil
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}

func isGeneric(obj types.Object) bool { return typeParams(obj) > 0 }

// compiled reports whether the evaluator has obj compiled: an exported non-generic name of
// a package it has the symbols of, other than a constraint (an interface with a type set,
// which has no values: symbol tables can't hold it).
func (b *bundler) compiled(obj types.Object) bool {
	if tn, ok := obj.(*types.TypeName); ok {
		if it, ok := tn.Type().Underlying().(*types.Interface); ok && !it.IsMethodSet() {
			return false
		}
	}
	return b.tables[obj.Pkg().Path()] && obj.Exported() && !isGeneric(obj)
}

// decl returns the copy of the package-level function, type or constant obj, made on
// first use with those it needs.
func (b *bundler) decl(obj types.Object) *bdecl {
	if d, ok := b.decls[obj]; ok {
		return d
	}
	d := &bdecl{obj: obj, imports: map[string]string{}}
	b.decls[obj] = d
	qualName := obj.Pkg().Name() + "." + obj.Name()
	idx := b.pkgIndex(obj.Pkg())
	if idx == nil {
		d.reason = fmt.Sprintf("the source of %s is not at hand (its package uses cgo, or did not load)", qualName)
		return d
	}
	node := idx.nodes[obj]
	if node == nil {
		d.reason = fmt.Sprintf("no declaration of %s was found", qualName)
		return d
	}
	lp := idx.lp
	switch o := obj.(type) {
	case *types.Func:
		fd := node.(*ast.FuncDecl)
		if fd.Body == nil {
			d.reason = fmt.Sprintf("%s has no Go body (it is written in assembly)", qualName)
		}
		b.funcDecl(d, lp, fd)
	case *types.TypeName:
		spec := node.(*ast.TypeSpec)
		b.source(d, lp, spec, spec.Pos(), spec.End(), "type ", "\n")
		methods := idx.methods[o]
		for _, fd := range methods {
			if fd.Body == nil {
				d.reason = fmt.Sprintf("the method %s.%s has no Go body (it is written in assembly)", qualName, fd.Name.Name)
			}
			b.funcDecl(d, lp, fd)
		}
	case *types.Const:
		b.constDecl(d, o)
	default:
		d.reason = fmt.Sprintf("%s is a package variable: its state is the compiled package's", qualName)
	}
	return d
}

// funcDecl adds the function or method fd to d: whole for the interpreter, without its
// body for go/types.
func (b *bundler) funcDecl(d *bdecl, lp *loaded, fd *ast.FuncDecl) {
	end := fd.End()
	if fd.Body != nil {
		end = fd.Body.Lbrace
	}
	it := b.source(d, lp, fd, fd.Pos(), fd.End(), "", "\n")
	ty := piecesOf(lp, b.l.fset, fd.Pos(), end, it.edits)
	// go/types wants a body of a generic function; any will do.
	d.typesrc = append(d.typesrc, append(ty, piece{text: "{ panic(0) }\n"})...)
}

// walked is what source found in a declaration's syntax: the edits that rename and
// qualify its references.
type walked struct{ edits []edit }

// edit replaces [pos, end) with text, or with the name of obj.
type edit struct {
	pos, end token.Pos
	text     string
	obj      types.Object
}

// source walks node (a declaration's syntax, [pos, end) its text) and adds it to d with
// prefix and suffix: to both forms, except a function's, whose go/types form funcDecl adds.
func (b *bundler) source(d *bdecl, lp *loaded, node ast.Node, pos, end token.Pos, prefix, suffix string) walked {
	d.ranges = append(d.ranges, [2]token.Pos{node.Pos(), node.End()})
	var w walked
	ast.Inspect(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok {
				if pn, ok := lp.info.Uses[x].(*types.PkgName); ok {
					if obj := lp.info.Uses[n.Sel]; obj != nil {
						b.ref(d, &w, obj, pn, n, x)
					}
					return false
				}
			}
			if sel := lp.info.Selections[n]; sel != nil && !sel.Obj().Exported() {
				d.members = append(d.members, sel.Obj())
			}
		case *ast.Ident:
			obj := lp.info.Uses[n]
			if obj == nil {
				obj = lp.info.Defs[n]
			}
			if obj == nil {
				return true
			}
			if v, ok := obj.(*types.Var); ok && v.IsField() && !v.Exported() {
				d.members = append(d.members, v)
			}
			if obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() {
				b.ref(d, &w, obj, nil, n, n)
			}
		}
		return true
	})
	slices.SortFunc(w.edits, func(a, c edit) int { return int(a.pos - c.pos) })
	ps := append([]piece{{text: prefix}}, piecesOf(lp, b.l.fset, pos, end, w.edits)...)
	ps = append(ps, piece{text: suffix})
	d.interp = append(d.interp, ps...)
	if _, isFunc := node.(*ast.FuncDecl); !isFunc {
		d.typesrc = append(d.typesrc, ps...)
	}
	return w
}

// ref records a reference of d to the package-level obj at node (an identifier, or a
// qualified identifier whose package name is x, pn its object).
func (b *bundler) ref(d *bdecl, w *walked, obj types.Object, pn *types.PkgName, node ast.Expr, x *ast.Ident) {
	path := obj.Pkg().Path()
	qual := obj.Pkg().Name() + "." + obj.Name()
	if _, isPkg := obj.(*types.PkgName); isPkg {
		return
	}
	if isStd(path) || b.compiled(obj) {
		if refusedStd[path] && d.reason == "" {
			d.reason = fmt.Sprintf("it uses package %s, which cells can't import", path)
		}
		if !isStd(path) && mentionsInstance(obj.Type()) && d.reason == "" {
			d.reason = fmt.Sprintf("it uses %s, compiled with an instance of a generic type that an interpreted copy would not share", qual)
		}
		alias := naming.ImportAlias(obj.Pkg().Name(), path)
		d.imports[alias] = path
		if pn != nil {
			w.edits = append(w.edits, edit{pos: x.Pos(), end: x.End(), text: alias})
		} else {
			w.edits = append(w.edits, edit{pos: node.Pos(), end: node.End(), text: alias + "." + obj.Name()})
		}
		return
	}
	if _, isVar := obj.(*types.Var); isVar {
		if d.reason == "" {
			d.reason = fmt.Sprintf("it uses the package variable %s, whose state is the compiled package's", qual)
		}
		return
	}
	if obj != d.obj && !slices.Contains(d.deps, obj) {
		d.deps = append(d.deps, obj)
	}
	b.decl(obj)
	w.edits = append(w.edits, edit{pos: node.Pos(), end: node.End(), obj: obj})
}

// mentionsInstance reports whether t mentions an instance of a generic type of a module.
func mentionsInstance(t types.Type) bool {
	found := false
	seen := map[types.Type]bool{}
	var walk func(t types.Type)
	walk = func(t types.Type) {
		if found || t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Named:
			if t.TypeArgs().Len() > 0 && t.Obj().Pkg() != nil && !isStd(t.Obj().Pkg().Path()) {
				found = true
			}
		case *types.Pointer:
			walk(t.Elem())
		case *types.Slice:
			walk(t.Elem())
		case *types.Array:
			walk(t.Elem())
		case *types.Map:
			walk(t.Key())
			walk(t.Elem())
		case *types.Chan:
			walk(t.Elem())
		case *types.Signature:
			for i := range t.Params().Len() {
				walk(t.Params().At(i).Type())
			}
			for i := range t.Results().Len() {
				walk(t.Results().At(i).Type())
			}
		case *types.Struct:
			for i := range t.NumFields() {
				walk(t.Field(i).Type())
			}
		}
	}
	walk(t)
	return found
}

// piecesOf returns the text [pos, end) of a loaded file with the edits (sorted, within it)
// applied.
func piecesOf(lp *loaded, fset *token.FileSet, pos, end token.Pos, edits []edit) []piece {
	var ps []piece
	at := pos
	for _, e := range edits {
		if e.pos < at || e.end > end {
			continue
		}
		ps = append(ps, piece{text: string(lp.text(fset, at, e.pos))})
		if e.obj != nil {
			ps = append(ps, piece{obj: e.obj})
		} else {
			ps = append(ps, piece{text: e.text})
		}
		at = e.end
	}
	return append(ps, piece{text: string(lp.text(fset, at, end))})
}

// constDecl writes the constant o by its value (a constant of an iota group has no source
// of its own).
func (b *bundler) constDecl(d *bdecl, o *types.Const) {
	ps := []piece{{text: "const "}, {obj: o}}
	t := o.Type()
	if basic, ok := t.(*types.Basic); !ok || basic.Info()&types.IsUntyped == 0 {
		ps = append(ps, piece{text: " "})
		tp, ok := b.typeName(d, t)
		if !ok {
			d.reason = fmt.Sprintf("the constant %s.%s has a type the copy can't name", o.Pkg().Name(), o.Name())
			return
		}
		ps = append(ps, tp...)
	}
	ps = append(ps, piece{text: " = " + constLit(o.Val(), t) + "\n"})
	d.interp, d.typesrc = ps, ps
}

// typeName returns the name of a constant's type (basic or named) in the copies.
func (b *bundler) typeName(d *bdecl, t types.Type) ([]piece, bool) {
	switch t := types.Unalias(t).(type) {
	case *types.Basic:
		return []piece{{text: t.Name()}}, true
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() == nil || t.TypeArgs().Len() > 0 {
			return nil, false
		}
		if isStd(obj.Pkg().Path()) || b.compiled(obj) {
			alias := naming.ImportAlias(obj.Pkg().Name(), obj.Pkg().Path())
			d.imports[alias] = obj.Pkg().Path()
			return []piece{{text: alias + "." + obj.Name()}}, true
		}
		if !slices.Contains(d.deps, types.Object(obj)) {
			d.deps = append(d.deps, obj)
		}
		b.decl(obj)
		return []piece{{obj: obj}}, true
	}
	return nil, false
}

// constLit writes a constant value as a Go literal of its kind.
func constLit(v constant.Value, t types.Type) string {
	switch v.Kind() {
	case constant.Bool:
		return strconv.FormatBool(constant.BoolVal(v))
	case constant.String:
		return strconv.Quote(constant.StringVal(v))
	case constant.Int:
		if basic, ok := t.(*types.Basic); ok && basic.Kind() == types.UntypedRune {
			if r, ok := constant.Int64Val(v); ok && r >= 0 && r <= 0x10FFFF {
				return strconv.QuoteRune(rune(r))
			}
		}
		return v.ExactString()
	case constant.Float:
		s := v.ExactString()
		if num, den, ok := strings.Cut(s, "/"); ok {
			return "(" + num + ".0 / " + den + ")"
		}
		if !strings.ContainsAny(s, ".eE") {
			s += ".0"
		}
		return s
	case constant.Complex:
		return "complex(" + constLit(constant.Real(v), types.Typ[types.UntypedFloat]) + ", " + constLit(constant.Imag(v), types.Typ[types.UntypedFloat]) + ")"
	}
	return v.ExactString()
}

// settle checks the unexported fields and methods each declaration uses (they must be
// declared in copied declarations) and gives each declaration the reason of any it needs.
func (b *bundler) settle() {
	var all []*bdecl
	for _, d := range b.decls {
		all = append(all, d)
	}
	within := func(pos token.Pos) bool {
		for _, d := range all {
			for _, r := range d.ranges {
				if pos >= r[0] && pos < r[1] {
					return true
				}
			}
		}
		return false
	}
	b.mutualGenerics(all)
	for _, d := range all {
		for _, m := range d.members {
			if d.reason == "" && m.Pkg() != nil && !isStd(m.Pkg().Path()) && !within(m.Pos()) {
				d.reason = fmt.Sprintf("it uses %s, an unexported field or method of a compiled type", m.Name())
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, d := range all {
			if d.reason != "" {
				continue
			}
			for _, dep := range d.deps {
				if r := b.decls[dep].reason; r != "" {
					d.reason = fmt.Sprintf("it needs %s.%s: %s", dep.Pkg().Name(), dep.Name(), r)
					changed = true
					break
				}
			}
		}
	}
}

// interpName is the name of obj in the interpreted copies.
func interpName(obj types.Object) string {
	return naming.InterpName(obj.Pkg().Name(), obj.Pkg().Path(), obj.Name())
}

// render writes pieces, naming the package pkg's own exported declarations by their names
// when own is set (the go/types form of pkg's generics), everything else by interpName.
func render(ps []piece, own *types.Package) string {
	var s strings.Builder
	for _, p := range ps {
		switch {
		case p.obj == nil:
			s.WriteString(p.text)
		case own != nil && p.obj.Pkg() == own && p.obj.Exported():
			s.WriteString(p.obj.Name())
		default:
			s.WriteString(interpName(p.obj))
		}
	}
	return s.String()
}

// closure returns the declarations the package's exported generics need, the generics
// first, each once, in a stable order.
func (b *bundler) closure(pkg *types.Package) []*bdecl {
	var out []*bdecl
	seen := map[*bdecl]bool{}
	var visit func(d *bdecl)
	visit = func(d *bdecl) {
		if seen[d] {
			return
		}
		seen[d] = true
		out = append(out, d)
		for _, dep := range d.deps {
			visit(b.decls[dep])
		}
	}
	for _, name := range pkg.Scope().Names() {
		obj := pkg.Scope().Lookup(name)
		if obj.Exported() && isGeneric(obj) {
			visit(b.decl(obj))
		}
	}
	return out
}

// interpTable returns the naming.Interp table of a package's copies.
func interpTable(decls []*bdecl) map[string]string {
	table := map[string]string{}
	for _, d := range decls {
		if d.reason != "" {
			table[interpName(d.obj)] = "!" + d.reason
			continue
		}
		var need []string
		for _, dep := range d.deps {
			need = append(need, interpName(dep))
		}
		for _, alias := range slices.Sorted(maps.Keys(d.imports)) {
			need = append(need, "@"+alias+"="+d.imports[alias])
		}
		table[interpName(d.obj)] = strings.Join(need, " ") + "\n" + render(d.interp, nil)
	}
	return table
}

// typeSource returns the naming.TypeSource file of pkg: its exported generics under their
// names and what they need, function bodies left out.
func typeSource(pkg *types.Package, decls []*bdecl) string {
	imports := map[string]string{}
	var body strings.Builder
	for _, d := range decls {
		if len(d.typesrc) == 0 {
			continue
		}
		maps.Copy(imports, d.imports)
		body.WriteString(render(d.typesrc, pkg))
		body.WriteString("\n")
	}
	var s strings.Builder
	fmt.Fprintf(&s, "package %s\n\n//peerbook:adds-to-compiled\n\n", pkg.Name())
	for _, alias := range slices.Sorted(maps.Keys(imports)) {
		if strings.Contains(body.String(), alias+".") { // used outside the bodies left out
			fmt.Fprintf(&s, "import %s %q\n", alias, imports[alias])
		}
	}
	s.WriteString("\n")
	s.WriteString(body.String())
	return s.String()
}

// mutualGenerics gives a reason to each generic type of decls that refers to another
// which refers back to it (golang-lru's Entry and LruList): yaegi's generics overflow the
// stack instantiating such types, which kills the evaluator; a generic type referring to
// itself is fine.
func (b *bundler) mutualGenerics(decls []*bdecl) {
	generic := map[*types.TypeName]*bdecl{}
	for _, d := range decls {
		if tn, ok := d.obj.(*types.TypeName); ok && isGeneric(tn) {
			generic[tn] = d
		}
	}
	refs := map[*types.TypeName]map[*types.TypeName]bool{}
	for tn := range generic {
		out := map[*types.TypeName]bool{}
		seen := map[types.Type]bool{}
		var walk func(t types.Type)
		walk = func(t types.Type) {
			if t == nil || seen[t] {
				return
			}
			seen[t] = true
			if n, ok := t.(*types.Named); ok {
				if o := n.Origin().Obj(); generic[o] != nil && o != tn {
					out[o] = true
				}
				for i := range n.TypeArgs().Len() {
					walk(n.TypeArgs().At(i))
				}
				return
			}
			typewalk.Components(t, walk)
		}
		walk(tn.Type().Underlying())
		refs[tn] = out
	}
	reaches := func(from, to *types.TypeName) bool {
		seen := map[*types.TypeName]bool{}
		var dfs func(t *types.TypeName) bool
		dfs = func(t *types.TypeName) bool {
			if t == to {
				return true
			}
			if seen[t] {
				return false
			}
			seen[t] = true
			for u := range refs[t] {
				if dfs(u) {
					return true
				}
			}
			return false
		}
		for u := range refs[from] {
			if dfs(u) {
				return true
			}
		}
		return false
	}
	for tn, d := range generic {
		if d.reason != "" {
			continue
		}
		for u := range refs[tn] {
			if reaches(u, tn) {
				names := []string{tn.Name(), u.Name()}
				slices.Sort(names)
				d.reason = fmt.Sprintf("its generic types %s and %s refer to each other, which the interpreter can't instantiate (it would overflow its stack)", names[0], names[1])
				break
			}
		}
	}
}
