package rewrite

import (
	"fmt"
	"go/ast"
	"go/scanner"
	"go/token"
	"go/types"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/namedpool"
)

// Refusals. Some Go a cell may hold runs on yaegi with a different result and no error:
// reflect cannot make named types, so a value of a named composite cell type the pool of
// yaegi patches 53 and 54 has no types for (`type Path []Point`, `type Grid [3][3]int`),
// or of `type Celsius float64` or `type Tags []string` when the pool had no float64 or
// []string type left (identity.go), is its underlying type at run time, and
// compiled packages (fmt, encoding/json, log/slog) do not see the methods of cell types. Where the rewriter can
// tell from the types that a cell depends on what yaegi cannot do, it refuses the cell
// with an error naming the limit, rather than let it print a wrong answer.

// Unsupported is the error of a cell that uses what peerbook refuses; List holds one
// positioned message per use.
type Unsupported struct {
	List scanner.ErrorList
}

func (u *Unsupported) Error() string { return u.List.Error() }

// Unwrap returns the list, for errors.As.
func (u *Unsupported) Unwrap() error { return u.List }

// unsupported returns the refusals of the cell's roots (nil if none).
func (x *cell) unsupported(roots []ast.Node) error {
	x.roots = roots
	var list scanner.ErrorList
	add := func(pos token.Pos, format string, args ...any) {
		list.Add(x.fset.Position(pos), "peerbook: "+fmt.Sprintf(format, args...))
	}
	ctxKeys := map[string]types.Type{}
	mapKeys := map[*types.Map]map[string]types.Type{}
	x.twinsNow, x.assertedNow = x.madeTwins(roots), map[string]string{}
	x.refuseLateTwins(add)
	x.refuseComparableTwins(add)
	x.refusePredeclared(roots, add)
	for _, root := range roots {
		ast.Inspect(root, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				x.refuseLateMethod(n, roots, add)
			case *ast.TypeSpec:
				x.refuseRecursiveGeneric(n, add)
				x.refuseRecursiveFunc(n, add)
				x.refuseRecursiveComposite(n, add)
				x.refuseLocalGeneric(n, add)
			case *ast.TypeSwitchStmt:
				x.refuseCaseCollisions(n, add)
			case *ast.TypeAssertExpr:
				if n.Type != nil {
					x.refuseAssertCollision(n.Type, x.typeOf(n.X), add)
				}
			case *ast.CallExpr:
				x.refuseReflectOf(n, add)
				x.refuseTemplateMethods(n, add)
				x.refuseXMLMethods(n, add)
				if key := x.contextKey(n); key != nil {
					x.refuseKeyCollision(key, ctxKeys, "context keys", add)
				}
			case *ast.MapType:
				x.refuseInterfaceKeys(n, add)
			case *ast.CompositeLit:
				if m, ok := underlying(x.typeOf(n)).(*types.Map); ok && types.IsInterface(m.Key()) {
					for _, e := range n.Elts {
						if kv, ok := e.(*ast.KeyValueExpr); ok {
							x.refuseKeyCollision(kv.Key, keysOf(mapKeys, m), "keys of a "+m.String(), add)
							x.refuseWrappedKey(kv.Key, m, add)
						}
					}
				}
			case *ast.IndexExpr:
				if m, ok := underlying(x.typeOf(n.X)).(*types.Map); ok && types.IsInterface(m.Key()) {
					x.refuseKeyCollision(n.Index, keysOf(mapKeys, m), "keys of a "+m.String(), add)
					x.refuseWrappedKey(n.Index, m, add)
				}
			case *ast.SelectorExpr:
				x.refuseTypeAssertionError(n, add)
				x.refuseIntrospection(n, add)
			}
			return true
		})
	}
	x.refuseReflectLeaks(roots, add)
	x.refuseJSONFuncValues(roots, add)
	if len(list) == 0 {
		x.rememberTwins()
		return nil
	}
	list.Sort()
	return &Unsupported{List: list}
}

func keysOf(m map[*types.Map]map[string]types.Type, t *types.Map) map[string]types.Type {
	for k, v := range m {
		if types.Identical(k, t) {
			return v
		}
	}
	m[t] = map[string]types.Type{}
	return m[t]
}

