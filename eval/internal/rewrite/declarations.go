package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
)

// declarations rewrites the top-level declarations of a cell.
func (x *cell) declarations(f *ast.File) {
	x.initOrder(f)
}

// initOrder puts the package-level variables a cell declares in the order Go
// initialises them (dependencies first, see types.Info.InitOrder): yaegi initialises
// them in source order.
func (x *cell) initOrder(f *ast.File) {
	specs := map[*types.Var]*ast.ValueSpec{}
	var source []*ast.ValueSpec
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if len(vs.Values) == 0 {
				continue
			}
			source = append(source, vs)
			for _, id := range vs.Names {
				if v, ok := x.info.Defs[id].(*types.Var); ok {
					specs[v] = vs
				}
			}
		}
	}
	if len(source) < 2 {
		return
	}
	// The order of the cell's initialisers.
	var order []*types.Initializer
	for _, in := range x.info.InitOrder {
		if len(in.Lhs) > 0 && specs[in.Lhs[0]] != nil {
			order = append(order, in)
		}
	}
	// Is it the source order already?
	var got []*ast.ValueSpec
	for _, in := range order {
		vs := specs[in.Lhs[0]]
		if len(got) == 0 || got[len(got)-1] != vs {
			got = append(got, vs)
		}
	}
	if reflect.DeepEqual(got, source) {
		return
	}
	// Rebuild: one declaration per initialiser, in order, where the first declaration
	// with values was.
	var decls []ast.Decl
	for _, in := range order {
		vs := specs[in.Lhs[0]]
		spec := &ast.ValueSpec{Type: vs.Type, Values: []ast.Expr{in.Rhs}}
		for _, v := range in.Lhs {
			for _, id := range vs.Names {
				if x.info.Defs[id] == v {
					spec.Names = append(spec.Names, id)
				}
			}
		}
		decls = append(decls, &ast.GenDecl{TokPos: vs.Pos(), Tok: token.VAR, Specs: []ast.Spec{spec}})
	}
	var out []ast.Decl
	placed := false
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			out = append(out, d)
			continue
		}
		var keep []ast.Spec
		for _, s := range g.Specs {
			if len(s.(*ast.ValueSpec).Values) == 0 {
				keep = append(keep, s)
			}
		}
		if len(keep) > 0 {
			g.Specs = keep
			out = append(out, g)
		}
		if !placed {
			out = append(out, decls...)
			placed = true
		}
	}
	f.Decls = out
}

// structTags hides the unexported fields of struct types declared in the cell from
// encoding/json: yaegi gives them exported names (x becomes Xx), so json would encode
// them. A field without a json key in its tag gets json:"-".
func structTags(root ast.Node) {
	inspect(root, func(n ast.Node) bool {
		st, ok := n.(*ast.StructType)
		if !ok || st.Fields == nil {
			return true
		}
		for _, f := range st.Fields.List {
			if len(f.Names) == 0 {
				continue // embedded
			}
			exported := false
			for _, name := range f.Names {
				exported = exported || name.IsExported()
			}
			if exported {
				continue
			}
			tag := ""
			if f.Tag != nil {
				t, err := strconv.Unquote(f.Tag.Value)
				if err != nil {
					continue
				}
				tag = t
			}
			if _, has := reflect.StructTag(tag).Lookup("json"); has {
				continue
			}
			if tag != "" {
				tag += " "
			}
			tag += `json:"-"`
			pos := f.Type.End()
			if f.Tag != nil {
				pos = f.Tag.ValuePos
			}
			f.Tag = &ast.BasicLit{ValuePos: pos, Kind: token.STRING, Value: strconv.Quote(tag)}
		}
		return true
	})
}
