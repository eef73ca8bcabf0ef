package main

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/internal/modulegen/naming"
	"github.com/peerbook/peerbook/internal/typewalk"
)

// gen collects what sym_zz_generics.go holds.
type gen struct {
	pkgs    map[string]*types.Package
	docs    map[string]map[string]string // import path -> name ("T.M" for methods) -> signature and doc
	tables  map[string]map[string]string // import path -> the naming.Table of the package
	insts   map[string]map[string]string // import path -> instance symbol -> Go expression of its value
	aliases map[string]string            // import path -> alias in the generated file
	order   []string                     // import paths in alias order
}

func newGen(pkgs map[string]*types.Package) *gen {
	g := &gen{pkgs: pkgs, docs: map[string]map[string]string{}, tables: map[string]map[string]string{},
		insts: map[string]map[string]string{}, aliases: map[string]string{}}
	for path, pkg := range pkgs {
		table := map[string]string{}
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			obj := scope.Lookup(name)
			if !obj.Exported() {
				continue
			}
			if n := typeParams(obj); n > 0 {
				table[naming.DeclPrefix+name] = strconv.Itoa(n) + "\n" + types.ObjectString(obj, types.RelativeTo(pkg))
			}
		}
		if len(table) > 0 {
			g.tables[path] = table
		}
	}
	return g
}

// typeParams returns how many type parameters the generic function or type obj has (0:
// not generic).
func typeParams(obj types.Object) int {
	switch o := obj.(type) {
	case *types.Func:
		return o.Type().(*types.Signature).TypeParams().Len()
	case *types.TypeName:
		if n, ok := o.Type().(*types.Named); ok && !o.IsAlias() {
			return n.TypeParams().Len()
		}
	}
	return 0
}

func (g *gen) hasGenerics() bool { return len(g.tables) > 0 }

// alias returns the name the generated file imports path by.
func (g *gen) alias(path string) string {
	if a, ok := g.aliases[path]; ok {
		return a
	}
	a := "p" + strconv.Itoa(len(g.order))
	g.aliases[path] = a
	g.order = append(g.order, path)
	return a
}

// instance adds the instance of the generic obj with the type arguments targs and returns
// its symbol name, or an error saying why it can't be compiled.
func (g *gen) instance(obj types.Object, targs *types.TypeList) (string, error) {
	path := obj.Pkg().Path()
	var canon []string
	for i := range targs.Len() {
		if err := compilable(targs.At(i)); err != nil {
			return "", err
		}
		canon = append(canon, types.TypeString(targs.At(i), func(p *types.Package) string { return p.Path() }))
	}
	if _, err := types.Instantiate(nil, obj.Type(), typesOf(targs), true); err != nil {
		return "", fmt.Errorf("%s.%s[%s]: %v", obj.Pkg().Name(), obj.Name(), strings.Join(canon, ", "), err)
	}
	sym := naming.Mangle(obj.Name(), "types:"+strings.Join(canon, ","))
	g.add(path, obj, sym, targs)
	return sym, nil
}

// add records the instance sym of obj with the type arguments targs.
func (g *gen) add(path string, obj types.Object, sym string, targs *types.TypeList) {
	var args []string
	for i := range targs.Len() {
		args = append(args, types.TypeString(targs.At(i), func(p *types.Package) string { return g.alias(p.Path()) }))
	}
	expr := g.alias(path) + "." + obj.Name() + "[" + strings.Join(args, ", ") + "]"
	if _, isType := obj.(*types.TypeName); isType {
		expr = "(*" + expr + ")(nil)"
	}
	if g.insts[path] == nil {
		g.insts[path] = map[string]string{}
	}
	g.insts[path][sym] = expr
}

func typesOf(l *types.TypeList) []types.Type {
	out := make([]types.Type, l.Len())
	for i := range out {
		out[i] = l.At(i)
	}
	return out
}