// sigKey writes a signature's parameter and result types: "(fmt.State, rune) ()",
// "() (string)".
func sigKey(sig *types.Signature) string {
	q := func(p *types.Package) string { return p.Path() }
	tuple := func(t *types.Tuple) string {
		var parts []string
		for i := 0; i < t.Len(); i++ {
			parts = append(parts, types.TypeString(t.At(i).Type(), q))
		}
		return "(" + strings.Join(parts, ", ") + ")"
	}
	return tuple(sig.Params()) + " " + tuple(sig.Results())
}

// refuseRecursiveGeneric refuses a generic type that refers to itself with type
// arguments other than its own parameters in order (type T[K, V any] struct{ n *T[V, K] }):
// yaegi builds a self-reference as the instance being made, which would be the wrong type.
func (x *cell) refuseRecursiveGeneric(ts *ast.TypeSpec, add func(token.Pos, string, ...any)) {
	if ts.TypeParams == nil {
		return
	}
	var params []string
	for _, f := range ts.TypeParams.List {
		for _, n := range f.Names {
			params = append(params, n.Name)
		}
	}
	same := func(args []ast.Expr) bool {
		if len(args) != len(params) {
			return false
		}
		for i, a := range args {
			if id, ok := a.(*ast.Ident); !ok || id.Name != params[i] {
				return false
			}
		}
		return true
	}
	ast.Inspect(ts.Type, func(n ast.Node) bool {
		var x ast.Expr
		var args []ast.Expr
		switch n := n.(type) {
		case *ast.IndexExpr:
			x, args = n.X, []ast.Expr{n.Index}
		case *ast.IndexListExpr:
			x, args = n.X, n.Indices
		default:
			return true
		}
		if id, ok := x.(*ast.Ident); ok && id.Name == ts.Name.Name && !same(args) {
			add(n.Pos(), "generic type %s refers to itself with type arguments other than its parameters in order: not supported in cells (yaegi builds it as the instance being made)", ts.Name.Name)
			return false
		}
		return true
	})
}

// refuseLocalGeneric refuses a generic type declared in a function (func f() { type
// T[_ any] int }): yaegi declares generic types at package level only ("type definition
// not implemented: fieldList").
func (x *cell) refuseLocalGeneric(ts *ast.TypeSpec, add func(token.Pos, string, ...any)) {
	if ts.TypeParams == nil {
		return
	}
	obj, ok := x.info.Defs[ts.Name].(*types.TypeName)
	if !ok || obj.Parent() == nil || obj.Parent() == x.c.pkg.Scope() {
		return
	}
	add(ts.Name.Pos(), "generic type %s declared in a function: not supported in cells (the interpreter declares generic types at package level only); declare it outside the function", ts.Name.Name)
}

// refuseRecursiveFunc refuses a function type that refers to itself other than through
// a struct or an interface (type stateFn func(rune) stateFn): reflect cannot make such a
// type, and yaegi v0.16.1 panics building it, or recurses or loops without end.
func (x *cell) refuseRecursiveFunc(ts *ast.TypeSpec, add func(token.Pos, string, ...any)) {
	obj, ok := x.info.Defs[ts.Name].(*types.TypeName)
	if !ok {
		return
	}
	named, ok := obj.Type().(*types.Named)
	if !ok || !isFuncCycle(named, named.Underlying(), map[types.Type]bool{}, false) {
		return
	}
	add(ts.Name.Pos(), "type %s refers to itself through a function type (%s): recursive function types are not supported in cells (reflect cannot make them); an interface works (type %s interface{ Next(...) %s })",
		ts.Name.Name, types.TypeString(named.Underlying(), types.RelativeTo(obj.Pkg())), ts.Name.Name, ts.Name.Name)
}

// isFuncCycle reports whether t reaches named through types that reflect builds without
// a named struct in between, once a function signature is on the way (inFunc).
func isFuncCycle(named *types.Named, t types.Type, seen map[types.Type]bool, inFunc bool) bool {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		if t == named || t.Origin() == named {
			// An instance of a generic type is its origin here (type internal[T any]
			// func(internal[T]) T).
			return inFunc
		}
		if seen[t] {
			return false
		}
		seen[t] = true
		return isFuncCycle(named, t.Underlying(), seen, inFunc)
	case *types.Signature:
		for _, tuple := range []*types.Tuple{t.Params(), t.Results()} {
			for i := 0; i < tuple.Len(); i++ {
				if isFuncCycle(named, tuple.At(i).Type(), seen, true) {
					return true
				}
			}
		}
	case *types.Pointer:
		return isFuncCycle(named, t.Elem(), seen, inFunc)
	case *types.Slice:
		return isFuncCycle(named, t.Elem(), seen, inFunc)
	case *types.Array:
		return isFuncCycle(named, t.Elem(), seen, inFunc)
	case *types.Chan:
		return isFuncCycle(named, t.Elem(), seen, inFunc)
	case *types.Map:
		return isFuncCycle(named, t.Key(), seen, inFunc) || isFuncCycle(named, t.Elem(), seen, inFunc)
	}
	return false
}

