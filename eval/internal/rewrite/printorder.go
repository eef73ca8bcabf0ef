package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// When gc reads a printed operand. An argument of fmt.Println is converted to an
// interface, and gc (cmd/compile/internal/walk/order.go, OCONVIFACE) copies a value
// that the conversion takes by its address into a temporary where the argument stands,
// among the calls; any other operand is read when the call is made, after the calls of
// the arguments. The interpreter reads the rewrite's printing wrappers after the calls
// (yaegi patch 124); printEarly says which operands gc reads where they stand, which
// the rewrite then converts to an interface there (_pb_now, a call). Go leaves this
// order open: the rule is gc's, for the programs differential testing compares
// (`fmt.Println(v, f())` with f changing v: v's new value for an interface or an int,
// the old one for a [2]T literal). gc's choice also depends on inlining (a local
// variable captured by a closure that is not inlined lives on the heap and is read
// late); the rule takes the closures as inlined.

// gcSizes are the sizes gc uses on amd64 and arm64 alike for the types that matter here.
var gcSizes = types.SizesFor("gc", "amd64")

// printEarly reports whether gc reads e, a printed operand of type t, where it stands
// among the calls.
func (x *cell) printEarly(e ast.Expr, t types.Type) bool {
	if t == nil || types.IsInterface(t) || holdsTypeParam(t, 0) || !convNeedsAddr(t) {
		return false // in a generic function the sizes are the instance's: left as it was
	}
	root, ok := x.addressableRoot(e)
	if !ok {
		return true // a composite literal, a conversion, an operation: copied in place
	}
	if root == nil {
		return false // through a pointer: its address is passed
	}
	v, isVar := x.info.Uses[root].(*types.Var)
	if !isVar || v.Kind() != types.LocalVar {
		return false // a package variable, a parameter, a result: not copied
	}
	// A local variable that could live in registers is copied (gc does not take its
	// address, go.dev/issue/63332); one whose address is taken lives in memory
	// (addrtaken.go).
	return canSSA(v.Type()) && !x.addrTaken[v]
}

// addressableRoot returns the variable at the root of e when e is addressable and
// ir.OuterValue reaches a name from it (a variable, a field of a struct variable, an
// element of an array variable), nil when its address comes through a pointer or a
// slice, and false when e is not addressable (copied in place).
func (x *cell) addressableRoot(e ast.Expr) (*ast.Ident, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e, true
	case *ast.StarExpr:
		return nil, true
	case *ast.SelectorExpr:
		if sel := x.info.Selections[e]; sel != nil && sel.Kind() == types.FieldVal {
			if _, ptr := x.typeOf(e.X).Underlying().(*types.Pointer); ptr || len(sel.Index()) > 1 {
				return nil, true // through a pointer (or promoted: taken as one)
			}
			return x.addressableRoot(e.X)
		}
		if id, ok := e.X.(*ast.Ident); ok {
			if _, pkg := x.info.Uses[id].(*types.PkgName); pkg {
				return e.Sel, true // a package's variable
			}
		}
		return nil, false // a method value
	case *ast.IndexExpr:
		switch x.typeOf(e.X).Underlying().(type) {
		case *types.Array:
			return x.addressableRoot(e.X)
		case *types.Slice, *types.Pointer:
			return nil, true
		}
	}
	return nil, false
}

// convNeedsAddr is dataWordFuncName's needsaddr: a value the conversion to an
// interface takes by its address (not a 2, 4 or 8 byte word without pointers, nor a
// string or a slice alone).
func convNeedsAddr(t types.Type) bool {
	size, align := gcSizes.Sizeof(t), gcSizes.Alignof(t)
	switch {
	case size == 2 && align == 2:
		return false
	case size == 4 && align == 4 && !hasPointers(t):
		return false
	case size == 8 && align == 8 && !hasPointers(t):
		return false
	}
	if sc := soleComponent(t); sc != nil {
		if b, ok := sc.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return false
		}
		if _, ok := sc.Underlying().(*types.Slice); ok {
			return false
		}
	}
	return true
}

// soleComponent is types.Type.SoleComponent: the only component of t, through structs
// of one field and arrays of one element; nil where there are several.
func soleComponent(t types.Type) types.Type {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		if u.NumFields() != 1 {
			return nil
		}
		return soleComponent(u.Field(0).Type())
	case *types.Array:
		if u.Len() != 1 {
			return nil
		}
		return soleComponent(u.Elem())
	}
	return t
}

// hasPointers reports whether values of t hold pointers.
func hasPointers(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0 || u.Kind() == types.UnsafePointer
	case *types.Array:
		return u.Len() > 0 && hasPointers(u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if hasPointers(u.Field(i).Type()) {
				return true
			}
		}
		return false
	}
	return true
}

// canSSA is cmd/compile's ssa.CanSSA: a value gc may keep in registers.
func canSSA(t types.Type) bool {
	if gcSizes.Sizeof(t) > 4*8 {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Array:
		return u.Len() <= 1 && canSSA(u.Elem())
	case *types.Struct:
		if u.NumFields() > 4 {
			return false
		}
		for i := 0; i < u.NumFields(); i++ {
			if !canSSA(u.Field(i).Type()) {
				return false
			}
		}
	}
	return true
}

// printNow wraps e, a printed operand that gc reads where it stands, in _pb_now(e): a
// call, so the interpreter converts it to an interface there.
func printNow(e ast.Expr) ast.Expr {
	return &ast.CallExpr{Fun: &ast.Ident{NamePos: e.Pos(), Name: "_pb_now"}, Lparen: e.Pos(), Args: []ast.Expr{e}, Rparen: e.End()}
}

// othersCall reports whether an argument of args other than the i-th has a call or a
// receive in it (out of function literals): only then does the order matter.
func othersCall(args []ast.Expr, i int) bool {
	for k, a := range args {
		if k == i {
			continue
		}
		found := false
		ast.Inspect(a, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				found = true
			case *ast.UnaryExpr:
				if n.Op == token.ARROW {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// holdsTypeParam reports whether t is or holds a type parameter (whose size is unknown
// here).
func holdsTypeParam(t types.Type, depth int) bool {
	if depth > 16 {
		return true
	}
	switch u := t.(type) {
	case *types.TypeParam:
		return true
	case *types.Named:
		if args := u.TypeArgs(); args != nil {
			for i := 0; i < args.Len(); i++ {
				if holdsTypeParam(args.At(i), depth+1) {
					return true
				}
			}
		}
		return holdsTypeParam(u.Underlying(), depth+1)
	case *types.Alias:
		return holdsTypeParam(types.Unalias(u), depth+1)
	case *types.Pointer:
		return holdsTypeParam(u.Elem(), depth+1)
	case *types.Slice:
		return holdsTypeParam(u.Elem(), depth+1)
	case *types.Array:
		return holdsTypeParam(u.Elem(), depth+1)
	case *types.Map:
		return holdsTypeParam(u.Key(), depth+1) || holdsTypeParam(u.Elem(), depth+1)
	case *types.Chan:
		return holdsTypeParam(u.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if holdsTypeParam(u.Field(i).Type(), depth+1) {
				return true
			}
		}
	}
	return false
}
