package rewrite

import (
	"go/ast"
	"go/types"
	"strconv"
)

// Instances that only generic code makes. `func show[T any](v T) { fmt.Println(H[T]{v})
// }` called with an int8 makes H[int8], which no expression of the cell has as its type:
// the printer, handed a value of it, found no String method registered for it and printed
// its fields. The instantiations of the cell's generic functions (and the methods of the
// instances of its generic types) are followed, their bodies' types written with the type
// arguments, so that genericInstances lists those instances too. Only generic functions
// declared in the cell are followed (one declared by an earlier cell has no body here).

// maxGenericWork bounds the instantiations followed (Go refuses an instantiation cycle;
// the bound keeps a long chain from costing the cell's rewrite much).
const maxGenericWork = 500

// genericWork is a generic function or method's declaration to follow with type
// arguments.
type genericWork struct {
	decl   *ast.FuncDecl
	params *types.TypeParamList
	args   []types.Type
}

// instancesOfGenerics calls collect with each type of the bodies of the cell's generic
// functions instantiated (from a concrete instantiation of the cell, and through the
// calls of those bodies), written with its type arguments, and with the methods of every
// instance found (methods of the instances in known, and those collect adds to it, are
// followed).
func (x *cell) instancesOfGenerics(known func() []*types.Named, collect func(types.Type)) {
	decls := map[*types.Func]*ast.FuncDecl{}
	methods := map[*types.TypeName][]*ast.FuncDecl{}
	for _, root := range x.roots {
		ast.Inspect(root, func(n ast.Node) bool {
			fd, ok := n.(*ast.FuncDecl)
			if !ok {
				return true
			}
			if f, ok := x.info.Defs[fd.Name].(*types.Func); ok && fd.Body != nil {
				sig := f.Type().(*types.Signature)
				switch {
				case sig.TypeParams().Len() > 0:
					decls[f] = fd
				case sig.RecvTypeParams().Len() > 0:
					if n, ok := derefNamed(sig.Recv().Type()); ok {
						methods[n.Obj()] = append(methods[n.Obj()], fd)
					}
				}
			}
			return false
		})
	}
	if len(decls) == 0 && len(methods) == 0 {
		return
	}
	var queue []genericWork
	seen := map[string]bool{}
	add := func(fd *ast.FuncDecl, params *types.TypeParamList, args []types.Type) {
		if params == nil || params.Len() != len(args) || len(seen) >= maxGenericWork {
			return
		}
		k := fd.Name.Name + "@" + strconv.Itoa(int(fd.Pos()))
		for _, a := range args {
			if a == nil || holdsTypeParam(a, 0) {
				return
			}
			k += "," + types.TypeString(a, nil)
		}
		if !seen[k] {
			seen[k] = true
			queue = append(queue, genericWork{fd, params, args})
		}
	}
	addMethods := func(n *types.Named) {
		for _, fd := range methods[n.Origin().Obj()] {
			f, ok := x.info.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			var args []types.Type
			for i := 0; i < n.TypeArgs().Len(); i++ {
				args = append(args, n.TypeArgs().At(i))
			}
			add(fd, f.Type().(*types.Signature).RecvTypeParams(), args)
		}
	}
	addCall := func(id *ast.Ident, inst types.Instance, subst func(types.Type) types.Type) {
		f, ok := x.info.Uses[id].(*types.Func)
		if !ok {
			return
		}
		fd := decls[f.Origin()]
		if fd == nil {
			return
		}
		var args []types.Type
		for i := 0; i < inst.TypeArgs.Len(); i++ {
			args = append(args, subst(inst.TypeArgs.At(i)))
		}
		add(fd, f.Origin().Type().(*types.Signature).TypeParams(), args)
	}
	done := 0
	followKnown := func() {
		list := known()
		for ; done < len(list); done++ {
			addMethods(list[done])
		}
	}
	none := func(t types.Type) types.Type { return t }
	for id, inst := range x.info.Instances {
		addCall(id, inst, none)
	}
	followKnown()
	for len(queue) > 0 {
		w := queue[0]
		queue = queue[1:]
		subst := func(t types.Type) types.Type { return substitute(t, w.params, w.args, 0) }
		ast.Inspect(w.decl, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if inst, ok := x.info.Instances[id]; ok {
					addCall(id, inst, subst)
				}
				if obj, ok := x.info.Defs[id].(*types.Var); ok {
					collect(subst(obj.Type())) // a variable declared H[T]
				}
			}
			if e, ok := n.(ast.Expr); ok {
				if tv, ok := x.info.Types[e]; ok && tv.Type != nil {
					collect(subst(tv.Type))
				}
			}
			return true
		})
		followKnown()
	}
}

// derefNamed returns the named type t is, or points to.
func derefNamed(t types.Type) (*types.Named, bool) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return n, ok
}

// substitute writes t with the type parameters params replaced by args; nil where it
// cannot (a struct, function or interface type made of type parameters, an instance
// the checker refuses).
func substitute(t types.Type, params *types.TypeParamList, args []types.Type, depth int) types.Type {
	if t == nil || depth > 16 {
		return nil
	}
	if !holdsTypeParam(t, 0) {
		return t
	}
	sub := func(t types.Type) types.Type { return substitute(t, params, args, depth+1) }
	switch u := types.Unalias(t).(type) {
	case *types.TypeParam:
		for i := 0; i < params.Len(); i++ {
			if params.At(i) == u {
				return args[i]
			}
		}
		return nil
	case *types.Named:
		if u.TypeArgs().Len() == 0 {
			return nil
		}
		var targs []types.Type
		for i := 0; i < u.TypeArgs().Len(); i++ {
			a := sub(u.TypeArgs().At(i))
			if a == nil {
				return nil
			}
			targs = append(targs, a)
		}
		inst, err := types.Instantiate(nil, u.Origin(), targs, true)
		if err != nil {
			return nil
		}
		return inst
	case *types.Pointer:
		if e := sub(u.Elem()); e != nil {
			return types.NewPointer(e)
		}
	case *types.Slice:
		if e := sub(u.Elem()); e != nil {
			return types.NewSlice(e)
		}
	case *types.Array:
		if e := sub(u.Elem()); e != nil {
			return types.NewArray(e, u.Len())
		}
	case *types.Map:
		k, e := sub(u.Key()), sub(u.Elem())
		if k != nil && e != nil {
			return types.NewMap(k, e)
		}
	case *types.Chan:
		if e := sub(u.Elem()); e != nil {
			return types.NewChan(u.Dir(), e)
		}
	}
	return nil
}
