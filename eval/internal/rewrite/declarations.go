package rewrite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
)

// declarations rewrites the top-level declarations of a cell.
func (x *cell) declarations(f *ast.File) {
	x.initOrder(f)
	dropBlankGenericTypes(f)
}

// dropBlankGenericTypes removes the generic type declarations named _ (type _[T any]
// struct{}): they declare nothing, and yaegi fails on them ("cannot use _ as value",
// typeparam/issue48424.go of Go's test suite). The checker has seen them.
func dropBlankGenericTypes(f *ast.File) {
	decls := f.Decls[:0]
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.TYPE {
			decls = append(decls, d)
			continue
		}
		specs := g.Specs[:0]
		for _, s := range g.Specs {
			if ts := s.(*ast.TypeSpec); ts.Name.Name != "_" || ts.TypeParams == nil {
				specs = append(specs, s)
			}
		}
		g.Specs = specs
		if len(specs) > 0 {
			decls = append(decls, d)
		}
	}
	f.Decls = decls
}

// initOrder puts the package-level variables a cell declares in the order Go
// initialises them (dependencies first, see types.Info.InitOrder): yaegi initialises
// them in source order.
func (x *cell) initOrder(f *ast.File) {
	zeroFirst(f)
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
	// initSpec is the declaration of one initialiser's variables.
	initSpec := func(in *types.Initializer) *ast.ValueSpec {
		vs := specs[in.Lhs[0]]
		spec := &ast.ValueSpec{Type: vs.Type, Values: []ast.Expr{in.Rhs}}
		for _, v := range in.Lhs {
			for _, id := range vs.Names {
				if x.info.Defs[id] == v {
					spec.Names = append(spec.Names, id)
				}
			}
		}
		return spec
	}
	if x.reorderWithin(f, order, specs, initSpec) {
		return
	}
	// Rebuild: one declaration per initialiser, in order, where the first declaration
	// with values was.
	var decls []ast.Decl
	for _, in := range order {
		decls = append(decls, &ast.GenDecl{TokPos: specs[in.Lhs[0]].Pos(), Tok: token.VAR, Specs: []ast.Spec{initSpec(in)}})
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

// zeroFirst moves the var declarations without values (`var log []string`) that come
// after one with values before the first with values: yaegi sets a variable to its zero
// value where its declaration is, which undid what an initialiser run before did (`var
// _ = register("boot")` appending to log, with status ok). The declarations stay the
// same nodes.
func zeroFirst(f *ast.File) {
	first := -1
	var zero []ast.Decl
	moved := map[ast.Decl]bool{}
	for i, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		values := false
		for _, s := range g.Specs {
			if len(s.(*ast.ValueSpec).Values) > 0 {
				values = true
			}
		}
		switch {
		case values && first < 0:
			first = i
		case !values && first >= 0:
			zero = append(zero, d)
			moved[d] = true
		}
	}
	if len(zero) == 0 {
		return
	}
	out := make([]ast.Decl, 0, len(f.Decls))
	for i, d := range f.Decls {
		if i == first {
			out = append(out, zero...)
		}
		if !moved[d] {
			out = append(out, d)
		}
	}
	f.Decls = out
}

// reorderWithin puts the initialisers in order when only those of one declaration
// (`var ( a = c + b; b = f(); c = f() )`) are out of order: each such declaration gets
// its specs in order, in its place, and stays the same node (a notebook session compiles
// a declaration where it is among the cell's statements, and knows it by its node). It
// reports false, changing nothing, when an initialiser must run before one of an earlier
// declaration.
func (x *cell) reorderWithin(f *ast.File, order []*types.Initializer, specs map[*types.Var]*ast.ValueSpec, initSpec func(*types.Initializer) *ast.ValueSpec) bool {
	declOf := map[*ast.ValueSpec]*ast.GenDecl{}
	index := map[*ast.GenDecl]int{}
	for i, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		index[g] = i
		for _, sp := range g.Specs {
			declOf[sp.(*ast.ValueSpec)] = g
		}
	}
	last := -1
	byDecl := map[*ast.GenDecl][]*types.Initializer{}
	for _, in := range order {
		g := declOf[specs[in.Lhs[0]]]
		if g == nil || index[g] < last {
			return false
		}
		last = index[g]
		byDecl[g] = append(byDecl[g], in)
	}
	for g, ins := range byDecl {
		var list []ast.Spec
		for _, sp := range g.Specs {
			if len(sp.(*ast.ValueSpec).Values) == 0 {
				list = append(list, sp)
			}
		}
		for _, in := range ins {
			list = append(list, initSpec(in))
		}
		if !g.Lparen.IsValid() && len(list) > 1 {
			g.Lparen, g.Rparen = g.TokPos, g.End()
		}
		g.Specs = list
	}
	return true
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

// constDecls writes the value go/types computed into every constant declaration: yaegi
// gets iota wrong in specs that repeat an earlier one implicitly with several names
// (const ( A, B T = iota, iota + 10; C, D )), down to a stack overflow when T has
// methods. Each spec gets its type and literal values (C, D T = 1, 11).
func (x *cell) constDecls(root ast.Node) {
	ast.Inspect(root, func(n ast.Node) bool {
		gd, ok := n.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			return true
		}
		for _, spec := range gd.Specs {
			vs, ok := spec.(*ast.ValueSpec)
			if !ok {
				continue
			}
			x.constSpec(vs)
		}
		return false
	})
}

func (x *cell) constSpec(vs *ast.ValueSpec) {
	var typ types.Type
	values := make([]ast.Expr, len(vs.Names))
	for i, name := range vs.Names {
		c, ok := x.info.Defs[name].(*types.Const)
		if !ok || c.Val().Kind() == constant.Unknown {
			return
		}
		t := c.Type()
		if b, ok := t.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
			t = nil
		}
		if i > 0 && (typ == nil) != (t == nil) || typ != nil && t != nil && !types.Identical(typ, t) {
			return // names of different types: left as written
		}
		typ = t
		values[i] = x.literal(c.Val(), c.Type(), name.Pos())
		if values[i] == nil {
			return
		}
	}
	if typ != nil {
		te, ok := x.typeExpr(typ, vs.Pos())
		if !ok {
			return
		}
		vs.Type = te
	}
	vs.Values = values
}

// literal is the literal of constant v of type t (its default type's literal when t is
// typed), nil when there is none.
func (x *cell) literal(v constant.Value, t types.Type, pos token.Pos) ast.Expr {
	if b, ok := t.Underlying().(*types.Basic); ok {
		t = b
		if b.Info()&types.IsUntyped == 0 {
			switch {
			case b.Info()&types.IsBoolean != 0:
				t = types.Typ[types.UntypedBool]
			case b.Info()&types.IsString != 0:
				t = types.Typ[types.UntypedString]
			case b.Info()&types.IsInteger != 0:
				t = types.Typ[types.UntypedInt]
			case b.Info()&types.IsFloat != 0:
				t = types.Typ[types.UntypedFloat]
			case b.Info()&types.IsComplex != 0:
				t = types.Typ[types.UntypedComplex]
			}
		}
	} else {
		return nil
	}
	return parseExpr(pos, "%s", constSource(v, t))
}