// refuseTypeAssertionError refuses runtime.TypeAssertionError: a failed type assertion
// in a cell panics with a runtime.Error of the runtime's message, not with a
// *runtime.TypeAssertionError (its fields are the runtime's own), so errors.As into one,
// or an assertion to it, would be false where Go says true.
func (x *cell) refuseTypeAssertionError(sel *ast.SelectorExpr, add func(token.Pos, string, ...any)) {
	tn, ok := x.info.Uses[sel.Sel].(*types.TypeName)
	if !ok || tn.Pkg() == nil || tn.Pkg().Path() != "runtime" || tn.Name() != "TypeAssertionError" {
		return
	}
	add(sel.Pos(), "runtime.TypeAssertionError is not supported in cells: a failed type assertion in a cell panics with a runtime.Error that has the runtime's message but is not a *runtime.TypeAssertionError (match runtime.Error, or the message)")
}

// reprKey names the run-time representation of t as reflect alone would make it: a cell
// type that reflect cannot tell from another (a named non-struct type, an empty struct)
// is its underlying type. (cell.repr knows the types that took a pool type.)
func reprKey(t types.Type) string { return reprKeyOf(t, nil) }

// reprKeyOf is reprKey where the session types for which distinct is true keep their
// name.
func reprKeyOf(t types.Type, distinct func(*types.Named) bool) string {
	return reprKeyIn(t, distinct, map[*types.Named]bool{})
}

// reprKeyIn is reprKeyOf with the named types being expanded: a type that reaches itself
// (type T2 T1 with T1 struct{ Next *T2 }) keeps its name where it comes back (the
// expansion recursed until the stack overflowed, ending the session: Go's
// test/fixedbugs/bug336.go).
func reprKeyIn(t types.Type, distinct func(*types.Named) bool, expanding map[*types.Named]bool) string {
	reprKey := func(t types.Type) string { return reprKeyIn(t, distinct, expanding) }
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		if expanding[t] {
			return types.TypeString(t, nil)
		}
		expanding[t] = true
		defer delete(expanding, t)
		if isSessionValue(t) && (distinct == nil || !distinct(t)) {
			switch u := t.Underlying().(type) {
			case *types.Interface:
			case *types.Struct:
				if u.NumFields() == 0 {
					return "struct{}"
				}
			default:
				return reprKey(u)
			}
		}
		return types.TypeString(t, nil)
	case *types.Pointer:
		return "*" + reprKey(t.Elem())
	case *types.Slice:
		return "[]" + reprKey(t.Elem())
	case *types.Array:
		return fmt.Sprintf("[%d]%s", t.Len(), reprKey(t.Elem()))
	case *types.Map:
		return "map[" + reprKey(t.Key()) + "]" + reprKey(t.Elem())
	case *types.Chan:
		return "chan " + reprKey(t.Elem())
	}
	return types.TypeString(t, nil)
}

// lossy reports whether values of t lose their type at run time.
func lossy(t types.Type) bool { return reprKey(t) != types.TypeString(t, nil) }

func typeName(t types.Type) string {
	return types.TypeString(t, func(*types.Package) string { return "" })
}

// refuseCaseCollisions refuses a type switch with two cases that are one type at run time.
func (x *cell) refuseCaseCollisions(ts *ast.TypeSwitchStmt, add func(token.Pos, string, ...any)) {
	var from types.Type // the operand's static type
	switch a := ts.Assign.(type) {
	case *ast.ExprStmt:
		if ta, ok := a.X.(*ast.TypeAssertExpr); ok {
			from = x.typeOf(ta.X)
		}
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			if ta, ok := a.Rhs[0].(*ast.TypeAssertExpr); ok {
				from = x.typeOf(ta.X)
			}
		}
	}
	seen := map[string]types.Type{}
	for _, s := range ts.Body.List {
		cc, ok := s.(*ast.CaseClause)
		if !ok {
			continue
		}
		for _, e := range cc.List {
			t := x.typeOf(e)
			if t == nil || types.IsInterface(t) {
				continue
			}
			x.refuseAssertCollision(e, from, add)
			k := x.repr(t)
			if prev, ok := seen[k]; ok && !types.Identical(prev, t) {
				add(e.Pos(), "type switch cases %s and %s are not supported together in cells: both are %s at run time (reflect cannot make named types), so a value of one would match the other",
					typeName(prev), typeName(t), k)
				continue
			}
			seen[k] = t
		}
	}
}

