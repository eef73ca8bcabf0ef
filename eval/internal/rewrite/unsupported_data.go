package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"
)

// Refusals of cell values that reach a compiled package which reads them by reflection
// (text/template, html/template): it does not see the methods of cell types, and a value
// of a cell type with methods held in an interface reaches it as the interpreter's
// wrapper. (log/slog sees them: its arguments go through rt.SlogValue, fmtmethods.go.)
// The checks run from unsupported.go.

// refuseTemplateMethods refuses executing a text/template or html/template template on
// data that holds a value of a cell type with methods: the template package does not see
// the methods of cell types, so {{.Full}} of a method Full fails with "can't evaluate
// field Full", an error the program may print as its answer.
func (x *cell) refuseTemplateMethods(call *ast.CallExpr, add func(token.Pos, string, ...any)) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != "Execute" && sel.Sel.Name != "ExecuteTemplate") || len(call.Args) < 2 {
		return
	}
	s := x.info.Selections[sel]
	if s == nil {
		return
	}
	recv := types.TypeString(s.Recv(), nil)
	if recv != "*text/template.Template" && recv != "*html/template.Template" {
		return
	}
	data := call.Args[len(call.Args)-1]
	if name := cellTypeWithMethods(x.typeOf(data), map[types.Type]bool{}); name != "" {
		add(data.Pos(), "executing a template on data of type %s is not supported in cells: it holds a %s, and templates do not see the methods of types declared in cells (a method used in the template would fail as a missing field)",
			typeName(x.typeOf(data)), name)
		return
	}
	// Data whose interfaces (any) may hold a value of such a type is checked when the
	// template runs (templateData).
}

// templateData routes the data of a template's Execute or ExecuteTemplate through
// _pb_template_data when its interfaces (any) may hold a value of a cell type with
// methods, which reaches the template as the interpreter's wrapper: the value held is
// refused when the template runs, where refuseTemplateMethods cannot see it at compile
// time (data of type map[string]any is common, and rarely holds such a value).
func (x *cell) templateData(call *ast.CallExpr) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != "Execute" && sel.Sel.Name != "ExecuteTemplate") || len(call.Args) < 2 {
		return
	}
	s := x.info.Selections[sel]
	if s == nil {
		return
	}
	recv := types.TypeString(s.Recv(), nil)
	if recv != "*text/template.Template" && recv != "*html/template.Template" {
		return
	}
	last := len(call.Args) - 1
	if x.boxedMethodValue(x.typeOf(call.Args[last])) == "" {
		return
	}
	tm := tmpl{pos: call.Args[last].Pos(), exprs: map[string]ast.Expr{"_pbX_v": call.Args[last]}}
	call.Args[last] = tm.expr("_pb_template_data(_pbX_v, %q)", strings.Join(x.typesWithMethods(), ","))
}

