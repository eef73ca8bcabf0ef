package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Named composite types without a run-time identity (type Group []Shape, type Tokens
// []Token: composites of cell types, which the pool of yaegi patch 54 cannot hold) are
// their underlying type at run time, so a value of the unnamed type (a []Shape) held in
// an empty interface would pass for one of the named type in a type assertion or a type
// switch case, and the other way round. Such values are made by cells only (compiled
// code cannot make a []Shape):
// the session remembers which of these unnamed "twin" types cells made values of, and
// which cells asserted to the named type, and refuses whichever comes second, so that
// `case Group:` works as long as no cell makes a bare []Shape.

// twinUse is the first expression of a cell that may put a value of a type in an
// interface, and the type.
type twinUse struct {
	pos token.Pos
	t   types.Type
}

// twinState is what the session remembers: by the twin's type string, where a value of
// it was made, and the named type asserted to.
type twinState struct {
	made     map[string]bool
	asserted map[string]string
}

// madeTwins returns the unnamed composite types, and the named composite types of the
// session, of the cell's expressions whose values may be put in an interface (converted to an interface type, or passed where one is
// expected), by type string, with the position of the first such expression. A value
// ranged over, indexed, sliced, measured, printed by fmt or log, or kept in a variable,
// field or parameter of its own type is not counted: the expressions that use the
// variable are judged in turn.
func (x *cell) madeTwins(roots []ast.Node) map[string]twinUse {
	made := map[string]twinUse{}
	var stack []ast.Node
	for _, root := range roots {
		ast.Inspect(root, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			if e, ok := n.(ast.Expr); ok && len(stack) > 0 {
				if tv, ok := x.info.Types[e]; ok && !tv.IsType() && (isUnnamedComposite(tv.Type) || unnamedTwin(tv.Type) != nil) && x.mayBox(e, stack) {
					k := types.TypeString(tv.Type, nil)
					if _, seen := made[k]; !seen {
						made[k] = twinUse{e.Pos(), tv.Type}
					}
				}
			}
			stack = append(stack, n)
			return true
		})
	}
	return made
}

// mayBox reports whether the value of e, whose ancestors are stack (its parent last),
// may be converted to an interface where it is used. Unknown uses count.
func (x *cell) mayBox(e ast.Expr, stack []ast.Node) bool {
	isIface := func(t types.Type) bool { return t == nil || types.IsInterface(t) }
	switch p := stack[len(stack)-1].(type) {
	case *ast.ParenExpr, *ast.StarExpr, *ast.UnaryExpr, *ast.SliceExpr, *ast.SelectorExpr,
		*ast.RangeStmt, *ast.ExprStmt, *ast.IncDecStmt, *ast.IndexListExpr:
		return false // the expression it makes is judged in turn, or no value is kept
	case *ast.IndexExpr:
		if e == p.X {
			return false
		}
		m, ok := underlying(x.typeOf(p.X)).(*types.Map)
		return ok && isIface(m.Key())
	case *ast.BinaryExpr:
		other := p.X
		if e == p.X {
			other = p.Y
		}
		return isIface(x.typeOf(other)) // unknown counts (types.IsInterface(nil) panics)
	case *ast.ValueSpec:
		return p.Type != nil && isIface(x.typeOf(p.Type))
	case *ast.AssignStmt:
		for i, r := range p.Rhs {
			if r != e {
				continue
			}
			if len(p.Lhs) != len(p.Rhs) {
				return true
			}
			if id, ok := p.Lhs[i].(*ast.Ident); ok && p.Tok == token.DEFINE {
				if obj := x.info.Defs[id]; obj != nil {
					return isIface(obj.Type())
				}
				if id.Name == "_" {
					return false
				}
			}
			return isIface(x.typeOf(p.Lhs[i]))
		}
		return false // assigned to
	case *ast.SendStmt:
		ch, ok := underlying(x.typeOf(p.Chan)).(*types.Chan)
		return e == p.Value && (!ok || isIface(ch.Elem()))
	case *ast.ReturnStmt:
		for i := len(stack) - 2; i >= 0; i-- {
			switch fn := stack[i].(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				sig := x.funcSignature(fn)
				if sig == nil || sig.Results().Len() != len(p.Results) {
					return true
				}
				for j, r := range p.Results {
					if r == e {
						return isIface(sig.Results().At(j).Type())
					}
				}
				return true
			}
		}
		return true
	case *ast.KeyValueExpr:
		if len(stack) < 2 {
			return true
		}
		lit, ok := stack[len(stack)-2].(*ast.CompositeLit)
		if !ok {
			return true
		}
		return isIface(x.elemType(lit, p, e == p.Key))
	case *ast.CompositeLit:
		return isIface(x.elemType(p, e, false))
	case *ast.CallExpr:
		return x.argMayBox(p, e)
	}
	return true
}