// refuseAssertCollision refuses an assertion to (or a type switch case of) a cell type
// whose values cannot be told from those of another named type of the cell or session,
// or, asserted from an empty interface (from, the operand's type), from those of its
// unnamed underlying type.
func (x *cell) refuseAssertCollision(e ast.Expr, from types.Type, add func(token.Pos, string, ...any)) {
	t := x.typeOf(e)
	if t != nil && from != nil && types.IsInterface(from) && types.NewMethodSet(from).Len() == 0 {
		// type Tokens []Token (a composite of a cell type: no pool type, patch 54) is a
		// []Token at run time: a []Token in an any would pass for a Tokens, and a Tokens
		// for a []Token (twins.go). An interface with methods holds no value of an
		// unnamed composite type.
		if others := x.twinsOf(t); len(others) > 0 && x.refuseTwinAssert(e, t, others, add) {
			return
		}
	}
	if t == nil || types.IsInterface(t) || !x.isLossy(t) || x.c.pkg == nil {
		return
	}
	k := x.repr(t)
	if n, ok := types.Unalias(t).(*types.Named); ok && poolUnder(n) != nil {
		under := poolUnder(n)
		// A type that found no free pool type (patch 53) is its underlying type at run
		// time: a value of that type would pass for it.
		add(e.Pos(), "type assertion to %s is not supported in cells: a %s and a %s are both %s at run time (the session's named types of underlying type %s used up the %d pool types that keep them apart), so one would pass for the other",
			typeName(t), typeName(t), k, k, k, namedpool.Size(under))
		return
	}
	scope := x.c.pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		other := tn.Type()
		if _, generic := other.(*types.Named); generic && other.(*types.Named).TypeParams().Len() > 0 {
			continue
		}
		for _, o := range []types.Type{other, types.NewPointer(other)} {
			if !types.Identical(o, t) && x.repr(o) == k {
				add(e.Pos(), "type assertion to %s is not supported in cells: a %s and a %s are both %s at run time (reflect cannot make named types), so one would pass for the other",
					typeName(t), typeName(t), typeName(o), k)
				return
			}
		}
	}
}

// unnamedTwin returns the unnamed type whose values pass for those of t at run time: the
// underlying composite type of a named type of the session that has no run-time identity
// (t is lossy), or a pointer to it for a pointer to such a type; nil for other types.
// Struct types have their identity tag (patch 5), basic types the pool's refusal.
func unnamedTwin(t types.Type) types.Type {
	ptr := false
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || !isSessionValue(n) {
		return nil
	}
	switch u := n.Underlying().(type) {
	case *types.Slice, *types.Map, *types.Array, *types.Chan, *types.Signature, *types.Pointer:
		if ptr {
			return types.NewPointer(u)
		}
		return u
	}
	return nil
}

// contextKey returns the key argument of context.WithValue(ctx, key, v) and of
// ctx.Value(key) on a context.Context, nil for other calls.
func (x *cell) contextKey(call *ast.CallExpr) ast.Expr {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	switch sel.Sel.Name {
	case "WithValue":
		if fn, ok := x.info.Uses[sel.Sel].(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "context" && len(call.Args) == 3 {
			return call.Args[1]
		}
	case "Value":
		s := x.info.Selections[sel]
		if s == nil || len(call.Args) != 1 {
			return nil
		}
		// The method of context.Context, or of a compiled type that implements it.
		if r := types.TypeString(s.Recv(), nil); r == "context.Context" || strings.HasPrefix(strings.TrimPrefix(r, "*"), "context.") {
			return call.Args[0]
		}
	}
	return nil
}

// refuseKeyCollision records the static type of key among the keys of one place (the
// session's context keys, the keys of a map type with interface keys) and refuses a key
// whose type is another named type with the same run-time representation.
func (x *cell) refuseKeyCollision(key ast.Expr, seen map[string]types.Type, what string, add func(token.Pos, string, ...any)) {
	t := x.typeOf(key)
	if t == nil || types.IsInterface(t) {
		return
	}
	if b, ok := t.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		t = types.Default(t)
	}
	k := x.repr(t)
	if prev, ok := seen[k]; ok && !types.Identical(prev, t) {
		add(key.Pos(), "%s of types %s and %s are not supported together in cells: both are %s at run time (reflect cannot make named types), so the keys would collide",
			what, typeName(prev), typeName(t), k)
		return
	}
	seen[k] = t
}

