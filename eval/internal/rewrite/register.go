package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/rewrite/rt"
	"github.com/peerbook/peerbook/internal/typewalk"
)

// Registration: the methods of the cell's named types that the printer (package rt)
// calls, registered when the cell runs.

// registerTypes registers the printing and error methods of the named types the cell
// declares or gives methods to, and of the instances of the session's generic types the
// cell uses: declarations added to the cell's file, or statements put before the
// cell's statements when it has no declarations.
func (x *cell) registerTypes(f *ast.File, stmts *ast.BlockStmt) {
	var list []*types.Named
	seen := map[string]bool{}
	add := func(n *types.Named) {
		name := reflectName(n)
		if !seen[name] {
			seen[name] = true
			list = append(list, n)
		}
	}
	scope := x.c.pkg.Scope()
	if f != nil {
		var names []string
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				if d.Tok == token.TYPE {
					for _, s := range d.Specs {
						names = append(names, s.(*ast.TypeSpec).Name.Name)
					}
				}
			case *ast.FuncDecl:
				if d.Recv != nil && len(d.Recv.List) == 1 {
					names = append(names, RecvBase(d.Recv.List[0].Type))
				}
			}
		}
		for _, name := range names {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() || name == "_" {
				continue
			}
			named, ok := tn.Type().(*types.Named)
			switch {
			case !ok || types.IsInterface(named):
			case named.TypeParams() == nil:
				add(named)
			default:
				x.registerGeneric(named)
			}
		}
	}
	// Instances of generic types of the session, in the order of their names.
	instances := x.genericInstances()
	for _, n := range instances {
		if !x.r.instances[reflectName(n)] {
			x.r.instances[reflectName(n)] = true
			add(n)
		}
	}
	for _, named := range list {
		ts, ok := x.c.typeString(named)
		if !ok {
			continue
		}
		rt.Register(x.desc(named))
		x.registerJSON(named, ts, f, stmts)
		var sets [2][5]string
		for i, recv := range []types.Type{named, types.NewPointer(named)} {
			ms := types.NewMethodSet(recv)
			recvType := ts
			if i == 1 {
				recvType = "*" + ts
			}
			sets[i] = [5]string{"nil", "nil", "nil", "nil", "nil"}
			for j, m := range []struct{ name, result string }{{"String", "string"}, {"Error", "string"}, {"Unwrap", "error"}, {"Unwrap", "[]error"}} {
				sel := ms.Lookup(nil, m.name)
				if sel == nil || !isNiladic(sel.Obj(), m.result) {
					continue
				}
				sets[i][j] = fmt.Sprintf("func(v %s) %s { return v.%s() }", recvType, m.result, m.name)
				if m.result == "string" {
					// String and Error return what they panicked with, recovered in the
					// interpreter (see fmtRegistration).
					sets[i][j] = fmt.Sprintf("func(v %s) (_pb_s string, _pb_p any) { defer func() { _pb_p = recover() }(); return v.%s(), nil }", recvType, m.name)
				}
			}
			if sel := ms.Lookup(nil, "Is"); sel != nil && isIsMethod(sel.Obj()) {
				sets[i][4] = fmt.Sprintf("func(v %s, t error) bool { return v.Is(t) }", recvType)
			}
		}
		zero := "*new(" + ts + ")"
		fmtCall, fmtFound := x.fmtRegistration(named, ts)
		if named.TypeArgs().Len() > 0 && !fmtFound && noMethods(sets) {
			// An instance without methods needs no registration. (One with methods
			// registers its zero value, with which the printer recognises its values
			// held as a type parameter's, as in a generic String method printing o.v.)
			continue
		}
		call := fmt.Sprintf("_pb_register(%q, %q, %s, [5]any{%s}, [5]any{%s})",
			x.r.session, reflectName(named), zero, strings.Join(sets[0][:], ", "), strings.Join(sets[1][:], ", "))
		call += " + " + fmtCall
		if deferred := x.deferredErrorRegistration(named, ts); deferred != "" {
			call += " + " + deferred
		}
		switch {
		case f != nil:
			// Before the cell's declarations: a package variable initialized with a
			// value of the type printed must find its String method (declareFirst).
			declareFirst(f, parseDecl(f.Pos(), fmt.Sprintf("package main\nvar %s = %s", x.tmp("reg"), call)))
		case stmts != nil:
			stmts.List = append(parseStmts(stmts.Lbrace, "_ = %s", call), stmts.List...)
		}
	}
	x.registerReflectTypes(list, f, stmts)
}