// elemType is the type an element (or, for key, the key) e of the composite literal
// lit must have (nil if unknown). e is a *ast.KeyValueExpr of lit or a bare element.
func (x *cell) elemType(lit *ast.CompositeLit, e ast.Expr, key bool) types.Type {
	switch u := underlying(x.typeOf(lit)).(type) {
	case *types.Slice:
		return u.Elem()
	case *types.Array:
		return u.Elem()
	case *types.Map:
		if key {
			return u.Key()
		}
		return u.Elem()
	case *types.Struct:
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				for i := 0; i < u.NumFields(); i++ {
					if u.Field(i).Name() == id.Name {
						return u.Field(i).Type()
					}
				}
			}
			return nil
		}
		for i, el := range lit.Elts {
			if el == e && i < u.NumFields() {
				return u.Field(i).Type()
			}
		}
	}
	return nil
}

// argMayBox reports whether e, the callee or an argument of call, may be converted to
// an interface by the call: passed for a parameter of an interface type (not to fmt's or
// log's printing functions, which keep no operand), converted to one, or panicked with.
func (x *cell) argMayBox(call *ast.CallExpr, e ast.Expr) bool {
	if e == call.Fun {
		return false
	}
	if tv, ok := x.info.Types[call.Fun]; ok && tv.IsType() {
		return types.IsInterface(tv.Type)
	}
	fun := ast.Unparen(call.Fun)
	var obj types.Object
	switch f := fun.(type) {
	case *ast.Ident:
		obj = x.info.Uses[f]
	case *ast.SelectorExpr:
		obj = x.info.Uses[f.Sel]
	}
	if b, ok := obj.(*types.Builtin); ok {
		return b.Name() == "panic"
	}
	if fn, ok := obj.(*types.Func); ok && fn.Pkg() != nil && (fn.Pkg().Path() == "fmt" || fn.Pkg().Path() == "log") {
		return false // printed
	}
	sig, ok := underlying(x.typeOf(call.Fun)).(*types.Signature)
	if !ok {
		return true
	}
	for i, a := range call.Args {
		if a != e {
			continue
		}
		params := sig.Params()
		var t types.Type
		switch {
		case sig.Variadic() && i >= params.Len()-1 && !call.Ellipsis.IsValid():
			if s, ok := params.At(params.Len() - 1).Type().(*types.Slice); ok {
				t = s.Elem()
			}
		case i < params.Len():
			t = params.At(i).Type()
		}
		return t == nil || types.IsInterface(t)
	}
	return true
}

// isUnnamedComposite reports whether t is a type literal that a named type's
// underlying type can be: a slice, map, array, channel, function or pointer type.
func isUnnamedComposite(t types.Type) bool {
	switch types.Unalias(t).(type) {
	case *types.Slice, *types.Map, *types.Array, *types.Chan, *types.Signature, *types.Pointer:
		return true
	}
	return false
}