// refuseReflectOf refuses reflect.TypeOf and reflect.ValueOf of a value whose static type
// involves a type declared in a cell that reflect cannot show as Go does (see
// reflectBlind): the rewrites of reflect.go correct the others.
func (x *cell) refuseReflectOf(call *ast.CallExpr, add func(token.Pos, string, ...any)) {
	if ix, ok := call.Fun.(*ast.IndexExpr); ok {
		// reflect.TypeFor[T]()
		if fn := calleeFunc(x.info, &ast.CallExpr{Fun: ix.X}); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "reflect" && fn.Name() == "TypeFor" {
			if t := x.typeOf(ix.Index); t != nil {
				if why := x.reflectBlind(t, map[types.Type]bool{}); why != "" {
					add(call.Pos(), "reflect.TypeFor[%s] is not supported in cells: %s", typeName(t), why)
				}
			}
		}
		return
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || len(call.Args) != 1 || (sel.Sel.Name != "TypeOf" && sel.Sel.Name != "ValueOf") {
		return
	}
	fn, ok := x.info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "reflect" {
		return
	}
	t := x.typeOf(call.Args[0])
	if t == nil || types.IsInterface(t) {
		return // the dynamic value decides (_pb_reflect_arg)
	}
	if why := x.reflectBlind(t, map[types.Type]bool{}); why != "" {
		add(call.Pos(), "reflect.%s of a value of type %s is not supported in cells: %s",
			sel.Sel.Name, typeName(t), why)
	}
}

// reflectBlind says why reflect cannot show t, or a type t is made of, as Go does ("" if
// it can): a named composite type of a cell (type Names []string) is its underlying type
// at run time, an interface type of a cell is one struct type of the interpreter
// (interp.valueInterface), a named type without a pool type of its own is its
// underlying type, and the unexported fields of an unnamed struct type are renamed.
func (x *cell) reflectBlind(t types.Type, seen map[types.Type]bool) string {
	if seen[t] {
		return ""
	}
	seen[t] = true
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		if !isSessionPkg(t.Obj().Pkg()) {
			return ""
		}
		if types.IsInterface(t) {
			return fmt.Sprintf("the interface type %s declared in a cell has no reflect type of its own", typeName(t))
		}
		switch u := t.Underlying().(type) {
		case *types.Struct:
			if u.NumFields() == 0 && !x.distinct(t) {
				return fmt.Sprintf("the empty struct type %s has no reflect type of its own (it would be struct {})", typeName(t))
			}
			for i := 0; i < u.NumFields(); i++ {
				if why := x.reflectBlind(u.Field(i).Type(), seen); why != "" {
					return why
				}
			}
			return ""
		case *types.Basic:
			if !x.distinct(t) {
				return fmt.Sprintf("the type %s has no reflect type of its own (it would be %s)", typeName(t), u)
			}
			return ""
		case *types.Slice, *types.Map, *types.Array:
			if x.distinct(t) {
				return "" // a pool type of its own (yaegi patch 54)
			}
		}
		return fmt.Sprintf("the type %s declared in a cell has no reflect type of its own (it would be %s)", typeName(t), typeName(t.Underlying()))
	case *types.Pointer:
		return x.reflectBlind(t.Elem(), seen)
	case *types.Slice:
		return x.reflectBlind(t.Elem(), seen)
	case *types.Array:
		return x.reflectBlind(t.Elem(), seen)
	case *types.Chan:
		return x.reflectBlind(t.Elem(), seen)
	case *types.Map:
		if why := x.reflectBlind(t.Key(), seen); why != "" {
			return why
		}
		return x.reflectBlind(t.Elem(), seen)
	case *types.Signature:
		for _, tup := range []*types.Tuple{t.Params(), t.Results()} {
			for i := 0; i < tup.Len(); i++ {
				if why := x.reflectBlind(tup.At(i).Type(), seen); why != "" {
					return why
				}
			}
		}
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			f := t.Field(i)
			if !f.Exported() && f.Pkg() != nil && isSessionPkg(f.Pkg()) {
				return fmt.Sprintf("the unexported field %s of an unnamed struct type would show renamed (X%s)", f.Name(), f.Name())
			}
			if why := x.reflectBlind(f.Type(), seen); why != "" {
				return why
			}
		}
	}
	return ""
}