// typesWithMethods names the session's types (those of earlier cells and this one's)
// with methods, on the value or the pointer.
func (x *cell) typesWithMethods() []string {
	seen := map[string]bool{}
	add := func(tn *types.TypeName) {
		if tn == nil || tn.IsAlias() || !isSessionPkg(tn.Pkg()) || tn.Parent() != tn.Pkg().Scope() {
			return
		}
		if n, ok := tn.Type().(*types.Named); ok && !types.IsInterface(n) && n.NumMethods() > 0 {
			seen[tn.Name()] = true
		}
	}
	if x.c != nil && x.c.pkg != nil {
		scope := x.c.pkg.Scope()
		for _, name := range scope.Names() {
			tn, _ := scope.Lookup(name).(*types.TypeName)
			add(tn)
		}
	}
	for _, obj := range x.info.Defs {
		tn, _ := obj.(*types.TypeName)
		add(tn)
	}
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// reflectArg routes the argument of reflect.TypeOf or reflect.ValueOf through
// _pb_reflect_arg when its static type is an interface: the value held may be of a cell
// type, which refuseReflectOf refuses at compile time only where the static type shows it.
func (x *cell) reflectArg(call *ast.CallExpr) {
	fn := calleeFunc(x.info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "reflect" || (fn.Name() != "TypeOf" && fn.Name() != "ValueOf") || len(call.Args) != 1 {
		return
	}
	if t := x.typeOf(call.Args[0]); t == nil || !types.IsInterface(t) {
		return
	}
	tm := tmpl{pos: call.Args[0].Pos(), exprs: map[string]ast.Expr{"_pbX_v": call.Args[0]}}
	call.Args[0] = tm.expr("_pb_reflect_arg(%q, _pbX_v)", fn.Name())
}

// calleeFunc returns the function or method a call calls, nil for a call of a func
// value or a conversion.
func calleeFunc(info *types.Info, call *ast.CallExpr) *types.Func {
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return nil
	}
	fn, _ := info.Uses[id].(*types.Func)
	return fn
}

// paramType is the type of the parameter that argument i of a call goes to (the element
// type of a variadic parameter, unless the call spreads a slice with ...).
func paramType(sig *types.Signature, i int, spread bool) types.Type {
	n := sig.Params().Len()
	if n == 0 {
		return nil
	}
	if !sig.Variadic() || i < n-1 {
		if i >= n {
			return nil
		}
		return sig.Params().At(i).Type()
	}
	last := sig.Params().At(n - 1).Type()
	if spread {
		return last
	}
	if s, ok := last.(*types.Slice); ok {
		return s.Elem()
	}
	return last
}

// isEmptyInterface reports whether t is an interface without methods (any).
func isEmptyInterface(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	return ok && it.NumMethods() == 0
}

// holdsEmptyInterface reports whether a value of type t may hold an empty interface
// (any, []any, map[string]any, a struct field of type any) whose dynamic value the
// static type does not show. Types of compiled packages are not looked into.
func holdsEmptyInterface(t types.Type, seen map[types.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	if isEmptyInterface(t) {
		return true
	}
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		if !isSessionPkg(u.Obj().Pkg()) {
			return false
		}
		return holdsEmptyInterface(u.Underlying(), seen)
	case *types.Pointer:
		return holdsEmptyInterface(u.Elem(), seen)
	case *types.Slice:
		return holdsEmptyInterface(u.Elem(), seen)
	case *types.Array:
		return holdsEmptyInterface(u.Elem(), seen)
	case *types.Map:
		return holdsEmptyInterface(u.Key(), seen) || holdsEmptyInterface(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if holdsEmptyInterface(u.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}

// boxedMethodValue returns, for data of type t that may hold an empty interface, the name
// of a cell type with methods whose values the cell uses ("" if t holds no interface or
// the cell uses no such value): such a value put in an interface is held as the
// interpreter's wrapper, which compiled packages print as is. The cell's values are what
// the rewriter sees, then the types with methods declared by the session's cells (a value
// put in an interface by an earlier cell may be kept in a session variable).
func (x *cell) boxedMethodValue(t types.Type) string {
	return x.boxedValueWith(t, func(n *types.Named) bool { return n.NumMethods() > 0 })
}

// boxedValueWith is boxedMethodValue for the cell types for which has is true.
func (x *cell) boxedValueWith(t types.Type, has func(*types.Named) bool) string {
	if !holdsEmptyInterface(t, map[types.Type]bool{}) {
		return ""
	}
	found := ""
	for _, root := range x.roots {
		ast.Inspect(root, func(n ast.Node) bool {
			if found != "" {
				return false
			}
			e, ok := n.(ast.Expr)
			if !ok {
				return true
			}
			if tv, ok := x.info.Types[e]; ok && tv.IsValue() && !types.IsInterface(tv.Type) {
				found = cellTypeWith(tv.Type, has, map[types.Type]bool{})
			}
			return found == ""
		})
		if found != "" {
			break
		}
	}
	if found == "" && x.c != nil && x.c.pkg != nil {
		// Values put in an interface by earlier cells and kept in session variables:
		// any type of the session with methods may be among them.
		scope := x.c.pkg.Scope()
		for _, name := range scope.Names() {
			if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() {
				if found = cellTypeWith(tn.Type(), has, map[types.Type]bool{}); found != "" {
					break
				}
			}
		}
	}
	return found
}

// cellTypeWithMethods returns the name of a named type of the session with methods
// reachable from t (through pointers, fields, elements, keys), "" if none.
func cellTypeWithMethods(t types.Type, seen map[types.Type]bool) string {
	return cellTypeWith(t, func(n *types.Named) bool { return n.NumMethods() > 0 }, seen)
}

// cellTypeWith returns the name of a non-interface type declared in a cell that t is or
// holds (through pointers, slices, arrays, maps and struct fields) for which has is true.
func cellTypeWith(t types.Type, has func(*types.Named) bool, seen map[types.Type]bool) string {
	if t == nil || seen[t] {
		return ""
	}
	seen[t] = true
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		if isSessionPkg(u.Obj().Pkg()) && !types.IsInterface(u) {
			if has(u) {
				return typeName(u)
			}
		}
		if !isSessionPkg(u.Obj().Pkg()) {
			return ""
		}
		return cellTypeWith(u.Underlying(), has, seen)
	case *types.Pointer:
		return cellTypeWith(u.Elem(), has, seen)
	case *types.Slice:
		return cellTypeWith(u.Elem(), has, seen)
	case *types.Array:
		return cellTypeWith(u.Elem(), has, seen)
	case *types.Map:
		if n := cellTypeWith(u.Key(), has, seen); n != "" {
			return n
		}
		return cellTypeWith(u.Elem(), has, seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if n := cellTypeWith(u.Field(i).Type(), has, seen); n != "" {
				return n
			}
		}
	}
	return ""
}