// refuseTwinAssert refuses the assertion e to the type t when a cell (this one or an
// earlier one) puts values of one of others, the types whose values are of t's type at
// run time, in an interface; otherwise it notes the assertion for the cells to come. It
// reports whether it refused.
func (x *cell) refuseTwinAssert(e ast.Expr, t types.Type, others []types.Type, add func(token.Pos, string, ...any)) bool {
	for _, o := range others {
		k := types.TypeString(o, nil)
		_, now := x.twinsNow[k]
		if now || x.r.twins.made[k] {
			where := "this cell"
			if !now {
				where = "an earlier cell"
			}
			add(e.Pos(), "type assertion to %s is not supported in cells: a %s and a %s are both %s at run time (reflect cannot make named types of this underlying type), and %s puts values of %s in interfaces, which would pass for %s",
				typeName(t), typeName(t), typeName(o), x.repr(o), where, typeName(o), typeName(t))
			return true
		}
	}
	for _, o := range others {
		x.assertedNow[types.TypeString(o, nil)] = typeName(t)
	}
	return false
}

// twinsOf returns the types whose values are of t's type at run time and would pass for
// t's in an assertion: for a named composite type without a run-time identity, its
// unnamed underlying type and the session's other named types of it without one; for an
// unnamed composite type, the named types of the session it is the underlying type of
// that have no run-time identity (and pointers to them for a pointer type).
func (x *cell) twinsOf(t types.Type) []types.Type {
	var out []types.Type
	under := t
	if u := unnamedTwin(t); u != nil {
		if !x.isLossy(t) {
			return nil
		}
		out, under = append(out, u), u
	} else if !isUnnamedComposite(t) {
		return nil
	}
	if x.c.pkg == nil {
		return out
	}
	// The session's other named types of that underlying type (type A [2]int; type B
	// [2]int).
	scope := x.c.pkg.Scope()
	var named []types.Type
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named = append(named, tn.Type())
	}
	// The instances of generic types the cell uses (type L[T any] []T: L[int] is a []int
	// at run time, yaegi patch 245 naming it but giving it no type of its own).
	for _, n := range x.genericInstances() {
		named = append(named, n)
	}
	for _, n := range named {
		for _, o := range []types.Type{n, types.NewPointer(n)} {
			if u := unnamedTwin(o); u != nil && types.Identical(u, under) && !types.Identical(o, t) && x.isLossy(o) {
				out = append(out, o)
			}
		}
	}
	return out
}

// refuseLateTwins refuses the first expression of the cell that may put a value in an
// interface whose type is a twin of a type an earlier cell asserts to.
func (x *cell) refuseLateTwins(add func(token.Pos, string, ...any)) {
	for k, use := range x.twinsNow {
		if name, ok := x.r.twins.asserted[k]; ok {
			add(use.pos, "a value of type %s in an interface is not supported in cells: an earlier cell asserts interface values to %s, and a %s and a %s are one type at run time (reflect cannot make named types of this underlying type), so it would pass for a %s",
				k, name, name, k, name)
		}
	}
}

// refuseComparableTwins refuses the first expression of the cell that puts a value of a
// comparable type in an interface when values of a twin of it (Grid and [2]int, type
// Grid [2]int) are put in interfaces by this cell or an earlier one: == on the
// interfaces and map[any] keys would find them one value.
func (x *cell) refuseComparableTwins(add func(token.Pos, string, ...any)) {
	for k, use := range x.twinsNow {
		if !types.Comparable(use.t) {
			continue
		}
		for _, o := range x.twinsOf(use.t) {
			ok := types.TypeString(o, nil)
			other, now := x.twinsNow[ok]
			if !now && !x.r.twins.made[ok] {
				continue
			}
			if now && other.pos < use.pos {
				continue // refused at the other's position
			}
			add(use.pos, "a value of type %s in an interface is not supported in cells together with values of %s in interfaces: both are %s at run time (reflect cannot make named types of this underlying type), so they would compare equal, collide as map[any] keys and pass for each other",
				k, types.TypeString(o, nil), x.repr(use.t))
			break
		}
	}
}

// rememberTwins keeps the cell's twins for the cells to come (the cell was not refused).
func (x *cell) rememberTwins() {
	if x.r.twins.made == nil {
		x.r.twins = twinState{made: map[string]bool{}, asserted: map[string]string{}}
	}
	for k := range x.twinsNow {
		x.r.twins.made[k] = true
	}
	for k, name := range x.assertedNow {
		x.r.twins.asserted[k] = name
	}
}