// involvesSessionType reports whether t is, or is made of, a named non-interface type
// declared in a cell.
func involvesSessionType(t types.Type) bool {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		return isSessionValue(t) && !types.IsInterface(t)
	case *types.Pointer:
		return involvesSessionType(t.Elem())
	case *types.Slice:
		return involvesSessionType(t.Elem())
	case *types.Array:
		return involvesSessionType(t.Elem())
	case *types.Map:
		return involvesSessionType(t.Key()) || involvesSessionType(t.Elem())
	case *types.Chan:
		return involvesSessionType(t.Elem())
	}
	return false
}

// refuseLateMethod refuses a method declared on a type of an earlier cell whose values
// earlier cells converted to interfaces, when the type has no run-time identity of its
// own (type Temp float64): such values are held as their underlying type, so fmt, type
// assertions and interfaces would not see the new method on them (Go: all methods exist
// from the start; a Temp put in an []any prints with its String method).
func (x *cell) refuseLateMethod(fd *ast.FuncDecl, roots []ast.Node, add func(token.Pos, string, ...any)) {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return
	}
	t := x.typeOf(fd.Recv.List[0].Type)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || !x.r.boxed[n.Obj().Name()] || declaresType(roots, n.Obj().Name()) || x.distinct(n) {
		// A type with a pool type of its own (patch 53): its values in interfaces are
		// of that type and find the methods declared later.
		return
	}
	add(fd.Name.Pos(), "method %s.%s is not supported in cells: earlier cells put values of %s in interfaces, where a %s is a %s at run time (reflect cannot make named types), so they would not get the method; declare the methods of %s in the cell that declares it",
		n.Obj().Name(), fd.Name.Name, n.Obj().Name(), n.Obj().Name(), reprKey(n), n.Obj().Name())
}

// declaresType reports whether the roots declare a type named name.
func declaresType(roots []ast.Node, name string) bool {
	found := false
	for _, r := range roots {
		ast.Inspect(r, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok && ts.Name.Name == name {
				found = true
			}
			return !found
		})
	}
	return found
}

// refuseInterfaceKeys refuses a map type whose keys are of an interface type with methods
// declared in a cell (or an interface literal with methods): yaegi holds such interface
// values as a wrapper of the value and the node that made it, and a map hashes the
// wrapper, so two equal values are two keys (patch 38 in the yaegi PATCHES.md).
func (x *cell) refuseInterfaceKeys(mt *ast.MapType, add func(token.Pos, string, ...any)) {
	t := x.typeOf(mt.Key)
	if t == nil || !types.IsInterface(t) {
		return
	}
	if _, param := types.Unalias(t).(*types.TypeParam); param {
		return // an instance's keys are of the type argument
	}
	it, ok := t.Underlying().(*types.Interface)
	if !ok || it.NumMethods() == 0 || it.IsImplicit() {
		return
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && !isSessionPkg(n.Obj().Pkg()) {
		return // a compiled interface: see refuseWrappedKey
	}
	add(mt.Pos(), "map keys of interface type %s are not supported in cells: an interface with methods declared in a cell holds a wrapper of its value at run time, and equal values would be distinct keys (use map[any])",
		typeName(t))
}

// refuseWrappedKey refuses a key of a cell type in a map whose keys are of an interface
// type with methods (map[fmt.Stringer]V, map[error]V, an instance's map[K]V with an
// interface of the cell for K): the value would be held in a wrapper (for a compiled
// interface, a struct with the methods as func fields, which cannot be hashed).
func (x *cell) refuseWrappedKey(key ast.Expr, m *types.Map, add func(token.Pos, string, ...any)) {
	it, ok := m.Key().Underlying().(*types.Interface)
	if !ok || it.NumMethods() == 0 {
		return
	}
	t := x.typeOf(key)
	if t == nil || types.IsInterface(t) || !involvesSessionType(t) {
		return
	}
	add(key.Pos(), "a key of type %s in a %s is not supported in cells: a value of a cell type held in the interface %s is a wrapper at run time, which a map cannot hash as Go does (use map[any])",
		typeName(t), m.String(), m.Key().String())
}