// registerGeneric describes a generic struct, slice, array or map type for the printer,
// which describes by it the instances that only generic code makes (G[T] in a func F[T
// any] called with string is main.G[string] when it runs): their fields or elements as
// the declaration has them, those whose type is made of type parameters as interfaces
// (the value decides). It tells the printer which of the type's method sets have a
// String or Error method, which such an instance's values need registered.
func (x *cell) registerGeneric(named *types.Named) {
	sets := 0
	for i, recv := range []types.Type{named, types.NewPointer(named)} {
		ms := types.NewMethodSet(recv)
		for _, m := range []string{"String", "Error"} {
			if sel := ms.Lookup(nil, m); sel != nil && isNiladic(sel.Obj(), "string") && sets == 0 {
				sets = []int{rt.ValueMethods, rt.PointerMethods}[i]
			}
		}
	}
	rt.RegisterGenericMethods(x.r.session, reflectName(named), sets)
	var under *rt.Type
	switch u := named.Underlying().(type) {
	case *types.Struct:
		under = &rt.Type{Kind: rt.Struct, Name: reflectName(u), Session: x.r.session}
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			under.Fields = append(under.Fields, rt.Field{Name: f.Name(), Embedded: f.Embedded(), Type: x.desc(f.Type())})
		}
	case *types.Slice:
		under = &rt.Type{Kind: rt.Slice, Name: reflectName(u), Session: x.r.session, Elem: x.desc(u.Elem())}
	case *types.Array:
		under = &rt.Type{Kind: rt.Array, Name: reflectName(u), Session: x.r.session, Elem: x.desc(u.Elem())}
	case *types.Map:
		under = &rt.Type{Kind: rt.Map, Name: reflectName(u), Session: x.r.session, Key: x.desc(u.Key()), Elem: x.desc(u.Elem())}
	default:
		return
	}
	rt.RegisterGeneric(&rt.Type{Kind: rt.Named, Name: reflectName(named), Session: x.r.session, Elem: under})
}

// noMethods reports whether the method sets of a registration hold no function.
func noMethods(sets [2][5]string) bool {
	for _, set := range sets {
		for _, f := range set {
			if f != "nil" {
				return false
			}
		}
	}
	return true
}

// hasTypeParam reports whether a named type's arguments mention a type parameter.
func hasTypeParam(n *types.Named) bool {
	found := false
	var walk func(t types.Type)
	walk = func(t types.Type) {
		if found || t == nil {
			return
		}
		switch t := t.(type) {
		case *types.TypeParam:
			found = true
		case *types.Named:
			for i := 0; i < t.TypeArgs().Len(); i++ {
				walk(t.TypeArgs().At(i))
			}
		default:
			typewalk.Components(t, walk)
		}
	}
	walk(n)
	return found
}

// isIsMethod reports whether a method has the signature func(error) bool.
func isIsMethod(obj types.Object) bool {
	sig, ok := obj.Type().(*types.Signature)
	if !ok || sig.Params().Len() != 1 || sig.Results().Len() != 1 || sig.Variadic() {
		return false
	}
	b, ok := sig.Results().At(0).Type().(*types.Basic)
	return ok && b.Kind() == types.Bool && types.Identical(sig.Params().At(0).Type(), errorType)
}

// isNiladic reports whether a method takes no arguments and returns one value of the
// type written result (string, error or []error).
func isNiladic(obj types.Object, result string) bool {
	sig, ok := obj.Type().(*types.Signature)
	if !ok || sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return false
	}
	return types.TypeString(sig.Results().At(0).Type(), nil) == result
}

// genericInstances lists the instances of the session's generic types (none mentioning a
// type parameter) that the cell's expressions have, or hold in their elements, keys and
// fields ([]Pair[int, string] holds Pair[int, string]), sorted by name. Computed once per
// cell.
func (x *cell) genericInstances() []*types.Named {
	if x.instances != nil {
		return *x.instances
	}
	instances := []*types.Named{}
	seenType := map[types.Type]bool{}
	var collect func(t types.Type)
	collect = func(t types.Type) {
		if t == nil || seenType[t] {
			return
		}
		seenType[t] = true
		switch t := t.(type) {
		case *types.Pointer:
			collect(t.Elem())
		case *types.Slice:
			collect(t.Elem())
		case *types.Array:
			collect(t.Elem())
		case *types.Chan:
			collect(t.Elem())
		case *types.Map:
			collect(t.Key())
			collect(t.Elem())
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				collect(t.Field(i).Type())
			}
		case *types.Named:
			if !isSessionPkg(t.Obj().Pkg()) || types.IsInterface(t) {
				return
			}
			if t.TypeArgs().Len() > 0 && !hasTypeParam(t) {
				instances = append(instances, t)
			}
			collect(t.Underlying())
		}
	}
	for _, tv := range x.info.Types {
		collect(tv.Type)
	}
	x.instancesOfGenerics(func() []*types.Named { return instances }, collect)
	sort.Slice(instances, func(i, j int) bool { return reflectName(instances[i]) < reflectName(instances[j]) })
	x.instances = &instances
	return instances
}

// deferredErrorRegistration is the call registering, for the named type (written ts),
// the function literals that call its Error method on a value and on a pointer, for a
// deferred call of Error through a boxed error (rt.RegisterDeferred, yaegi patch 266):
// each is `func(_pb_recv T) string { return _pb_recv.Error() }`, a literal that hands a
// deferred call's frame on to the method (yaegi's isRecoverForwarder). "" when neither
// receiver has an Error method.
func (x *cell) deferredErrorRegistration(named *types.Named, ts string) string {
	fs := [2]string{"nil", "nil"}
	found := false
	for i, recv := range []types.Type{named, types.NewPointer(named)} {
		sel := types.NewMethodSet(recv).Lookup(nil, "Error")
		if sel == nil || !isNiladic(sel.Obj(), "string") {
			continue
		}
		recvType := ts
		if i == 1 {
			recvType = "*" + ts
		}
		fs[i] = fmt.Sprintf("func(_pb_recv %s) string { return _pb_recv.Error() }", recvType)
		found = true
	}
	if !found {
		return ""
	}
	return fmt.Sprintf("_pb_register_deferred(%q, %q, %s, %s)", x.r.session, reflectName(named), fs[0], fs[1])
}