// compilable reports why the type argument t can't be named in the generated package: a
// type the cells declare, or an unexported one.
func compilable(t types.Type) error {
	var bad error
	var walk func(t types.Type)
	seen := map[types.Type]bool{}
	walk = func(t types.Type) {
		if bad != nil || seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Named:
			obj := t.Obj()
			switch {
			case obj.Pkg() == nil: // error
			case obj.Pkg().Path() == cellsPkg:
				bad = fmt.Errorf("type argument %s is declared in the notebook: a generic of a compiled package is instantiated when the evaluator is built, with type arguments of Go's, the standard library's or the modules' (not types cells declare)", obj.Name())
			case !obj.Exported():
				bad = fmt.Errorf("type argument %s.%s is not exported: the instance can't be compiled outside its package", obj.Pkg().Name(), obj.Name())
			case internalPath(obj.Pkg().Path()):
				bad = fmt.Errorf("type argument %s.%s is in an internal package (%s): the instance can't be compiled outside its module", obj.Pkg().Name(), obj.Name(), obj.Pkg().Path())
			}
			if ta := t.TypeArgs(); ta != nil {
				for i := range ta.Len() {
					walk(ta.At(i))
				}
			}
		case *types.Alias:
			walk(types.Unalias(t))
		case *types.Struct:
			for i := range t.NumFields() {
				if !t.Field(i).Exported() {
					bad = fmt.Errorf("type argument %s has unexported fields: name a declared type", t)
					return
				}
			}
			typewalk.Components(t, walk)
		case *types.Interface:
			for i := range t.NumMethods() {
				walk(t.Method(i).Type())
			}
		case *types.TypeParam:
			bad = fmt.Errorf("type argument %s is a type parameter: a generic of a compiled package can't be instantiated inside a generic function of the notebook", t)
		default:
			typewalk.Components(t, walk)
		}
	}
	walk(t)
	return bad
}

// internalPath reports whether the package path has an internal element: only its own
// module may import it.
func internalPath(p string) bool {
	return p == "internal" || strings.HasPrefix(p, "internal/") || strings.HasSuffix(p, "/internal") || strings.Contains(p, "/internal/")
}

// file returns the source of sym_zz_generics.go.
func (g *gen) file() []byte {
	var b strings.Builder
	b.WriteString("// Generated by peerbook (internal/modulegen). DO NOT EDIT.\n\npackage modulesyms\n\nimport (\n\t\"reflect\"\n")
	paths := slices.Sorted(maps.Keys(g.pkgs))
	for _, p := range paths {
		if len(g.insts[p]) > 0 {
			g.alias(p)
		}
	}
	for _, p := range g.order {
		fmt.Fprintf(&b, "\t%s %q\n", g.aliases[p], p)
	}
	b.WriteString(")\n\nfunc init() {\n")
	for _, p := range paths {
		key := p + "/" + g.pkgs[p].Name()
		fmt.Fprintf(&b, "\tif Symbols[%q] == nil {\n\t\tSymbols[%q] = map[string]reflect.Value{}\n\t}\n", key, key)
		for _, sym := range slices.Sorted(maps.Keys(g.insts[p])) {
			fmt.Fprintf(&b, "\tSymbols[%q][%q] = reflect.ValueOf(%s)\n", key, sym, g.insts[p][sym])
		}
		if t := g.tables[p]; len(t) > 0 {
			fmt.Fprintf(&b, "\tSymbols[%q][%q] = reflect.ValueOf(%s)\n", key, naming.Table, mapLit(t))
		}
		if d := g.docs[p]; len(d) > 0 {
			fmt.Fprintf(&b, "\tSymbols[%q][%q] = reflect.ValueOf(%s)\n", key, naming.Docs, mapLit(d))
		}
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

func mapLit(m map[string]string) string {
	var b strings.Builder
	b.WriteString("map[string]string{\n")
	for _, k := range slices.Sorted(maps.Keys(m)) {
		fmt.Fprintf(&b, "\t\t%q: %q,\n", k, m[k])
	}
	b.WriteString("\t}")
	return b.String()
}

// packageDocs returns the signature and doc comment of each exported name of the package
// path ("T.M" for methods), for inspect.
func packageDocs(path string, pkg *types.Package) (map[string]string, error) {
	bp, err := build.Import(path, ".", 0)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(bp.Dir, name), nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	dp, err := doc.NewFromFiles(fset, files, path)
	if err != nil {
		return nil, err
	}
	docs := map[string]string{}
	qual := types.RelativeTo(pkg)
	entry := func(name, text string) {
		obj := pkg.Scope().Lookup(name)
		if obj == nil {
			return
		}
		docs[name] = types.ObjectString(obj, qual) + "\n\n" + strings.TrimSpace(text)
	}
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			for _, n := range v.Names {
				entry(n, v.Doc)
			}
		}
	}
	values(dp.Consts)
	values(dp.Vars)
	for _, f := range dp.Funcs {
		entry(f.Name, f.Doc)
	}
	for _, t := range dp.Types {
		entry(t.Name, t.Doc)
		values(t.Consts)
		values(t.Vars)
		for _, f := range t.Funcs {
			entry(f.Name, f.Doc)
		}
		tn, ok := pkg.Scope().Lookup(t.Name).(*types.TypeName)
		if !ok {
			continue
		}
		for _, m := range t.Methods {
			obj, _, _ := types.LookupFieldOrMethod(tn.Type(), true, pkg, m.Name)
			if obj == nil || !obj.Exported() {
				continue
			}
			docs[t.Name+"."+m.Name] = types.ObjectString(obj, qual) + "\n\n" + strings.TrimSpace(m.Doc)
		}
	}
	return docs, nil
}
